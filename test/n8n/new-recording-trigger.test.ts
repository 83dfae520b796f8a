import nock from 'nock';
import { OVERLAP_MS, STATUS_LOOKBACK_MS } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecNewRecordingTrigger/new-recordings';
import { CREDENTIAL, pollingTrigger } from './harness';
import { failureOf, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const recording = (n: number, createdDate: string, overrides: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  status: 'NEW',
  tags: [],
  createdDate,
  ...overrides,
});
const page = (content: object[]) => ({ content, totalElements: content.length, totalPages: content.length === 0 ? 0 : 1 });
type ListBody = {
  createdDateFrom?: string;
  statuses?: string[];
  directions?: string[];
  tags?: string[];
  sortField?: string;
  sortOrder?: string;
};
/** One list call; records the body the trigger sent. */
function listAnswers(content: object[], bodies: ListBody[] = []) {
  restScope()
    .post(restPath('/recordings/list'), (body: ListBody) => {
      bodies.push(body);
      return true;
    })
    .reply(200, page(content));
  return bodies;
}

afterEach(() => jest.useRealTimers());
const at = (iso: string) =>
  jest.useFakeTimers({
    now: Date.parse(iso),
    doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask'],
  });

describe('ScreenRec New Recording Trigger (polling)', () => {
  it('first poll learns what exists and reports nothing; later polls report each new recording once, oldest first', async () => {
    const trigger = pollingTrigger({ filters: { directions: ['REQUEST'], tags: 'support, n8n' } });
    at('2026-11-21T10:00:00Z');
    const first = listAnswers([recording(1, '2026-11-21T09:58:00Z')]);
    expect(await trigger.poll()).toBeNull();
    expect(first[0]).toEqual({
      directions: ['REQUEST'],
      tags: ['support', 'n8n'],
      createdDateFrom: new Date(Date.parse('2026-11-21T10:00:00Z') - OVERLAP_MS).toISOString(),
      sortField: 'createdDate',
      sortOrder: 'Descending',
      first: 0,
      pageSize: 100,
    });

    at('2026-11-21T10:01:00Z');
    listAnswers([recording(3, '2026-11-21T10:00:40Z'), recording(2, '2026-11-21T10:00:20Z'), recording(1, '2026-11-21T09:58:00Z')]);
    const second = await trigger.poll();
    expect(second?.[0]?.map((item) => item.json.id)).toEqual([recording(2, '').id, recording(3, '').id]);

    at('2026-11-21T10:02:00Z');
    const third = listAnswers([recording(3, '2026-11-21T10:00:40Z'), recording(2, '2026-11-21T10:00:20Z')]);
    expect(await trigger.poll()).toBeNull();
    expect(third[0]?.createdDateFrom).toBe(new Date(Date.parse('2026-11-21T10:01:00Z') - OVERLAP_MS).toISOString());
    expect(Object.keys(trigger.staticData()?.seen as object).sort()).toEqual([1, 2, 3].map((n) => recording(n, '').id));
  });

  it('with a status filter, looks back 24 hours so a recording that completes later is reported when it does', async () => {
    const trigger = pollingTrigger({ filters: { statuses: ['COMPLETED'] } });
    at('2026-11-21T10:00:00Z');
    listAnswers([]);
    expect(await trigger.poll()).toBeNull();
    at('2026-11-22T09:00:00Z');
    const bodies = listAnswers([recording(5, '2026-11-21T10:30:00Z', { status: 'COMPLETED' })]);
    const output = await trigger.poll();
    expect(output?.[0]?.map((item) => item.json.status)).toEqual(['COMPLETED']);
    expect(bodies[0]).toMatchObject({
      statuses: ['COMPLETED'],
      createdDateFrom: new Date(
        Math.max(Date.parse('2026-11-21T10:00:00Z') - OVERLAP_MS, Date.parse('2026-11-22T09:00:00Z') - STATUS_LOOKBACK_MS),
      ).toISOString(),
    });
  });

  it('"Fetch Test Event" gives the newest matching recording and leaves the static data alone', async () => {
    const trigger = pollingTrigger();
    restScope()
      .post(restPath('/recordings/list'), { sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 1 })
      .reply(200, page([recording(9, '2026-11-21T10:00:00Z')]));
    expect(await trigger.poll('manual')).toEqual([[{ json: recording(9, '2026-11-21T10:00:00Z') }]]);
    expect(trigger.staticData() ?? {}).toEqual({});
  });

  it('names the API Key when the credential has none', async () => {
    const trigger = pollingTrigger({}, { ...CREDENTIAL, apiKey: '' });
    const error = await failureOf(() => trigger.poll());
    expect(error.message).toBe('The ScreenRec New Recording Trigger needs the API Key, which the ScreenRec credential leaves empty.');
    expect(nock.pendingMocks()).toEqual([]);
  });
});
