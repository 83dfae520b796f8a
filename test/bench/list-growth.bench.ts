import { startReference, withChildren, type Child, type ReferenceInfo } from './children';
import { atMost, figure, paired, reported, single, type Figure } from './figure';
import { interleavedSamples } from './measure';
import { percentile } from './stats';

const SIZES = [1_000, 10_000, 100_000];
/** Matches one seeded recording in 35 (see child.ts): COMPLETED and tagged "urgent", newest first. */
const FILTER = { statuses: ['COMPLETED'], tags: ['urgent'], sortOrder: 'Descending', pageSize: 20 };
const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
let requestsMade = 0;

/**
 * #4: p50 latency of one filtered page, one request at a time, from servers holding 1k, 10k and 100k
 * recordings (one process each, all alive, measured in turn each round), each server's CPU time per page (read
 * from its own process, so the client's work here stays out), and the 100k server's RSS.
 */
export async function benchListGrowth(requestsPerRound: number, rounds: number): Promise<Figure[]> {
  return withChildren(async (spawn) => {
    const children = SIZES.map((size) => spawn(`reference server, ${size} recordings`));
    // Each server seeds in its own process, all at once: the 100k one's wait covers the others'.
    const servers = await Promise.all(
      children.map(async (child, index) => {
        const server = await startReference(child);
        await child.send({ kind: 'seed', count: SIZES[index]! });
        return server;
      }),
    );
    for (const server of servers) await pageLatencies(server, 50); // warm-up
    const round = async (server: ReferenceInfo, child: Child) => {
      const before = await child.cpuMicros();
      const latencies = await pageLatencies(server, requestsPerRound);
      return { p50: percentile(latencies, 50), cpuMicros: ((await child.cpuMicros()) - before) / requestsPerRound };
    };
    const samples = await interleavedSamples(
      rounds,
      servers.map((server, index) => () => round(server, children[index]!)),
    );
    const p50s = samples.map((rounds) => rounds.map((one) => one.p50));
    const cpu = samples.map((rounds) => rounds.map((one) => one.cpuMicros));
    const [rss1k, rss100k] = [await children[0]!.send<number>({ kind: 'rss' }), await children.at(-1)!.send<number>({ kind: 'rss' })];
    const atOneK = 'baseline: the same at 1k';
    return [
      figure('filtered list page p50 at 10k recordings', paired(p50s[1]!, p50s[0]!), 'ms', reported, atOneK),
      figure('filtered list page p50 at 100k recordings', paired(p50s[2]!, p50s[0]!), 'ms', atMost(5), atOneK),
      figure('same: server CPU time per page at 100k recordings', paired(cpu[2]!, cpu[0]!), 'µs', reported, atOneK),
      figure('server RSS at 100k recordings', single(rss100k / MB, rss1k / MB), 'MB', reported, atOneK),
    ];
  });
}

async function pageLatencies({ baseUrl, demo }: ReferenceInfo, count: number): Promise<number[]> {
  const url = `${baseUrl}/public/integration/${demo.workspaceId}/recordings/list`;
  const latencies: number[] = [];
  for (let index = 0; index < count; index++) {
    // Each request names a different far-future end date, which selects the same recordings: the server keeps an
    // answered page for the next identical request, and this figure is the cost of the query itself.
    const createdDateTo = new Date(Date.UTC(2100, 0, 1) + requestsMade++ * DAY_MS).toISOString().slice(0, 10);
    const init = {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...FILTER, createdDateTo }),
    };
    const started = performance.now();
    const response = await fetch(url, init);
    const page = (await response.json()) as { content?: unknown[] };
    latencies.push(performance.now() - started);
    if (!response.ok || page.content?.length !== FILTER.pageSize) throw new Error(`${url} answered ${response.status} with ${page.content?.length} items`);
  }
  return latencies;
}
