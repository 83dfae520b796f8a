/**
 * `npm run test:queue`: the pinned n8n in queue mode (one main, one worker, one webhook process on Postgres and
 * Redis from Debian, started here on loopback) runs our packed package against the reference server. Prints a line
 * per check, the measured figures, and a closing "queue: N passed, M failed (T s)"; exits non-zero on failure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Checks, seconds } from '../support/checks';
import { REPO_ROOT, startReferenceServer, type RunningServer } from '../support/reference-server';
import { packageTarball } from '../real-n8n/package-tarball';
import { ensureN8n, prepareN8n } from '../real-n8n/n8n';
import { startCheckpoint, type Checkpoint } from './checkpoint';
import { prepareCluster, type QueueCluster } from './cluster';
import { ensureServicePackages, startPostgres, startRedis, type Service } from './services';
import { runScenario } from './scenario';
import { waitForVideoChecks } from './wait-for-video';
import { credentials, operationsWorkflow, triggerWorkflow, type Demo } from './workflows';

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-queue-'));
  const stops: Array<() => Promise<void>> = [];
  let server: RunningServer | undefined;
  let cluster: QueueCluster | undefined;
  let checkpoint: Checkpoint | undefined;
  const services: Service[] = [];
  try {
    const tarball = packageTarball(workFolder);
    const n8nBin = ensureN8n(REPO_ROOT);
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

    const endpoint = await startCheckpoint();
    checkpoint = endpoint.checkpoint;
    const packageFolder = await prepareN8n(n8nBin, tarball);
    stops.push(async () => rmSync(packageFolder.userFolder, { recursive: true, force: true }));
    cluster = await prepareCluster({ n8nBin, packageUserFolder: packageFolder.userFolder, redisPort: redis.port, postgres });
    const file = (name: string, content: unknown) => {
      const target = path.join(workFolder, name);
      writeFileSync(target, JSON.stringify(content));
      return target;
    };
    const setupStarted = Date.now();
    cluster.cli(['import:credentials', `--input=${file('credentials.json', credentials(demo))}`]);
    cluster.cli([
      'import:workflow',
      `--input=${file('workflows.json', [triggerWorkflow('trigger', endpoint.url), triggerWorkflow('worker', endpoint.url), operationsWorkflow])}`,
    ]);
    await Promise.all([cluster.startMain(), cluster.startWebhook(), cluster.startWorker()]);
    console.log(
      `n8n main, worker and webhook processes ready on Postgres and Redis in ${seconds(Date.now() - setupStarted)} (database migrations and imports included)`,
    );

    // QUEUE_ONLY=wait runs only the Wait for Video checks (they take the longest to look into).
    if (process.env.QUEUE_ONLY !== 'wait') await runScenario({ cluster, server, demo, checkpoint, checks });
    await waitForVideoChecks({ cluster, server, demo, checks, workFolder });
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    // Each n8n process's whole log, read only when wanted (a process that never started has none).
    const processLogs = [
      ['main', () => cluster!.main.log()],
      ['webhook', () => cluster!.webhook.log()],
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
      // QUEUE_LOGS=<folder> keeps each n8n process's whole log there.
      mkdirSync(process.env.QUEUE_LOGS, { recursive: true });
      for (const [role, log] of processLogs) {
        try {
          writeFileSync(path.join(process.env.QUEUE_LOGS, `${role}.log`), log());
        } catch {
          // that process never started
        }
      }
    }
    await server?.stop();
    await checkpoint?.stop();
    await Promise.all(services.map((service) => service.stop()));
    for (const stop of stops) await stop();
    rmSync(workFolder, { recursive: true, force: true });
  }
  console.log(checks.summary('queue', started));
  process.exitCode = checks.exitCode();
}

void main();
