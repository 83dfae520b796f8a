import { startReference, withChildren, type Child, type ReferenceInfo } from './children';
import { loadTest, type LoadRequest, type LoadResult } from './load';
import { atLeast, fromSamples, interleavedSamples, reported, type Figure } from './measure';

const CONNECTIONS = 50;
const LIST_ITEMS = 100;

interface Scenario {
  name: string;
  /** Only PING has a goal; the others are reported. */
  goal?: number;
  request(server: ReferenceInfo): LoadRequest;
}

const SCENARIOS: Scenario[] = [
  { name: 'PING', goal: 0.5, request: (server) => hook(server, { action: 'PING' }) },
  { name: 'RECORDING', request: (server) => hook(server, { action: 'RECORDING', recording: { externalReference: 'bench', tags: ['bench'] } }) },
  {
    name: `${LIST_ITEMS}-item list page`,
    request: ({ baseUrl, demo }) => ({
      url: `${baseUrl}/public/integration/${demo.workspaceId}/recordings/list`,
      method: 'POST',
      headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: LIST_ITEMS }),
    }),
  },
];

function hook({ baseUrl, demo }: ReferenceInfo, body: object): LoadRequest {
  return {
    url: `${baseUrl}/public/webhooks/ZAPIER`,
    method: 'POST',
    headers: { 'x-service-token': demo.tokens.ZAPIER, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/**
 * #2: the reference server against a bare node:http server that answers each request with the very body the
 * reference server gave it, both in processes of their own, loaded by autocannon from this one.
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
      const [ours, baseline] = await interleavedSamples<LoadResult>(rounds, [
        () => loadTest(request, CONNECTIONS, durationSeconds),
        () => loadTest(bareRequest, CONNECTIONS, durationSeconds),
      ]);
      const rates = (results: LoadResult[]) => results.map((result) => result.requestsPerSecond);
      const p99s = (results: LoadResult[]) => results.map((result) => result.p99Ms);
      const label = `reference server ${scenario.name}, ${CONNECTIONS} connections`;
      const goal = scenario.goal;
      figures.push(
        fromSamples((o, b) => (goal === undefined ? reported(label, o, b, 'req/s') : atLeast(label, o, b, 'req/s', goal)), rates(ours!), rates(baseline!)),
        fromSamples((o, b) => reported(`reference server ${scenario.name}, p99 latency`, o, b, 'ms'), p99s(ours!), p99s(baseline!)),
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
