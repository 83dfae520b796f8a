import type { Recording } from './model';
import type { RecordingAnswer } from './wire';

/** What a recording's view is made of that can change after creation, and the JSON text it gave. */
interface Cached {
  status: Recording['status'];
  tags: Recording['tags'];
  notifications: Recording['notifications'];
  comment: string;
  externalReference: string | undefined;
  pageBase: string;
  json: Buffer;
}

/**
 * The JSON of recording views, as UTF-8 bytes, kept per recording and made again only when something the view shows
 * has changed. Serializing a 100-item list page was most of its CPU time (benchmark #2); a page is now the kept
 * bytes copied together, which also spares measuring and encoding 30 kB of text on every answer. The store never
 * changes a recording's arrays in place (it assigns new ones: its indexes depend on that too), so comparing them by
 * identity is enough; id, direction, createdDate and userId never change.
 */
export class ViewJson {
  private readonly cache = new WeakMap<Recording, Cached>();

  constructor(private readonly view: (recording: Recording) => RecordingAnswer) {}

  /** JSON.stringify(view(recording)) in UTF-8, from the cache when `pageBase` (the links' base) and the recording are unchanged. */
  of(recording: Recording, pageBase: string): Buffer {
    const cached = this.cache.get(recording);
    if (
      cached !== undefined &&
      cached.status === recording.status &&
      cached.tags === recording.tags &&
      cached.notifications === recording.notifications &&
      cached.comment === recording.comment &&
      cached.externalReference === recording.externalReference &&
      cached.pageBase === pageBase
    ) {
      return cached.json;
    }
    const json = Buffer.from(JSON.stringify(this.view(recording)));
    const { status, tags, notifications, comment, externalReference } = recording;
    this.cache.set(recording, { status, tags, notifications, comment, externalReference, pageBase, json });
    return json;
  }
}

const PAGE_HEAD = Buffer.from('{"content":[');
const COMMA = Buffer.from(',');

/** A list page's JSON, byte for byte JSON.stringify({content, totalElements, totalPages}) of the same views. */
export function pageJson(views: readonly Buffer[], totalElements: number, totalPages: number): Buffer {
  const parts: Buffer[] = [PAGE_HEAD];
  for (const view of views) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(view);
  }
  parts.push(Buffer.from(`],"totalElements":${totalElements},"totalPages":${totalPages}}`));
  return Buffer.concat(parts);
}
