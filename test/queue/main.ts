/**
 * `npm run test:queue`: the oldest n8n of test/real-n8n/versions.ts (`REAL_N8N_VERSIONS` names others, run in turn)
 * in queue mode
 * (one main, one worker, two webhook processes behind a proxy, on Postgres and Redis from Debian, started here on
 * loopback) runs our packed package against the reference server. Prints a line per check, the measured figures, and
 * a closing "queue: N passed, M failed (T s)"; exits non-zero on failure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Checks, seconds } from '../support/checks';
import { REPO_ROOT, startReferenceServer, type RunningServer } from '../support/reference-server';
import { packageTarball } from '../real-n8n/package-tarball';
import { N8N_VERSION, ensureN8n, prepareN8n } from '../real-n8n/n8n';
import { ensureNodeRuntime } from '../real-n8n/machine';
import { selectedTargets, type N8nTarget } from '../real-n8n/versions';
import { startCheckpoint, type Checkpoint } from './checkpoint';
import { WEBHOOK_PROCESSES, prepareCluster, type QueueCluster } from './cluster';
import { ensureServicePackages, startPostgres, startRedis, type Service } from './services';
import { runScenario } from './scenario';
import { waitForVideoChecks } from './wait-for-video';
import { freePort } from '../support/loopback';
import { faultAccount } from './fault-account';
import { beginFaults } from './fault-cases';
import { startWebhookProxy, type WebhookProxy } from './webhook-proxy';
import { credentials, faultCredentials, faultWorkflow, operationsWorkflow, triggerWorkflow, type Demo } from './workflows';

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  // 2.41.1 is run by hand until its burst checks hold on this machine (their bounds are 2.3.6's).
  const targets = selectedTargets(process.env.REAL_N8N_VERSIONS || N8N_VERSION);
  const tarballFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-queue-package-'));
  try {
    const tarball = packageTarball(tarballFolder);
    // One version after the other: each has the machine's two cores to itself, and its own Redis, Postgres and services.
    for (const target of targets) await runOnVersion(target, tarball, targets.length > 1 ? checks.scoped(`[n8n ${target.n8n}] `) : checks);
  } catch (error) {
    checks.fail('packing the package', error);
  } finally {
    rmSync(tarballFolder, { recursive: true, force: true });
  }
  console.log(checks.summary('queue', started));
  process.exitCode = checks.exitCode();
}

/** Every queue-mode check on one n8n version. */
async function runOnVersion(target: N8nTarget, tarball: string, checks: Checks): Promise<void> {
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-queue-'));
  const stops: Array<() => Promise<void>> = [];
  let server: RunningServer | undefined;
  /** The second reference service, which the leak-drain case stops and starts again. */
  let leakService: RunningServer | undefined;
  let serviceProxy: WebhookProxy | undefined;
  let cluster: QueueCluster | undefined;
  let checkpoint: Checkpoint | undefined;
  const services: Service[] = [];
  try {
    const runtime = ensureNodeRuntime(REPO_ROOT, target.node);
    const n8nBin = ensureN8n(REPO_ROOT, target, runtime);
    console.log(`n8n ${target.n8n} on Node ${runtime.version}`);
    const installed = ensureServicePackages();
    if (installed.length > 0) console.log(`installed ${installed.join(' and ')} with apt-get`);

    const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
    services.push(redis, postgres);
    console.log(
      `redis-server (pid ${redis.pid}) on 127.0.0.1:${redis.port} and postgres (pid ${postgres.pid}) on 127.0.0.1:${postgres.port}, throwaway data folders`,
    );
    server = await startReferenceServer();
    const demo: Demo = {
      baseUrl: server.baseUrl,
      backendToken: server.demo.tokens.N8N,
      workspaceId: server.demo.workspaceId,
      apiKey: server.demo.apiKey,
    };
    const stormWorkspace = await server.connectWorkspace('Queue faults', 'N8N');
    const stormAccount: Demo = { ...stormWorkspace, baseUrl: server.baseUrl };
    const erasureWorkspace = await server.connectWorkspace('Queue erased record', 'N8N');
    const erasureAccount: Demo = { ...erasureWorkspace, baseUrl: server.baseUrl };
    // A fixed port and a data file: started again, it is the same service at the same address, subscriptions and all.
    // n8n reaches it through a forwarding proxy (the one in front of the webhook processes, with one backend), which
    // is its public address: the links it signs name the proxy, as the credential's Service URL does.
    const leakPort = await freePort();
    const leakProxy = await startWebhookProxy(() => [leakPort]);
    serviceProxy = leakProxy;
    const leakArgs = ['--port', String(leakPort), '--data', path.join(workFolder, 'leak-service.sqlite'), '--public-url', leakProxy.url];
    const startLeakService = async () => (leakService = await startReferenceServer({ args: leakArgs }));
    const leakStarted = await startLeakService();
    const leakAccount: Demo = {
      baseUrl: leakProxy.url,
      backendToken: leakStarted.demo.tokens.N8N,
      workspaceId: leakStarted.demo.workspaceId,
      apiKey: leakStarted.demo.apiKey,
    };

    const endpoint = await startCheckpoint();
    checkpoint = endpoint.checkpoint;
    const packageFolder = await prepareN8n(n8nBin, tarball, runtime);
    stops.push(async () => rmSync(packageFolder.userFolder, { recursive: true, force: true }));
    cluster = await prepareCluster({ n8nBin, packageUserFolder: packageFolder.userFolder, redisPort: redis.port, postgres, runtime });
    const file = (name: string, content: unknown) => {
      const target = path.join(workFolder, name);
      writeFileSync(target, JSON.stringify(content));
      return target;
    };
    const setupStarted = Date.now();
    const allCredentials = [...credentials(demo), ...faultCredentials({ storm: stormAccount, leak: leakAccount, erasure: erasureAccount })];
    cluster.cli(['import:credentials', `--input=${file('credentials.json', allCredentials)}`]);
    const workflows = [
      triggerWorkflow('trigger', endpoint.url),
      triggerWorkflow('worker', endpoint.url),
      operationsWorkflow,
      faultWorkflow('storm'),
      faultWorkflow('leak'),
      faultWorkflow('erasure'),
    ];
    cluster.cli(['import:workflow', `--input=${file('workflows.json', workflows)}`]);
    await Promise.all([cluster.startMain(), cluster.startWebhook(), cluster.startWorker()]);
    console.log(
      `n8n main, worker and two webhook processes ready on Postgres and Redis in ${seconds(Date.now() - setupStarted)} (database migrations and imports included)`,
    );

    const readyCluster = cluster;
    const mainServer = server;
    const faults = () =>
      beginFaults(
        {
          cluster: readyCluster,
          checks,
          redis,
          postgres,
          storm: faultAccount({ name: 'storm', server: () => mainServer, account: stormAccount, cluster: readyCluster }),
          erasure: faultAccount({ name: 'erasure', server: () => mainServer, account: erasureAccount, cluster: readyCluster }),
        },
        {
          checks,
          cluster: readyCluster,
          serviceProxy: leakProxy,
          leak: faultAccount({ name: 'leak', server: () => leakService!, account: leakAccount, cluster: readyCluster }),
          stopService: async () => {
            await leakService?.stop();
            leakService = undefined;
          },
          startService: startLeakService,
        },
      );
    // QUEUE_ONLY=wait runs only the Wait for Video checks (they take the longest to look into); QUEUE_ONLY=faults only
    // the fault cases (fault-cases.ts).
    const only = process.env.QUEUE_ONLY;
    if (only === 'faults') await (await faults())();
    else if (only !== 'wait') await runScenario({ cluster, server, demo, checkpoint, checks, faults });
    if (only !== 'faults') await waitForVideoChecks({ cluster, server, demo, checks, workFolder });
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    // Each n8n process's whole log, read only when wanted (a process that never started has none).
    const processLogs = [
      ['main', () => cluster!.main.log()],
      ...Array.from({ length: WEBHOOK_PROCESSES }, (_, index) => [`webhook-${index}`, () => cluster!.webhookLogs()[index]!] as const),
      ['worker', () => cluster!.workerLogs()],
    ] as const;
    if (checks.counts.failed > 0 && cluster !== undefined) {
      for (const [role, log] of processLogs) {
        try {
          console.log(`--- n8n ${role}'s log (end) ---\n${log().slice(-2500)}`);
        } catch {
          // that process never started
        }
      }
    }
    await cluster?.stop();
    if (process.env.QUEUE_LOGS && cluster !== undefined) {
      // QUEUE_LOGS=<folder> keeps each n8n process's whole log there, in a folder per version.
      const logFolder = path.join(process.env.QUEUE_LOGS, target.n8n);
      mkdirSync(logFolder, { recursive: true });
      for (const [role, log] of processLogs) {
        try {
          writeFileSync(path.join(logFolder, `${role}.log`), log());
        } catch {
          // that process never started
        }
      }
    }
    await server?.stop();
    await leakService?.stop();
    await serviceProxy?.stop();
    await checkpoint?.stop();
    await Promise.all(services.map((service) => service.stop()));
    for (const stop of stops) await stop();
    rmSync(workFolder, { recursive: true, force: true });
  }
}

void main();
