import { NEWEST_FIRST, OPERATIONS, Recording } from 'screenrec';
import * as z from 'zod';
import { FindFilter, continueWith, decodeCursor, encodeCursor, type FindPosition } from './cursor';
import { describeRecording } from './describe';
import { Cursor, Limit } from './schemas';
import { TOOL_ICONS } from '../icons';
import { fromOperation } from './catalogue';
import { defineTool } from './tool';

const operation = OPERATIONS.findRecordings;

/**
 * Irregular: one call answers one page, and a cursor carries the search to the next; the filters are the catalogue's
 * but for the external reference (see FindFilter), so the description is MCP's own.
 */
export const findRecordings = defineTool({
  ...fromOperation(operation),
  // Replaces the catalogue's: see above.
  description:
    "List the workspace's recordings, newest first, optionally filtered by status, direction, tags, creation date, IDs or " +
    'the user who made them. Returns at most `limit` recordings (default 20) and, when there are more, a nextCursor: call ' +
    'again with that cursor (and the same filters) for the next page. To see whether a requested recording is done, ' +
    'filter statuses ["COMPLETED"].',
  serviceInterface: 'rest',
  input: FindFilter.extend({ limit: Limit, cursor: Cursor.optional() }),
  output: z.object({
    recordings: z.array(Recording).describe('This page, newest first.'),
    total: z.number().int().min(0).describe('How many recordings match the filters in all.'),
    nextCursor: z.string().optional().describe('Pass as cursor for the next page; absent on the last page.'),
  }),
  icons: TOOL_ICONS.find,
  async run({ limit, cursor, ...filters }, call, connections) {
    const filter: FindFilter = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
    const position: FindPosition = cursor === undefined ? { filter, first: 0 } : continueWith(decodeCursor(cursor), filter);
    const page = await connections
      .rest()
      .listRecordings({ ...position.filter, first: position.first, pageSize: limit, ...NEWEST_FIRST }, call);
    const recordings = page.content.filter((recording) => isOlderThan(recording, position.last));
    const first = position.first + page.content.length;
    const lastOnPage = page.content.at(-1);
    const more = page.content.length > 0 && first < page.totalElements;
    const next: FindPosition = { filter: position.filter, first };
    if (lastOnPage?.createdDate !== undefined) next.last = { id: lastOnPage.id, createdDate: lastOnPage.createdDate };
    const nextCursor = more ? encodeCursor(next) : undefined;
    return {
      structured: { recordings, total: page.totalElements, ...(nextCursor === undefined ? {} : { nextCursor }) },
      text: summary(recordings, page.totalElements, position.first, nextCursor),
    };
  },
});

/** Skips what an earlier page already returned (pushed down the list by newer recordings). */
function isOlderThan(recording: Recording, last: FindPosition['last']): boolean {
  if (last === undefined || recording.createdDate === undefined) return true;
  if (recording.id === last.id) return false;
  const [created, lastCreated] = [Date.parse(recording.createdDate), Date.parse(last.createdDate)];
  // A date that does not parse cannot be compared: keep the recording rather than hide it.
  return Number.isNaN(created) || Number.isNaN(lastCreated) || created <= lastCreated;
}

function summary(recordings: Recording[], total: number, offset: number, nextCursor: string | undefined): string {
  if (recordings.length === 0) return total === 0 ? 'No recordings match.' : `No more recordings: all ${total} matching were listed.`;
  const lines = recordings.map((recording) => `- ${describeRecording(recording)}`);
  const after = offset === 0 ? '' : ` after the first ${offset}`;
  const more = nextCursor === undefined ? '' : `\nMore: call find_recordings again with cursor "${nextCursor}" and the same filters.`;
  return `${total} recording(s) match, newest first; ${recordings.length} here${after}:\n${lines.join('\n')}${more}`;
}
