/**
 * The pinned n8n in queue mode: one main, one worker and two webhook processes sharing Postgres and Redis, each with
 * its own user folder (nothing is shared through the file system) holding our installed community package. The
 * webhook processes sit behind a proxy (webhook-proxy.ts), the address WEBHOOK_URL names, as behind a load balancer.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { background, run, type Background, type NodeRuntime } from '../real-n8n/machine';
import { n8nRestClient, signInAsOwner, waitForN8n, type N8nRest } from '../real-n8n/n8n-api';
import { freePort } from '../support/loopback';
import { STEADY_READINESS, supervise, type ProcessReadiness, type Supervised } from './readiness';
import { startWebhookProxy, type WebhookProxy } from './webhook-proxy';
import { ROLE_VARIABLE } from './workflows';

export type Role = 'main' | 'worker' | 'webhook';

export const WORKER_CONCURRENCY = 10;
/** Webhook processes behind the proxy: two, the least that shows what one process cannot. */
export const WEBHOOK_PROCESSES = 2;

export interface ClusterOptions {
  n8nBin: string;
  /** A user folder with our package installed under .n8n/nodes, copied into each process's own folder. */
  packageUserFolder: string;
  redisPort: number;
  postgres: { port: number; database: string; user: string };
  /** The Node that n8n version runs on. */
  runtime: NodeRuntime;
}

export interface N8nProcess extends Background {
  role: Role;
  /** The process's log (stdout and stderr). */
  log: () => string;
}

export interface QueueCluster {
  main: MainProcess;
  /** The first webhook process: the one the proxy sends every request to that is not spread round-robin. */
  webhook: N8nProcess;
  worker: () => N8nProcess;
  mainUrl: string;
  /** The proxy's address (WEBHOOK_URL): where ScreenRec and the checks reach the webhook processes. */
  webhookUrl: string;
  proxy: WebhookProxy;
  /** Every webhook process's log since the first start, by index (as the proxy numbers them). */
  webhookLogs: () => string[];
  /** Each start of a webhook process so far, with its log: what one process remembered lasts one start. */
  webhookStarts: () => Array<{ process: number; log: string }>;
  /** SIGKILL to one webhook process and its task runner, as a crashed machine would end them. */
  killWebhook: (index: number) => Promise<void>;
  /** Starts one webhook process again (after killWebhook). */
  startWebhookAt: (index: number) => Promise<void>;
  /**
   * What an orchestrator does after a fault: waits until every n8n process (main, worker, each webhook process) is
   * steadily ready (readiness.ts), and restarts one that exited or is still not so `boundMs` after the wait began.
   * Resolves with what it found of each process.
   */
  superviseReadiness: (boundMs: number) => Promise<ProcessReadiness[]>;
  /** Runs an n8n CLI command (against the shared database) to completion and returns its stdout. */
  cli: (args: string[]) => string;
  /** Starts the main process and sets up its owner account. */
  startMain: () => Promise<void>;
  /** Stops the main process (SIGTERM) and starts it again, logged in as the owner. */
  restartMain: () => Promise<void>;
  /** SIGKILL to the main process and its task runner, at once (the kill is sent before this returns its promise). */
  killMain: () => Promise<void>;
  /** Starts every webhook process. */
  startWebhook: () => Promise<void>;
  /** Stops the first webhook process (SIGTERM) and starts it again with the same settings: nothing of it stays in memory. */
  restartWebhook: () => Promise<void>;
  /** Starts a worker (again); the previous one must have exited. */
  startWorker: () => Promise<void>;
  /** SIGKILL to the worker and its task runner, as a crashed machine would end them. */
  killWorker: () => Promise<void>;
  /** SIGTERM to the worker, as `docker stop` or Kubernetes send; resolves with its exit code. */
  stopWorker: () => Promise<number | null>;
  /** Every worker's log so far, the killed ones' included. */
  workerLogs: () => string;
  stop: () => Promise<void>;
}

// NO_COLOR keeps the logs plain text, so checks can search them.
const withLog = (role: Role, started: Background): N8nProcess => ({ ...started, role, log: started.output });

export interface MainProcess extends N8nProcess {
  /** Calls n8n's internal REST API as the owner. */
  rest: N8nRest;
}

/** `n8n start`, ready when its REST routes answer, with a REST client holding the owner's session cookie. */
async function startMainProcess(
  node: string,
  n8nBin: string,
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  account: 'set up the owner' | 'log in',
): Promise<MainProcess> {
  const main = withLog('main', background(node, [n8nBin, 'start'], { env }));
  await waitForN8n(main, `${baseUrl}/healthz/readiness`, 'n8n main');
  const rest = n8nRestClient(baseUrl, 'screenrec-queue');
  await signInAsOwner(rest, account, 'n8n main');
  return { ...main, rest };
}

export async function prepareCluster(options: ClusterOptions): Promise<QueueCluster> {
  const folders: string[] = [];
  const userFolderFor = (role: Role) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), `screenrec-queue-${role}-`));
    cpSync(path.join(options.packageUserFolder, '.n8n', 'nodes'), path.join(folder, '.n8n', 'nodes'), { recursive: true });
    folders.push(folder);
    return folder;
  };
  const [mainPort, workerPort, mainBroker, workerBroker] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const webhookPorts: number[] = [];
  const webhookBrokers: number[] = [];
  for (let index = 0; index < WEBHOOK_PROCESSES; index++) {
    webhookPorts.push(await freePort());
    webhookBrokers.push(await freePort());
  }
  const proxy = await startWebhookProxy(() => webhookPorts);
  const mainUrl = `http://127.0.0.1:${mainPort}`;
  const webhookUrl = proxy.url;
  const shared = {
    EXECUTIONS_MODE: 'queue',
    QUEUE_BULL_REDIS_HOST: '127.0.0.1',
    QUEUE_BULL_REDIS_PORT: String(options.redisPort),
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: '127.0.0.1',
    DB_POSTGRESDB_PORT: String(options.postgres.port),
    DB_POSTGRESDB_DATABASE: options.postgres.database,
    DB_POSTGRESDB_USER: options.postgres.user,
    DB_POSTGRESDB_PASSWORD: '',
    // Set for bursts, as docs/n8n.md asks of queue mode: n8n 2.41 pings its database every 2 s through the pool (2
    // connections by default) and gives the ping 5 s; behind a burst's queries it times out, and the process then
    // answers every request 503 "Database is not ready!" until it has reconnected. 2.3.6 has no such ping.
    DB_POSTGRESDB_POOL_SIZE: '10',
    DB_PING_TIMEOUT_MS: '30000',
    // n8n 2.x's default in queue mode, named so the run says what it relies on: binary data in Postgres,
    // readable by every process. 'filesystem' would need one folder shared by all of them.
    N8N_DEFAULT_BINARY_DATA_MODE: 'database',
    N8N_ENCRYPTION_KEY: 'screenrec-queue-mode-test-key',
    // The proxy's address: the URL the trigger subscribes with, so ScreenRec calls the webhook processes through it.
    WEBHOOK_URL: `${webhookUrl}/`,
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
    N8N_LOG_LEVEL: 'info',
    // Manual runs go to the workers too, as n8n will do by default in a later version.
    OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
    NO_COLOR: '1',
    // Test only: lets the workflows write the process's role into their output ($env.SCREENREC_QUEUE_ROLE).
    N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
    // A killed worker's job is noticed after its lock expires; the defaults (60 s lock, 30 s check) are shortened.
    QUEUE_WORKER_LOCK_DURATION: '10000',
    QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
    QUEUE_WORKER_STALLED_INTERVAL: '5000',
  };
  const envFor = (role: Role, extra: Record<string, string>) =>
    options.runtime.env({ ...shared, N8N_USER_FOLDER: userFolderFor(role), [ROLE_VARIABLE]: role, ...extra });
  const mainEnv = envFor('main', { N8N_PORT: String(mainPort), N8N_RUNNERS_BROKER_PORT: String(mainBroker) });
  const webhookEnvs = webhookPorts.map((port, index) =>
    envFor('webhook', { N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(webhookBrokers[index]) }),
  );
  // Each worker start gets a fresh user folder, as a replacement container would: a restarted worker that kept its
  // folder would also amend the dead worker's executions from its event log at start-up.
  const workerEnv = () =>
    envFor('worker', {
      QUEUE_HEALTH_CHECK_ACTIVE: 'true',
      QUEUE_HEALTH_CHECK_PORT: String(workerPort),
      N8N_RUNNERS_BROKER_PORT: String(workerBroker),
    });
  const node = options.runtime.node;

  let main: MainProcess | undefined;
  const webhooks: Array<N8nProcess | undefined> = webhookPorts.map(() => undefined);
  let worker: N8nProcess | undefined;
  let earlierWorkerLogs = '';
  const earlierWebhookLogs: string[][] = webhookPorts.map(() => []);
  const webhookLog = (index: number) => earlierWebhookLogs[index]!.join('') + (webhooks[index]?.log() ?? '');
  const startWebhookAt = async (index: number) => {
    const previous = webhooks[index];
    if (previous !== undefined) earlierWebhookLogs[index]!.push(previous.log());
    const started = withLog('webhook', background(node, [options.n8nBin, 'webhook'], { env: webhookEnvs[index] }));
    webhooks[index] = started;
    await waitForN8n(started, `http://127.0.0.1:${webhookPorts[index]}/healthz/readiness`, `n8n webhook ${index}`);
  };

  const cluster: QueueCluster = {
    get main() {
      if (main === undefined) throw new Error('the main process is not started');
      return main;
    },
    get webhook() {
      const first = webhooks[0];
      if (first === undefined) throw new Error('the webhook process is not started');
      // Its log since the first start: checks read what it did before a restart too.
      return { ...first, log: () => webhookLog(0) };
    },
    worker: () => {
      if (worker === undefined) throw new Error('no worker is started');
      return worker;
    },
    mainUrl,
    webhookUrl,
    proxy,
    webhookLogs: () => webhookPorts.map((_, index) => webhookLog(index)),
    webhookStarts: () =>
      webhookPorts.flatMap((_, index) =>
        [...earlierWebhookLogs[index]!, webhooks[index]?.log() ?? ''].map((log) => ({ process: index, log })),
      ),
    killWebhook: async (index) => {
      const current = webhooks[index];
      if (current === undefined) throw new Error(`webhook process ${index} is not started`);
      const exited = new Promise((resolve) => current.child.once('exit', resolve));
      process.kill(-current.child.pid!, 'SIGKILL');
      await exited;
    },
    startWebhookAt,
    superviseReadiness: async (boundMs) => {
      const targets: Supervised[] = [
        {
          process: 'main',
          current: () => main,
          readinessUrl: `${mainUrl}/healthz/readiness`,
          restart: () => cluster.restartMain(),
        },
        {
          process: 'worker',
          current: () => worker,
          readinessUrl: `http://127.0.0.1:${workerPort}/healthz/readiness`,
          restart: async () => {
            await worker?.stop();
            await cluster.startWorker();
          },
        },
        ...webhookPorts.map((port, index) => ({
          process: `webhook ${index}`,
          current: () => webhooks[index],
          readinessUrl: `http://127.0.0.1:${port}/healthz/readiness`,
          restart: async () => {
            await webhooks[index]?.stop();
            await startWebhookAt(index);
          },
        })),
      ];
      return await Promise.all(targets.map((target) => supervise(target, { ...STEADY_READINESS, boundMs })));
    },
    cli: (args) => run(node, [options.n8nBin, ...args], { env: mainEnv }),
    startMain: async () => {
      main = await startMainProcess(node, options.n8nBin, mainEnv, mainUrl, main === undefined ? 'set up the owner' : 'log in');
    },
    restartMain: async () => {
      await main?.stop();
      main = await startMainProcess(node, options.n8nBin, mainEnv, mainUrl, 'log in');
    },
    killMain: async () => {
      const current = cluster.main;
      if (current.child.exitCode !== null || current.child.signalCode !== null) return;
      const exited = new Promise((resolve) => current.child.once('exit', resolve));
      process.kill(-current.child.pid!, 'SIGKILL');
      await exited;
    },
    startWebhook: async () => {
      await Promise.all(webhookPorts.map((_, index) => startWebhookAt(index)));
    },
    restartWebhook: async () => {
      await webhooks[0]?.stop();
      await startWebhookAt(0);
    },
    startWorker: async () => {
      if (worker !== undefined) earlierWorkerLogs += worker.log();
      worker = withLog('worker', background(node, [options.n8nBin, 'worker', `--concurrency=${WORKER_CONCURRENCY}`], { env: workerEnv() }));
      await waitForN8n(worker, `http://127.0.0.1:${workerPort}/healthz/readiness`, 'n8n worker');
    },
    killWorker: async () => {
      const current = cluster.worker();
      const exited = new Promise((resolve) => current.child.once('exit', resolve));
      process.kill(-current.child.pid!, 'SIGKILL');
      await exited;
    },
    stopWorker: async () => {
      const current = cluster.worker();
      const exited = new Promise<number | null>((resolve) => current.child.once('exit', (code) => resolve(code)));
      // The worker process only: n8n stops its own task runner when it shuts down.
      process.kill(current.child.pid!, 'SIGTERM');
      return await exited;
    },
    workerLogs: () => earlierWorkerLogs + (worker?.log() ?? ''),
    stop: async () => {
      await Promise.all([worker?.stop(), ...webhooks.map((webhook) => webhook?.stop())]);
      await main?.stop();
      await proxy.stop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true, maxRetries: 10 });
    },
  };
  return cluster;
}
