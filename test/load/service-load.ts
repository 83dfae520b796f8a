import { expectThat, type Checks } from '../support/checks';
import type { RunningServer } from '../support/reference-server';
import { boundedLoad, expectAllAnswered, figures } from './cannon';

const READ_CONNECTIONS = 200;
/**
 * Enough that one stall of a busy machine, which holds every connection's request at once, stays well under the 1% of
 * requests the p99 is taken over.
 */
const READ_REQUESTS = 30_000;
/**
 * Requests sent first on as many connections and answered as strictly, but not timed: the first requests after start
 * pay for compiling the routes' code (V8's JIT) all at once, a cost of starting, not of load.
 */
const READ_WARM_UP = 2_000;
/** The bound on the REST read's p99 under READ_CONNECTIONS connections: the one verdict that is about speed. */
const READ_P99_LIMIT_MS = 1_000;
const CONCURRENT_CREATES = 2_000;
/** Recordings the read finds on every answer. */
const READ_SEEDED = 10;
const READ_TAG = 'load-read';
/** The service's largest page: the fewest requests to read every recording back. */
const MAX_PAGE_SIZE = 100;

interface ListPage {
  content: Array<{ id: string }>;
  totalElements: number;
}

/** The REST API of the demo workspace, with its API key, called as a client would (one request at a time). */
function restOf(service: RunningServer) {
  const base = `${service.baseUrl}/public/integration/${service.demo.workspaceId}`;
  const headers = { authorization: `Bearer ${service.demo.apiKey}`, 'content-type': 'application/json' };
  const post = async <T>(path: string, body: unknown, status: number): Promise<T> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await response.text();
    if (response.status !== status) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  /** Every recording's id, oldest first, page by page at the largest page size, and the total the service counts. */
  const allIds = async (): Promise<{ ids: string[]; totalElements: number }> => {
    const ids: string[] = [];
    for (;;) {
      const page = await post<ListPage>('/recordings/list', { first: ids.length, pageSize: MAX_PAGE_SIZE, sortOrder: 'Ascending' }, 200);
      ids.push(...page.content.map((recording) => recording.id));
      if (page.content.length === 0 || ids.length >= page.totalElements) return { ids, totalElements: page.totalElements };
    }
  };
  return { base, headers, post, allIds };
}

/**
 * The reference service under load on loopback: READ_CONNECTIONS connections on a REST read, every answer exact and
 * the p99 under READ_P99_LIMIT_MS; then CONCURRENT_CREATES creates at once, each answered 201 and each listed after.
 */
export async function serviceLoadChecks(checks: Checks, service: RunningServer): Promise<void> {
  const rest = restOf(service);

  await checks.check(
    `REST read (the list), ${READ_CONNECTIONS} connections, ${READ_REQUESTS.toLocaleString('en-US')} requests after ${READ_WARM_UP.toLocaleString('en-US')} of warm-up: every one 200 with the same page, p99 under ${READ_P99_LIMIT_MS} ms`,
    async () => {
      for (let i = 0; i < READ_SEEDED; i++) await rest.post('/recordings', { direction: 'REQUEST', tags: [READ_TAG] }, 201);
      let wrong = 0;
      let firstWrong = '';
      const read = {
        url: `${rest.base}/recordings/list`,
        connections: READ_CONNECTIONS,
        requests: [
          {
            method: 'POST' as const,
            headers: rest.headers,
            body: JSON.stringify({ tags: [READ_TAG], pageSize: READ_SEEDED, sortOrder: 'Descending' }),
            onResponse: (status: number, body: string) => {
              if (status === 200 && pageHolds(body, READ_SEEDED)) return;
              wrong++;
              firstWrong ||= `${status}: ${body.slice(0, 300)}`;
            },
          },
        ],
      };
      const expectRightPages = () =>
        expectThat(wrong === 0, `${wrong} answers were not the page of ${READ_SEEDED}, the first: ${firstWrong}`);
      const warmUp = await boundedLoad({ ...read, amount: READ_WARM_UP });
      console.log(`     warm-up, not timed: ${figures(warmUp)}`);
      expectRightPages();
      expectAllAnswered(warmUp, READ_WARM_UP, 200);
      const result = await boundedLoad({ ...read, amount: READ_REQUESTS });
      console.log(`     figures: ${figures(result)}`);
      expectRightPages();
      expectAllAnswered(result, READ_REQUESTS, 200);
      expectThat(result.latency.p99 < READ_P99_LIMIT_MS, `p99 ${result.latency.p99} ms`);
    },
  );

  await checks.check(
    `${CONCURRENT_CREATES.toLocaleString('en-US')} creates at once: every one 201, and the list then holds exactly those ${CONCURRENT_CREATES.toLocaleString('en-US')} new ids`,
    async () => {
      const before = await rest.allIds();
      const created: string[] = [];
      const unexpected: string[] = [];
      const result = await boundedLoad({
        url: `${rest.base}/recordings`,
        connections: CONCURRENT_CREATES,
        amount: CONCURRENT_CREATES,
        // Every connection opens at once: the last accepted wait behind the rest, so an answer gets the service's own 30 s.
        timeout: 30,
        requests: [
          {
            method: 'POST',
            headers: rest.headers,
            body: JSON.stringify({ direction: 'REQUEST', tags: ['load-create'] }),
            onResponse: (status, body) => {
              const id = status === 201 ? (JSON.parse(body) as { id?: unknown }).id : undefined;
              if (typeof id === 'string') created.push(id);
              else unexpected.push(`${status}: ${body.slice(0, 300)}`);
            },
          },
        ],
      });
      console.log(`     figures: ${figures(result)}`);
      expectThat(unexpected.length === 0, `${unexpected.length} answers without an id, the first: ${unexpected[0]}`);
      expectAllAnswered(result, CONCURRENT_CREATES, 201);
      expectThat(new Set(created).size === CONCURRENT_CREATES, `${new Set(created).size} distinct ids in ${created.length} answers`);

      const after = await rest.allIds();
      const known = new Set(before.ids);
      const added = after.ids.filter((id) => !known.has(id));
      console.log(
        `     listed: ${before.totalElements} recordings before, ${after.totalElements} after, ${after.ids.length} ids read back in ${Math.ceil(after.ids.length / MAX_PAGE_SIZE)} pages`,
      );
      expectThat(after.totalElements === before.totalElements + CONCURRENT_CREATES, `totalElements ${after.totalElements}`);
      const listed = new Set(after.ids);
      expectThat(listed.size === after.ids.length, 'an id was listed twice');
      expectThat(
        before.ids.every((id) => listed.has(id)),
        'a recording listed before is gone',
      );
      expectThat(added.length === CONCURRENT_CREATES, `${added.length} new ids listed`);
      const answeredIds = new Set(created);
      const strangers = added.filter((id) => !answeredIds.has(id));
      expectThat(strangers.length === 0, `${strangers.length} listed ids no create answered, e.g. ${strangers[0]}`);
    },
  );
}

/** A list answer holding exactly `count` recordings, all of them counted. */
function pageHolds(body: string, count: number): boolean {
  try {
    const page = JSON.parse(body) as ListPage;
    return page.totalElements === count && page.content.length === count;
  } catch {
    return false;
  }
}
