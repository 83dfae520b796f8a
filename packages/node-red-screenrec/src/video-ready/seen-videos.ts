/**
 * The videos a Video Ready node has already sent on, so that a notification ScreenRec delivers again (it resends an
 * answer it did not get in time) sends nothing a second time. Kept per node ID, so a redeploy that restarts the node
 * keeps it; forgotten when the node is removed. Bounded: the newest SEEN_VIDEOS_LIMIT videos per node (repeats come
 * within minutes).
 */
export const SEEN_VIDEOS_LIMIT = 10_000;

const byNode = new Map<string, SeenVideos>();

export class SeenVideos {
  private readonly keys = new Set<string>();

  static of(nodeId: string): SeenVideos {
    let seen = byNode.get(nodeId);
    if (seen === undefined) byNode.set(nodeId, (seen = new SeenVideos()));
    return seen;
  }

  static forget(nodeId: string): void {
    byNode.delete(nodeId);
  }

  /** Whether a video (core's videoKey) was seen before, recording nothing. */
  has(videoKey: string): boolean {
    return this.keys.has(videoKey);
  }

  /** True the first time a video (core's videoKey) is seen, false on every later delivery of it; records it. */
  first(videoKey: string): boolean {
    if (this.keys.has(videoKey)) return false;
    this.keys.add(videoKey);
    // A Set iterates in insertion order: the first value is the oldest.
    if (this.keys.size > SEEN_VIDEOS_LIMIT) this.keys.delete(this.keys.values().next().value as string);
    return true;
  }
}
