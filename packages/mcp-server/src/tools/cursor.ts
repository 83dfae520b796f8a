import { InvalidInputError, OPERATIONS, describeFieldErrors, invalidInputMessage, type InputName } from 'screenrec';
import * as z from 'zod';
import { fromBase64Url, toBase64Url } from '../base64';
import { toolShape } from './catalogue';

type FindInput = (typeof OPERATIONS.findRecordings.inputs)[number];
/** A search by external reference scans the whole list for one match, which a page of the list cannot answer. */
type ListFilterInput = Exclude<FindInput, 'filterReference'>;
const isListFilter = (name: InputName): name is ListFilterInput => name !== 'filterReference';

/**
 * The filters of one find_recordings search: the catalogue's for Find Recordings, each an argument of the tool and
 * a filter of ScreenRec's list call under the same name. A cursor carries them so the next page answers the same search.
 */
export const FindFilter = z.strictObject(toolShape(OPERATIONS.findRecordings.inputs.filter(isListFilter)));
export type FindFilter = z.output<typeof FindFilter>;

/**
 * Where the next page starts: the offset in the newest-first list, and the last recording returned. Recordings
 * created since the first page push older ones down the list; the next page skips what is not older than the
 * last one returned, so a model never sees a recording twice.
 */
export interface FindPosition {
  filter: FindFilter;
  first: number;
  last?: { id: string; createdDate: string };
}

const CursorContent = z.strictObject({
  v: z.literal(1),
  filter: FindFilter,
  first: z.number().int().min(0),
  last: z.strictObject({ id: z.string(), createdDate: z.string() }).optional(),
});

/** Opaque to the model: base64url of a small JSON document. */
export function encodeCursor(position: FindPosition): string {
  return toBase64Url(JSON.stringify({ v: 1, ...position }));
}

export function decodeCursor(cursor: string): FindPosition {
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(cursor));
  } catch {
    json = undefined;
  }
  const parsed = CursorContent.safeParse(json);
  if (!parsed.success) {
    throw cursorError(
      'is not a cursor from find_recordings: pass nextCursor exactly as it was returned, or leave cursor out to start from the newest',
    );
  }
  const { v: _version, ...position } = parsed.data;
  return position;
}

/** A cursor continues the search that made it: other filters with it would mix two searches in one list. */
export function continueWith(position: FindPosition, filter: FindFilter): FindPosition {
  const given = Object.keys(filter).length > 0;
  if (given && canonical(filter) !== canonical(position.filter)) {
    throw cursorError(
      'belongs to a search with other filters: repeat the filters of the call that returned it, or leave cursor out to start a new search',
    );
  }
  return position;
}

function canonical(filter: FindFilter): string {
  const keys = Object.keys(filter).sort() as Array<keyof FindFilter>;
  return JSON.stringify(keys.filter((key) => filter[key] !== undefined).map((key) => [key, filter[key]]));
}

function cursorError(message: string): InvalidInputError {
  const fieldErrors = [{ path: 'cursor', message }];
  return new InvalidInputError(invalidInputMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
}
