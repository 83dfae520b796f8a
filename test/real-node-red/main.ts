/**
 * `npm run test:node-red`: our packed Node-RED package in real Node-RED, each release of versions.ts on its own Node,
 * against the reference server, and the Flow Library's scorecard (node-red-dev validate) on the same tarball. Prints
 * a line per check and one closing "real-node-red: N passed, M failed (T s)"; exits non-zero on failure. Then the
 * fault cases (fault-cases.ts: kills, redeploys, restarts), each printing its messages per video. Stops every process
 * it started, by process id.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Checks, since } from '../support/checks';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import { runInWorkFolder } from '../support/work-folder-run';
import { packageTarball } from '../real-n8n/package-tarball';
import { PACKAGE_NAME, installedPackage, shippedExamples } from './example-flows';
import { faultChecks } from './fault-cases';
import { exampleFlowChecks, moduleChecks } from './flow-checks';
import { ensureNodeRed, freshUserDir, type NodeRedInstall } from './install';
import { startNodeRed, type NodeRedServer } from './node-red';
import { scorecardChecks, testConnectionChecks } from './package-checks';
import { ensureNodeRedDev } from './scorecard';
import { selectedNodeRedTargets } from './versions';

async function onVersion(install: NodeRedInstall, tarball: string, checks: Checks): Promise<void> {
  const started = Date.now();
  const failedBefore = checks.counts.failed;
  let server: RunningServer | undefined;
  let nodeRed: NodeRedServer | undefined;
  let userDir: string | undefined;
  try {
    // The service's own retry pacing (1 s, doubling, 5 attempts), not the suites' 50 ms: a notification for a video that
    // finished while Node-RED was down is sent again once it is back, as ScreenRec would.
    server = await startReferenceServer(['--retry-delay-ms', '1000']);
    await checks.check(
      `the tarball installs into a fresh user directory as the palette manager installs it (Node ${install.runtime.version})`,
      () => {
        userDir = freshUserDir(install, tarball);
      },
    );
    if (userDir === undefined) return;
    nodeRed = await startNodeRed(install, userDir);
    const examples = shippedExamples(installedPackage(userDir));
    const context = { checks, server, nodeRed, examples };
    await moduleChecks(context);
    await testConnectionChecks(checks, server, nodeRed);
    await exampleFlowChecks(context);
    // The fault cases start and kill Node-RED on the same user directory themselves.
    await nodeRed.stop();
    nodeRed = undefined;
    await faultChecks({ checks, install, userDir, server });
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    if (checks.counts.failed > failedBefore && nodeRed !== undefined)
      console.log(`--- Node-RED ${install.target.nodeRed}'s output ---\n${nodeRed.output().slice(-4000)}`);
    await nodeRed?.stop();
    await server?.stop();
    if (userDir !== undefined && !process.env.KEEP_REAL_NODE_RED) rmSync(userDir, { recursive: true, force: true, maxRetries: 10 });
    else if (userDir !== undefined) console.log(`kept ${userDir}`);
  }
  console.log(`Node-RED ${install.target.nodeRed}: checks took ${since(started)}`);
}

async function main(): Promise<void> {
  const { checks, started } = await runInWorkFolder('screenrec-real-node-red-', false, async (checks, workFolder, started) => {
    const targets = selectedNodeRedTargets();
    // REAL_NODE_RED_TARBALL checks a given package tarball (one already published, say) instead of packing ours.
    const tarball = packageTarball(workFolder, process.env.REAL_NODE_RED_TARBALL, PACKAGE_NAME);
    console.log(`built and packed ${path.basename(tarball)} in ${since(started)}`);
    // Every install at once (downloads overlap); each is kept in .cache/ for the next run.
    const installing = Date.now();
    const [scorecardCli, ...installs] = await Promise.allSettled([ensureNodeRedDev(), ...targets.map((target) => ensureNodeRed(target))]);
    console.log(`Node-RED ${targets.map((target) => target.nodeRed).join(' and ')} and node-red-dev ready in ${since(installing)}`);
    if (scorecardCli!.status === 'fulfilled') await scorecardChecks(checks, scorecardCli!.value, tarball);
    else checks.fail('installing node-red-dev', scorecardCli!.reason);
    for (const [index, install] of installs.entries()) {
      const scoped = checks.scoped(`[Node-RED ${targets[index]!.nodeRed}] `);
      if (install.status === 'fulfilled') await onVersion(install.value, tarball, scoped);
      else scoped.fail('installing Node-RED', install.reason);
    }
  });
  console.log(checks.summary('real-node-red', started));
  process.exitCode = checks.exitCode();
}

void main();
