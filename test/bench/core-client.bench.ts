import { HookClient } from '@screenrec/core';
import { atLeast, callsPerSecond, interleaved, listen, type Figure } from './measure';

const TOKEN = 'bench-backend-token';
const ANSWER = JSON.stringify({ status: 'success', workspace: 'Bench' });

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
    for (const concurrency of [1, 50]) {
      const [ours, baseline] = await interleaved(
        rounds,
        () => callsPerSecond(() => client.ping(), concurrency, durationMs),
        () => callsPerSecond(rawPing, concurrency, durationMs),
      );
      figures.push(atLeast(`core PING, ${concurrency === 1 ? 'sequential' : `${concurrency} in flight`}`, ours, baseline, 'calls/s', 0.9));
    }
    return figures;
  } finally {
    await close();
  }
}
