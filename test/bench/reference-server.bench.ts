import { startReference, withChildren, type Child, type ReferenceInfo } from './children';
import { loadTest, type LoadRequest, type LoadResult } from './load';
import { atLeast, figure, paired, reported, type Figure, type Goal } from './figure';
import { evenRounds, interleavedSamples } from './measure';

const CONNECTIONS = 50;
const LIST_ITEMS = 100;

interface Scenario {
  name: string;
  /** The goal for the rate, as a share of bare node:http's (RECORDING, a write, is shown beside them, not judged). */
  goal: Goal;
  /**
   * This scenario's share of the section's rounds. RECORDING is only shown and its per-cycle ratios lie close
   * together; the judged scenarios keep every round, because PING, though as narrow within a run, runs first and
   * differs more from one run to the next at fewer rounds.
   */
  share: number;
  request(server: ReferenceInfo): LoadRequest;
}

const SCENARIOS: Scenario[] = [
  { name: 'PING', goal: atLeast(0.5), share: 1, request: (server) => hook(server, { action: 'PING' }) },
  // Before RECORDING, which adds a recording per request: the list page then always sees the 1,000 seeded, not a
  // store as large as the last scenario's throughput made it.
  {
    name: `${LIST_ITEMS}-item list page`,
    goal: atLeast(0.45),
    share: 1,
    request: ({ baseUrl, demo }) => ({
      url: `${baseUrl}/public/integration/${demo.workspaceId}/recordings/list`,
      method: 'POST',
      headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: LIST_ITEMS }),
    }),
  },
  { name: 'RECORDING', goal: reported, share: 1 / 3, request: (server) => hook(server, { action: 'RECORDING', recording: { externalReference: 'bench', tags: ['bench'] } }) },
];

function hook({ baseUrl, demo }: ReferenceInfo, body: object): LoadRequest {
  return {
    url: `${baseUrl}/public/webhooks/ZAPIER`,
    method: 'POST',
    headers: { 'x-service-token': demo.tokens.ZAPIER, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** One round's load test, with the server process's CPU time per answered request over the same run. */
interface Round extends LoadResult {
  serverCpuMicros: number;
}

/**
 * #2: the reference server against a bare node:http server that answers each request with the very body the
 * reference server gave it, both in processes of their own, loaded by autocannon from this one. Beside each rate,
 * each server's CPU per request, read from the server process itself: autocannon's own CPU, in this process,
 * and whatever else the machine runs stay out of it.
 */
export async function benchReferenceServer(durationSeconds: number, rounds: number): Promise<Figure[]> {
  return withChildren(async (spawn) => {
    const referenceChild = spawn('reference server');
    const bare = spawn('bare node:http');
    const server = await startReference(referenceChild);
    await referenceChild.send({ kind: 'seed', count: 1_000 });
    const { baseUrl: bareUrl } = await bare.send<{ baseUrl: string }>({ kind: 'bare' });

    const figures: Figure[] = [];
    for (const scenario of SCENARIOS) {
      const request = scenario.request(server);
      const bareRequest = { ...request, url: bareUrl + new URL(request.url).pathname };
      await answerLike(bare, request);
      // Warm-up: JIT, connection pools, fastify's first-request work.
      await loadTest(request, CONNECTIONS, 1);
      await loadTest(bareRequest, CONNECTIONS, 1);
      const round = async (child: Child, load: LoadRequest): Promise<Round> => {
        const before = await child.cpuMicros();
        const result = await loadTest(load, CONNECTIONS, durationSeconds);
        return { ...result, serverCpuMicros: ((await child.cpuMicros()) - before) / result.requests };
      };
      const scenarioRounds = evenRounds(rounds * scenario.share);
      const [ours, baseline] = await interleavedSamples<Round>(scenarioRounds, [() => round(referenceChild, request), () => round(bare, bareRequest)]);
      const side = (key: 'requestsPerSecond' | 'p99Ms' | 'serverCpuMicros') => paired(ours!.map((one) => one[key]), baseline!.map((one) => one[key]));
      const name = `reference server ${scenario.name}`;
      figures.push(
        figure(`${name}, ${CONNECTIONS} connections`, side('requestsPerSecond'), 'req/s', scenario.goal),
        figure(`${name}: server CPU time per request`, side('serverCpuMicros'), 'µs', reported),
        figure(`${name}, p99 latency`, side('p99Ms'), 'ms', reported),
      );
    }
    return figures;
  });
}

/** Makes the bare server answer with the reference server's own answer to `request`. */
async function answerLike(bare: Child, request: LoadRequest): Promise<void> {
  const answer = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`${request.url} answered ${answer.status}: ${body}`);
  await bare.send({ kind: 'answer', status: answer.status, body });
}
