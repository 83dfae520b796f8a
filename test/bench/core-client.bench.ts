import { HookClient } from 'screenrec';
import { atLeast, atMost, figure, paired, reported, type Figure, type Goal } from './figure';
import { callRate, interleavedSamples, listen } from './measure';

type Rate = Awaited<ReturnType<typeof callRate>>;

const TOKEN = 'bench-backend-token';
const ANSWER = JSON.stringify({ status: 'success', workspace: 'Bench' });
/** The goals: sequential calls keep 95% of raw fetch's rate at no more than 10% more CPU; 50 in flight keep 90%. */
const RUNS: Array<{ concurrency: number; rateGoal: Goal; cpuGoal: Goal }> = [
  { concurrency: 1, rateGoal: atLeast(0.95), cpuGoal: atMost(1.1) },
  { concurrency: 50, rateGoal: atLeast(0.9), cpuGoal: reported },
];

/** #1: the hook client's PING against raw fetch of the same request, on one constant-answer loopback server. */
export async function benchCoreClient(durationMs: number, rounds: number): Promise<Figure[]> {
  const { url, close } = await listen((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER));
  });
  try {
    const client = new HookClient({ baseUrl: url, backendToken: TOKEN, provider: 'ZAPIER' });
    const endpoint = `${url}/public/webhooks/ZAPIER`;
    const rawPing = async () => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-service-token': TOKEN },
        body: JSON.stringify({ action: 'PING' }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.json();
    };
    const figures: Figure[] = [];
    for (const { concurrency, rateGoal, cpuGoal } of RUNS) {
      const measurements = [() => callRate(() => client.ping(), concurrency, durationMs), () => callRate(rawPing, concurrency, durationMs)];
      // One untimed cycle first: the first rounds of a process run several times slower (JIT, the connection pool).
      await interleavedSamples(2, measurements);
      const [ours, baseline] = await interleavedSamples(rounds, measurements);
      const label = `core PING, ${concurrency === 1 ? 'sequential' : `${concurrency} in flight`}`;
      const rates = (rounds: Rate[]) => rounds.map((round) => round.perSecond);
      // Client and server share this process, so this is the whole exchange's CPU cost, ours against raw fetch's.
      const cpu = (rounds: Rate[]) => rounds.map((round) => round.cpuMicrosPerCall);
      figures.push(
        figure(label, paired(rates(ours!), rates(baseline!)), 'calls/s', rateGoal),
        figure(`${label}: CPU time per call, client and server`, paired(cpu(ours!), cpu(baseline!)), 'µs', cpuGoal),
      );
    }
    return figures;
  } finally {
    await close();
  }
}
