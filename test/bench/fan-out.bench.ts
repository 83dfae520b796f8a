import { HookClient } from 'screenrec';
import { setTimeout as sleep } from 'node:timers/promises';
import { startReference, withChildren, type Child, type ReferenceInfo } from './children';
import { atMost, figure, paired, reported, type Figure } from './figure';
import { interleavedSamples, listen } from './measure';

const SUBSCRIPTIONS = 1_000;
/** One receiver in ten answers 500 in the failing scenario. */
const FAILING_EVERY = 10;
/** The server's default backoff base: the failing receivers' first retry comes after the healthy ones are served. */
const RETRY_DELAY_MS = 1_000;
const ROUND_TIMEOUT_MS = 30_000;
const WARM_UP_ROUNDS = 3;
/**
 * A pause after each round lets sockets and timers settle. With failing receivers it is longer: their retries
 * (1, 2, 4, 8 s after) run on in the background of the following rounds, ours and the loop's alike, and a longer
 * pause keeps fewer of them overlapping one round.
 */
const SETTLE_MS = { healthy: 200, failing: 500 };

/**
 * Loopback receivers, one path per subscription, on one server in this process. Each round waits for the
 * receivers that answer 200 and reports when the last of them got its POST.
 */
class Receivers {
  failing = false;
  private arrived = new Set<number>();
  private waiter: (() => void) | undefined;
  private lastArrival = 0;

  isFailing(index: number): boolean {
    return this.failing && index % FAILING_EVERY === 0;
  }

  get healthyCount(): number {
    return this.failing ? SUBSCRIPTIONS - Math.ceil(SUBSCRIPTIONS / FAILING_EVERY) : SUBSCRIPTIONS;
  }

  arrive(index: number): number {
    if (this.isFailing(index)) return 500;
    this.arrived.add(index);
    this.lastArrival = performance.now();
    if (this.arrived.size === this.healthyCount) this.waiter?.();
    return 200;
  }

  /** Milliseconds from `trigger` until every healthy receiver had its POST. */
  async round(trigger: () => Promise<void>): Promise<number> {
    this.arrived = new Set();
    const allHealthyArrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${this.arrived.size} of ${this.healthyCount} callbacks arrived`)), ROUND_TIMEOUT_MS);
      this.waiter = () => (clearTimeout(timer), resolve());
    });
    const started = performance.now();
    await trigger();
    await allHealthyArrived;
    return this.lastArrival - started;
  }
}

/**
 * #3: one completion fanned out to 1,000 subscriptions by the reference server's delivery worker, against a bare
 * loop of the same POSTs fired all at once (the worker's concurrency) from a process of its own; then again with
 * one receiver in ten answering 500, timed until the healthy 90% have theirs.
 */
export async function benchFanOut(rounds: { healthy: number; failing: number }): Promise<Figure[]> {
  const receivers = new Receivers();
  const receiver = await listen((request, response) => {
    const index = Number(request.url?.split('/').at(-1));
    request.resume();
    request.on('end', () => response.writeHead(receivers.arrive(index)).end());
  });
  try {
    return await withChildren(async (spawn) => {
      const serverChild = spawn('reference server');
      const loopChild = spawn('fan-out loop');
      const server = await startReference(serverChild, RETRY_DELAY_MS);
      const { baseUrl: loopUrl } = await loopChild.send<{ baseUrl: string }>({ kind: 'fan-out-loop' });
      const callbacks = Array.from({ length: SUBSCRIPTIONS }, (_, index) => `${receiver.url}/callbacks/${index}`);
      await subscribeAll(server, callbacks);
      await loopChild.send({ kind: 'targets', urls: callbacks });

      // A round's time, and the CPU time the fanning-out process (the server or the loop) spent from the trigger
      // until the round had settled: the fan-out's cost, which the receivers' work in this process stays out of.
      const timed = async (child: Child, run: () => Promise<number>) => {
        const before = await child.cpuMicros();
        const ms = await run();
        await sleep(receivers.failing ? SETTLE_MS.failing : SETTLE_MS.healthy);
        return { ms, cpuMs: ((await child.cpuMicros()) - before) / 1000 };
      };
      const ours = async () => {
        const recordingId = await newRecording(server);
        return timed(serverChild, () => receivers.round(() => complete(server, recordingId)));
      };
      const baseline = () => timed(loopChild, () => receivers.round(() => post(`${loopUrl}/fire`, {})));
      const measure = async (failing: boolean) => {
        receivers.failing = failing;
        // Warm-up: the first fan-outs of a process run several times slower (JIT, connection pools growing).
        await interleavedSamples(WARM_UP_ROUNDS, [ours, baseline]);
        const [oursRounds, loopRounds] = await interleavedSamples(failing ? rounds.failing : rounds.healthy, [ours, baseline]);
        return { ours: oursRounds!, loop: loopRounds! };
      };

      const healthy = await measure(false);
      const failing = await measure(true);
      const ms = (rounds: Array<{ ms: number }>) => rounds.map((round) => round.ms);
      const cpu = (rounds: Array<{ cpuMs: number }>) => rounds.map((round) => round.cpuMs);
      const subscriptions = SUBSCRIPTIONS.toLocaleString('en-US');
      const healthyShare = `${100 - 100 / FAILING_EVERY}%`;
      const withFailures = `${100 / FAILING_EVERY}% of receivers answering 500`;
      const retries = `the failing receivers get retries ${RETRY_DELAY_MS} ms × 2^n later`;
      return [
        figure(`fan-out of one completion to ${subscriptions} subscriptions, until all delivered`, paired(ms(healthy.ours), ms(healthy.loop)), 'ms', atMost(1.5)),
        figure('same: CPU time of the fanning-out process per fan-out', paired(cpu(healthy.ours), cpu(healthy.loop)), 'ms', reported),
        figure(`same, ${withFailures}: until the healthy ${healthyShare} delivered`, paired(ms(failing.ours), ms(failing.loop)), 'ms', atMost(1.5), retries),
        figure('same: CPU time of the fanning-out process per fan-out, earlier rounds\' retries included', paired(cpu(failing.ours), cpu(failing.loop)), 'ms', reported),
        // Two phases, not one alternation: round i of each phase are paired, so the spread is only indicative.
        figure(`healthy ${healthyShare} with failures, against all healthy (ours)`, paired(...firstOfEach(ms(failing.ours), ms(healthy.ours))), 'ms', reported, 'rounds paired by position in their phase'),
      ];
    });
  } finally {
    await receiver.close();
  }
}

/** The first rounds of two phases, as many of each. */
function firstOfEach(first: number[], second: number[]): [number[], number[]] {
  const rounds = Math.min(first.length, second.length);
  return [first.slice(0, rounds), second.slice(0, rounds)];
}

async function subscribeAll(server: ReferenceInfo, callbacks: string[]): Promise<void> {
  const client = new HookClient({ baseUrl: server.baseUrl, backendToken: server.demo.tokens.ZAPIER, provider: 'ZAPIER' });
  const queue = [...callbacks];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let callback = queue.shift(); callback !== undefined; callback = queue.shift()) await client.subscribe(callback);
    }),
  );
}

async function newRecording(server: ReferenceInfo): Promise<string> {
  const client = new HookClient({ baseUrl: server.baseUrl, backendToken: server.demo.tokens.ZAPIER, provider: 'ZAPIER' });
  const { url } = await client.createRecordingLink({ externalReference: 'fan-out' });
  return url.split('/').at(-1)!;
}

/** The dashboard's move to COMPLETED: the completion that fans out. */
async function complete(server: ReferenceInfo, recordingId: string): Promise<void> {
  await post(`${server.baseUrl}/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' }, { 'x-admin-token': server.adminToken });
}

async function post(url: string, body: object, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  await response.body?.cancel();
}
