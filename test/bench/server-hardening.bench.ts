import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ListeningServer } from '../../shared/reference-server/src/server';
import { atMost, figure, oursAtMost, paired, reported, type Figure } from './figure';
import { withChildren } from './children';
import { interleavedSamples } from './measure';
import { seedDistinctTags, tagOf } from './seeds';
import { percentile } from './stats';

const SMALL = 1_000;
const LARGE = 100_000;
const TAG_SEARCH_LIMIT_MS = 5;

/**
 * The storage and search figures, each beside its limit measured in the same run:
 * - create latency (p50, one at a time, through HTTP) of a server keeping its state in a --data file at 100k
 *   recordings, against the same at 1k: a write must cost the change, not the state (goal ≤ 2×); and against a
 *   server in memory at 100k: keeping the state in a file must not make a write much dearer (goal ≤ 2×);
 * - tag search p50 in a workspace of 100k distinct tags (goal ≤ 5 ms), beside the same at 1k tags.
 * The servers run in this process (their source, bundled), measured in turn each round; requests are sequential,
 * so the load generator never competes with a request under way. Beside each, this process's CPU time per request
 * (client and server alike, the same client work on both sides).
 */
export async function benchServerHardening(requestsPerRound: number, rounds: { create: number; tagSearch: number }): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'screenrec-bench-hardening-'));
  const servers: ListeningServer[] = [];
  try {
    const [smallFile, largeFile] = [join(dir, 'small.sqlite'), join(dir, 'large.sqlite')];
    // The --data file at 100k is seeded in a process of its own while this one seeds the others: two cores, one wait.
    await withChildren(async (spawn) => {
      const seeder = spawn(`seeding ${LARGE} recordings with --data`);
      await seeder.cpuMicros(); // up and listening, so the command below is on its way before this process gets busy
      const seeding = seeder.send({ kind: 'seed-data-file', dataFile: largeFile, count: LARGE });
      seeding.catch(() => undefined); // reported where it is awaited, not as an unhandled rejection meanwhile
      for (const [size, dataFile] of [[SMALL, smallFile], [LARGE, undefined]] as const) {
        const server = await startServer({ port: 0, logLevel: 'silent', dataFile });
        servers.push(server);
        seedDistinctTags(server, size);
      }
      await seeding;
    });
    servers.splice(1, 0, await startServer({ port: 0, logLevel: 'silent', dataFile: largeFile }));
    for (const server of servers) for (let index = 0; index < 20; index++) await create(server); // warm-up
    const [small, large, inMemory] = servers as [ListeningServer, ListeningServer, ListeningServer];
    const [createSmall, createLarge, createInMemory] = await interleavedSamples(rounds.create, [
      () => withCpu(() => createLatencies(small, requestsPerRound)),
      () => withCpu(() => createLatencies(large, requestsPerRound)),
      () => withCpu(() => createLatencies(inMemory, requestsPerRound)),
    ]);
    const [tagsSmall, tagsLarge] = await interleavedSamples(rounds.tagSearch, [
      () => withCpu(() => tagSearchLatencies(small, SMALL, requestsPerRound)),
      () => withCpu(() => tagSearchLatencies(large, LARGE, requestsPerRound)),
    ]);
    const p50 = (large: Round[], small: Round[]) => paired(large.map((round) => round.p50), small.map((round) => round.p50));
    const cpu = (large: Round[], small: Round[]) => paired(large.map((round) => round.cpuMicros), small.map((round) => round.cpuMicros));
    const atOneK = 'baseline: the same at 1k';
    return [
      figure('create p50 with --data at 100k recordings', p50(createLarge!, createSmall!), 'ms', atMost(2), atOneK),
      figure('same: CPU time per create, client and server', cpu(createLarge!, createSmall!), 'µs', reported, atOneK),
      figure('create p50 with --data at 100k recordings, against in memory', p50(createLarge!, createInMemory!), 'ms', atMost(2), 'baseline: in memory at 100k'),
      figure('tag search p50 at 100k tags', p50(tagsLarge!, tagsSmall!), 'ms', oursAtMost(TAG_SEARCH_LIMIT_MS), 'baseline: the same at 1k tags'),
      figure('same: CPU time per tag search, client and server', cpu(tagsLarge!, tagsSmall!), 'µs', reported, 'baseline: the same at 1k tags'),
    ];
  } finally {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Round {
  p50: number;
  cpuMicros: number;
}

/** One round's p50 latency, and this process's CPU time per request over the round. */
async function withCpu(run: () => Promise<number[]>): Promise<Round> {
  const before = process.cpuUsage();
  const latencies = await run();
  const { user, system } = process.cpuUsage(before);
  return { p50: percentile(latencies, 50), cpuMicros: (user + system) / latencies.length };
}

async function create(server: ListeningServer): Promise<void> {
  const response = await fetch(`${server.baseUrl}/public/integration/${server.demo.workspaceId}/recordings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ direction: 'REQUEST', tags: ['bench'] }),
  });
  await response.text();
  if (response.status !== 201) throw new Error(`create answered ${response.status}`);
}

async function createLatencies(server: ListeningServer, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await create(server);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Queries a user would type: a part of one seeded tag (its middle digits), matching a handful of tags. */
async function tagSearchLatencies(server: ListeningServer, size: number, count: number): Promise<number[]> {
  const base = `${server.baseUrl}/public/integration/${server.demo.workspaceId}/recordings/tags?query=`;
  const headers = { authorization: `Bearer ${server.demo.apiKey}` };
  const latencies: number[] = [];
  for (let index = 0; index < count; index++) {
    const tag = tagOf((index * 104_729) % size);
    const query = tag.slice(7, 13).toLowerCase();
    const started = performance.now();
    const response = await fetch(base + encodeURIComponent(query), { headers });
    const body = (await response.json()) as { result?: string[] };
    latencies.push(performance.now() - started);
    if (!response.ok || !body.result?.includes(tag)) throw new Error(`tag search for "${query}" answered ${response.status} without ${tag}`);
  }
  return latencies;
}
