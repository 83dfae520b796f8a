import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { background, type Background } from '../real-n8n/machine';
import { describeReadiness, supervise, type Supervised, type SupervisionOptions } from './readiness';

const OPTIONS: SupervisionOptions = { boundMs: 60_000, readyProbes: 3, probeIntervalMs: 10, answerTimeoutMs: 1_000 };

/** A readiness endpoint answering the statuses given, one per probe, then the last one for good. */
async function readinessAnswering(statuses: number[]): Promise<{ url: string; probes: () => number; server: Server }> {
  let probes = 0;
  const server = createServer((_request, response) => {
    const status = statuses[Math.min(probes++, statuses.length - 1)]!;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: status === 200 ? 'ok' : 'error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz/readiness`, probes: () => probes, server };
}

const running: Background[] = [];
const servers: Server[] = [];
/** A child process running `script`: by default, until it is stopped. */
const aProcess = (script = 'setInterval(() => {}, 1000)') => {
  const started = background(process.execPath, ['-e', script], {});
  running.push(started);
  return started;
};
const exitOf = (started: Background) => new Promise((resolve) => started.child.once('exit', resolve));

afterEach(async () => {
  await Promise.all(running.splice(0).map((started) => started.stop()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function supervised(statuses: number[], current: () => Background | undefined) {
  const endpoint = await readinessAnswering(statuses);
  servers.push(endpoint.server);
  const restarts: string[] = [];
  const target: Supervised = {
    process: 'webhook 1',
    current,
    readinessUrl: endpoint.url,
    restart: async () => void restarts.push('restarted'),
  };
  return { target, restarts, probes: endpoint.probes };
}

describe('supervise', () => {
  it('leaves a process alone once it answers ready on the probes in a row asked for', async () => {
    const alive = aProcess();
    const { target, restarts, probes } = await supervised([503, 200, 200, 200], () => alive);
    const found = await supervise(target, OPTIONS);
    expect(found).toMatchObject({ process: 'webhook 1', found: 'ready' });
    expect(found.restartedInMs).toBeUndefined();
    expect(restarts).toEqual([]);
    expect(probes()).toBe(4);
  });

  it('starts counting again when a ready answer is followed by a 503: a process that has not noticed its lost database yet', async () => {
    const alive = aProcess();
    const { target, restarts, probes } = await supervised([200, 200, 503, 200, 200, 200], () => alive);
    const found = await supervise(target, OPTIONS);
    expect(found.found).toBe('ready');
    expect(restarts).toEqual([]);
    expect(probes()).toBe(6);
  });

  it('restarts a process that exited, naming its exit code', async () => {
    const exited = aProcess('process.exit(3)');
    await exitOf(exited);
    const { target, restarts, probes } = await supervised([200], () => exited);
    const found = await supervise(target, OPTIONS);
    expect(found).toMatchObject({ process: 'webhook 1', found: 'exited', exit: 'code 3' });
    expect(found.restartedInMs).toEqual(expect.any(Number));
    expect(restarts).toEqual(['restarted']);
    expect(probes()).toBe(0);
  });

  it('restarts a process killed by a signal, naming the signal', async () => {
    const killed = aProcess();
    const gone = exitOf(killed);
    process.kill(-killed.child.pid!, 'SIGKILL');
    await gone;
    const { target, restarts } = await supervised([200], () => killed);
    expect(await supervise(target, OPTIONS)).toMatchObject({ found: 'exited', exit: 'signal SIGKILL' });
    expect(restarts).toEqual(['restarted']);
  });

  it('restarts a process never started', async () => {
    const { target, restarts } = await supervised([200], () => undefined);
    expect(await supervise(target, OPTIONS)).toMatchObject({ found: 'exited', exit: 'code none' });
    expect(restarts).toEqual(['restarted']);
  });

  it('restarts a running process still not steadily ready when the bound passes', async () => {
    const alive = aProcess();
    const { target, restarts, probes } = await supervised([503], () => alive);
    const found = await supervise(target, { ...OPTIONS, boundMs: 200 });
    expect(found.found).toBe('unready');
    expect(found.afterMs).toBeGreaterThanOrEqual(200);
    expect(restarts).toEqual(['restarted']);
    expect(probes()).toBeGreaterThan(1);
  });

  it('counts a refused readiness check as not ready', async () => {
    const alive = aProcess();
    const { target, restarts } = await supervised([200], () => alive);
    const found = await supervise({ ...target, readinessUrl: 'http://127.0.0.1:9/healthz/readiness' }, { ...OPTIONS, boundMs: 100 });
    expect(found.found).toBe('unready');
    expect(restarts).toEqual(['restarted']);
  });
});

describe('describeReadiness', () => {
  it('names each process, what was found and the restart', () => {
    expect(
      describeReadiness([
        { process: 'main', found: 'ready', afterMs: 2_100 },
        { process: 'worker', found: 'exited', exit: 'code 1', afterMs: 3_500, restartedInMs: 20_140 },
        { process: 'webhook 0', found: 'unready', afterMs: 60_000, restartedInMs: 9_000 },
      ]),
    ).toBe(
      'main ready after 2.1 s; worker exited (code 1) after 3.5 s, restarted in 20.1 s; webhook 0 unready after 60.0 s, restarted in 9.0 s',
    );
  });
});
