import type { Recording } from './model';

/**
 * The filters of the list call as posting lists, one workspace's worth: every recording gets a sequence number
 * in creation order, and each status, direction, tag and user lists the numbers of its recordings, ascending.
 * A filtered page then intersects a few integer lists instead of visiting every recording, so its cost follows
 * the number of matches, not the size of the store (the 100k-recordings benchmark, #4).
 */
export class RecordingIndex {
  readonly statuses = new PostingLists();
  readonly directions = new PostingLists();
  readonly tags = new PostingLists();
  readonly users = new PostingLists();
  /** By sequence number (dense: a plain array costs less than a Map on every creation); a removed one leaves a hole. */
  private readonly recordingsBySeq: Array<Recording | undefined> = [];
  private readonly seqsById = new Map<string, number>();
  private nextSeq = 0;

  add(recording: Recording): void {
    const seq = this.nextSeq++;
    this.recordingsBySeq[seq] = recording;
    this.seqsById.set(recording.id, seq);
    this.statuses.add(recording.status, seq);
    this.directions.add(recording.direction, seq);
    this.users.add(recording.userId, seq);
    for (const tag of recording.tags) this.tags.add(tag, seq);
  }

  remove(recording: Recording): void {
    const seq = this.seqsById.get(recording.id);
    if (seq === undefined) return;
    this.recordingsBySeq[seq] = undefined;
    this.seqsById.delete(recording.id);
    this.statuses.remove(recording.status, seq);
    this.directions.remove(recording.direction, seq);
    this.users.remove(recording.userId, seq);
    for (const tag of recording.tags) this.tags.remove(tag, seq);
  }

  /** Call before the recording's status changes. */
  moveStatus(recording: Recording, status: string): void {
    const seq = this.seqOf(recording);
    this.statuses.remove(recording.status, seq);
    this.statuses.add(status, seq);
  }

  /** Call before the recording's tags change. */
  replaceTags(recording: Recording, tags: readonly string[]): void {
    const seq = this.seqOf(recording);
    for (const tag of recording.tags) this.tags.remove(tag, seq);
    for (const tag of tags) this.tags.add(tag, seq);
  }

  /** The sequence number of a recording of this workspace, or undefined. */
  seqOfId(id: string): number | undefined {
    return this.seqsById.get(id);
  }

  seqOf(recording: Recording): number {
    const seq = this.seqsById.get(recording.id);
    if (seq === undefined) throw new Error(`recording ${recording.id} is not indexed`);
    return seq;
  }

  recordingAt(seq: number): Recording {
    const recording = this.recordingsBySeq[seq];
    if (recording === undefined) throw new Error(`no recording at ${seq}`);
    return recording;
  }
}

export class PostingLists {
  private readonly lists = new Map<string, number[]>();

  get(key: string): readonly number[] {
    return this.lists.get(key) ?? [];
  }

  add(key: string, seq: number): void {
    let list = this.lists.get(key);
    if (list === undefined) this.lists.set(key, (list = []));
    // New recordings come last; a status or tag change lands in the middle.
    if (list.length === 0 || list[list.length - 1]! < seq) list.push(seq);
    else list.splice(lowerBound(list, seq), 0, seq);
  }

  remove(key: string, seq: number): void {
    const list = this.lists.get(key);
    if (list === undefined) return;
    const index = lowerBound(list, seq);
    if (list[index] === seq) list.splice(index, 1);
    if (list.length === 0) this.lists.delete(key);
  }
}

/** Index of the first element ≥ value in list[from, to), which is ascending. */
export function lowerBound(list: readonly number[], value: number, from = 0, to = list.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The ascending union of ascending lists, without duplicates (a recording may carry several of the tags). */
export function union(lists: ReadonlyArray<readonly number[]>): readonly number[] {
  return lists.reduce<readonly number[]>((merged, list) => (merged.length === 0 ? list : list.length === 0 ? merged : mergeTwo(merged, list)), []);
}

function mergeTwo(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) i++;
    if (y <= x) j++;
    merged.push(Math.min(x, y));
  }
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

/** The ascending intersection of ascending lists: walks the shortest and gallops through the others. */
export function intersection(lists: ReadonlyArray<readonly number[]>): readonly number[] {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  if (shortest === undefined || others.length === 0) return shortest ?? [];
  const positions = others.map(() => 0);
  const result: number[] = [];
  outer: for (const seq of shortest) {
    for (const [which, list] of others.entries()) {
      const position = gallop(list, seq, positions[which]!);
      positions[which] = position;
      if (position === list.length) break outer;
      if (list[position] !== seq) continue outer;
    }
    result.push(seq);
  }
  return result;
}

/** lowerBound at or after `from`, probing 1, 2, 4… elements ahead first: cheap when the answer is near. */
function gallop(list: readonly number[], value: number, from: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < list.length && list[high]! < value) {
    low = high + 1;
    high = low + step;
    step *= 2;
  }
  return lowerBound(list, value, low, Math.min(high, list.length));
}
