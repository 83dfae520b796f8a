import { invalidInputMessage } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import { REST_ENV, callTool, connectEachTest, restPath, restScope, textOf } from './harness';

useNock();

const connected = connectEachTest(REST_ENV);

const find = (args: Record<string, unknown> = {}) => callTool(connected.client, 'find_recordings', args);

/** Recording n of a workspace, created n minutes after 09:00 (so a higher n is newer). */
const made = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  status: 'COMPLETED',
  tags: [],
  createdDate: `2026-11-21T${String(9 + Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00.000Z`,
});
const newestFirst = (from: number, count: number) => Array.from({ length: count }, (_, i) => made(from - i));
const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' };

describe('find_recordings', () => {
  it('asks for the newest 20 by default and hands back a cursor for the next page', async () => {
    restScope()
      .post(restPath('/recordings/list'), { first: 0, pageSize: 20, ...NEWEST_FIRST })
      .reply(200, { content: newestFirst(45, 20), totalElements: 45, totalPages: 3 });
    const result = await find();
    const structured = result.structuredContent as { recordings: Array<{ id: string }>; total: number; nextCursor: string };
    expect(structured.recordings.map((r) => r.id)).toEqual(newestFirst(45, 20).map((r) => r.id));
    expect(structured.total).toBe(45);
    expect(structured.nextCursor).toEqual(expect.any(String));
    const text = textOf(result);
    expect(text.split('\n')[0]).toBe('45 recording(s) match, newest first; 20 here:');
    expect(text.split('\n')[1]).toBe('- 00000000-0000-4000-8000-000000000045: COMPLETED, created 2026-11-21T09:45:00.000Z, no tags');
    expect(text.split('\n').at(-1)).toBe(`More: call find_recordings again with cursor "${structured.nextCursor}" and the same filters.`);
  });

  it('sends every filter, continues from the cursor with them, and ends without a cursor on the last page', async () => {
    const filters = {
      statuses: ['COMPLETED'],
      directions: ['REQUEST'],
      tags: ['support'],
      createdDateFrom: '2026-11-01',
      createdDateTo: '2026-11-30',
    };
    restScope()
      .post(restPath('/recordings/list'), { ...filters, first: 0, pageSize: 2, ...NEWEST_FIRST })
      .reply(200, { content: newestFirst(3, 2), totalElements: 3, totalPages: 2 });
    const first = await find({ ...filters, limit: 2 });
    const { nextCursor } = first.structuredContent as { nextCursor: string };

    restScope()
      .post(restPath('/recordings/list'), { ...filters, first: 2, pageSize: 2, ...NEWEST_FIRST })
      .reply(200, { content: newestFirst(1, 1), totalElements: 3, totalPages: 2 });
    // The cursor alone continues the same search.
    const second = await find({ cursor: nextCursor, limit: 2 });
    expect(second.structuredContent).toEqual({ recordings: [made(1)], total: 3 });
    expect(textOf(second)).toBe(
      '3 recording(s) match, newest first; 1 here after the first 2:\n- 00000000-0000-4000-8000-000000000001: COMPLETED, created 2026-11-21T09:01:00.000Z, no tags',
    );
  });

  it('does not repeat a recording that newer ones pushed onto the next page', async () => {
    restScope()
      .post(restPath('/recordings/list'), { first: 0, pageSize: 2, ...NEWEST_FIRST })
      .reply(200, { content: newestFirst(10, 2), totalElements: 10, totalPages: 5 });
    const { nextCursor } = (await find({ limit: 2 })).structuredContent as { nextCursor: string };
    // Meanwhile recording 11 was created: the list shifted by one, so offset 2 now starts with 9 (already returned).
    restScope()
      .post(restPath('/recordings/list'), { first: 2, pageSize: 2, ...NEWEST_FIRST })
      .reply(200, { content: newestFirst(9, 2), totalElements: 11, totalPages: 6 });
    const second = await find({ cursor: nextCursor, limit: 2 });
    expect((second.structuredContent as { recordings: Array<{ id: string }> }).recordings.map((r) => r.id)).toEqual([made(8).id]);
  });

  it('says so when nothing matches', async () => {
    restScope()
      .post(restPath('/recordings/list'), { statuses: ['NEW'], first: 0, pageSize: 20, ...NEWEST_FIRST })
      .reply(200, { content: [], totalElements: 0, totalPages: 0 });
    const result = await find({ statuses: ['NEW'] });
    expect(result.structuredContent).toEqual({ recordings: [], total: 0 });
    expect(textOf(result)).toBe('No recordings match.');
  });

  it('refuses a limit over 100 and a cursor of another search, sending nothing', async () => {
    const over = await find({ limit: 101 });
    expect(over).toEqual({ content: [{ type: 'text', text: invalidInputMessage('`limit`: must be at most 100') }], isError: true });

    restScope()
      .post(restPath('/recordings/list'), { tags: ['a'], first: 0, pageSize: 1, ...NEWEST_FIRST })
      .reply(200, { content: newestFirst(5, 1), totalElements: 5, totalPages: 5 });
    const { nextCursor } = (await find({ tags: ['a'], limit: 1 })).structuredContent as { nextCursor: string };
    const mixed = await find({ tags: ['b'], cursor: nextCursor });
    expect(mixed).toEqual({
      content: [
        {
          type: 'text',
          text: invalidInputMessage(
            '`cursor`: belongs to a search with other filters: repeat the filters of the call that returned it, or leave cursor out to start a new search',
          ),
        },
      ],
      isError: true,
    });
    const garbage = await find({ cursor: 'not-a-cursor' });
    expect(textOf(garbage)).toBe(
      invalidInputMessage(
        '`cursor`: is not a cursor from find_recordings: pass nextCursor exactly as it was returned, or leave cursor out to start from the newest',
      ),
    );
  });
});
