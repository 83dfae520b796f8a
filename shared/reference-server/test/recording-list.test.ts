// The list call's SQL (recording-list.ts, over the recordings and recording_tags tables) must page exactly like a
// plain filter over the workspace's recordings in creation order, whatever was created, moved forward, retagged or
// deleted before, and tag search must find exactly the tags a plain scan finds.
import { ListRecordingsRequest, RECORDING_DIRECTIONS, RECORDING_STATUSES } from 'screenrec';
import fc from 'fast-check';
import type { Recording } from '../src/model';
import type { RecordingQuery } from '../src/store/recording-list';
import { Store } from '../src/store/store';

const TAGS = ['a', 'b', 'c', 'd', 'Abc', 'xABCy'];
const DAY_MS = 24 * 60 * 60 * 1000;

type Step =
  | { kind: 'create'; direction: (typeof RECORDING_DIRECTIONS)[number]; tags: string[] }
  | { kind: 'status'; pick: number; status: (typeof RECORDING_STATUSES)[number] }
  | { kind: 'retag'; pick: number; tags: string[] }
  | { kind: 'delete'; pick: number };

/** What the store's list page holds (the parts this test compares). */
interface PageJson {
  content: Array<{ id: string; url: string }>;
  totalElements: number;
  totalPages: number;
}

const tags = fc.subarray(TAGS);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), direction: fc.constantFrom(...RECORDING_DIRECTIONS), tags }), weight: 4 },
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom(...RECORDING_STATUSES) }),
  fc.record({ kind: fc.constant('retag' as const), pick: fc.nat(), tags }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
const query = fc.record(
  {
    statuses: fc.subarray([...RECORDING_STATUSES]),
    directions: fc.subarray([...RECORDING_DIRECTIONS]),
    tags: fc.subarray([...TAGS, 'never-used']),
    pickIds: fc.array(fc.nat(), { maxLength: 4 }),
    first: fc.nat({ max: 12 }),
    pageSize: fc.integer({ min: 1, max: 7 }),
    sortOrder: fc.constantFrom('Ascending', 'Descending'),
    dated: fc.boolean(),
  },
  { requiredKeys: ['first', 'pageSize', 'sortOrder', 'dated'] },
);

/** The meaning of a list call, spelled out: filter in creation order, then page. */
function naive(recordings: readonly Recording[], q: RecordingQuery): { ids: string[]; totalElements: number } {
  const from = q.createdDateFrom === undefined ? -Infinity : Date.parse(q.createdDateFrom);
  const until = q.createdDateTo === undefined ? Infinity : Date.parse(q.createdDateTo) + DAY_MS;
  const some = <T>(values: T[] | undefined, test: (value: T) => boolean) =>
    values === undefined || values.length === 0 || values.some(test);
  const matching = recordings.filter(
    (recording) =>
      recording.createdMs >= from &&
      recording.createdMs < until &&
      some(q.ids, (id) => id === recording.id) &&
      some(q.statuses, (status) => status === recording.status) &&
      some(q.directions, (direction) => direction === recording.direction) &&
      some(q.tags, (tag) => recording.tags.includes(tag)),
  );
  const ordered = q.sortOrder === 'Descending' ? [...matching].reverse() : matching;
  const first = q.first ?? 0;
  return { ids: ordered.slice(first, first + (q.pageSize ?? 10)).map((recording) => recording.id), totalElements: matching.length };
}

test('a filtered page from SQL equals the plain filter, and tag search a plain scan, after any history of changes', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 40 }), query, (steps, { pickIds, dated, ...filters }) => {
      const store = Store.open();
      const workspace = store.addWorkspace('w');
      const other = store.addWorkspace('other');
      store.addRecording({ workspaceId: other.id, direction: 'REQUEST', tags: ['a'] });
      let clock = Date.parse('2026-01-01T00:00:00Z');
      const now = jest.spyOn(Date, 'now').mockImplementation(() => clock);
      // The workspace's recordings in creation order, as the plain filter sees them.
      let recordings: Recording[] = [];
      try {
        for (const change of steps) {
          const picked = recordings[change.kind === 'create' ? 0 : change.pick % Math.max(1, recordings.length)];
          if (change.kind === 'create') {
            clock += 12 * 60 * 60 * 1000;
            recordings.push(store.addRecording({ workspaceId: workspace.id, direction: change.direction, tags: change.tags }));
          } else if (picked === undefined) continue;
          else if (change.kind === 'status') store.setStatus(picked, change.status);
          else if (change.kind === 'retag') store.updateRecording(picked, { tags: change.tags });
          else {
            store.deleteRecording(picked);
            recordings = recordings.filter((recording) => recording !== picked);
          }
        }
      } finally {
        now.mockRestore();
      }
      const ids = (pickIds ?? []).map(
        (pick) => recordings[pick % Math.max(1, recordings.length)]?.id ?? '00000000-0000-4000-8000-000000000000',
      );
      const dates = dated ? { createdDateFrom: '2026-01-02T00:00:00Z', createdDateTo: '2026-01-05T00:00:00Z' } : {};
      const q = ListRecordingsRequest.parse({ ...filters, ...dates, ...(ids.length > 0 ? { ids } : {}) });
      const page = JSON.parse(Buffer.from(store.listPage(workspace.id, q, '"https://x.test/r/')).toString()) as PageJson;
      const expected = naive(recordings, q);
      expect({ ids: page.content.map(({ id }) => id), totalElements: page.totalElements }).toEqual(expected);
      expect(page.content.map(({ url }) => url)).toEqual(expected.ids.map((id) => `https://x.test/r/${id}`));
      expect(page.totalPages).toBe(Math.ceil(expected.totalElements / (q.pageSize ?? 10)));
      expect(store.recordingCount(workspace.id)).toBe(recordings.length);
      for (const typed of ['a', 'ab', 'ABC', 'bc', 'xab', 'zzz']) {
        const everyTag = [...new Set(recordings.flatMap((recording) => recording.tags))];
        expect([typed, store.searchTags(workspace.id, typed)]).toEqual([
          typed,
          everyTag.filter((tag) => tag.toLowerCase().includes(typed.toLowerCase())).sort(),
        ]);
      }
      store.close();
    }),
    { numRuns: 300 },
  );
});
