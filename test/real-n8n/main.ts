/**
 * `npm run test:n8n`: our packed n8n-nodes-screenrec installed as a community package in each real n8n of
 * versions.ts, against the reference server. Prints a line per check and one closing
 * "real-n8n: N passed, M failed"; exits non-zero on failure. Stops every process it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Checks, since } from '../support/checks';
import { packageTarball } from './package-tarball';
import { installTargets, runOnVersion } from './suite';
import { selectedTargets } from './versions';

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-real-n8n-'));
  try {
    const targets = selectedTargets();
    // REAL_N8N_TARBALL runs the suite on a given package tarball (one already published, say) instead of packing ours.
    const tarball = packageTarball(workFolder, process.env.REAL_N8N_TARBALL);
    for (const installed of await installTargets(targets, checks)) {
      await runOnVersion(installed, tarball, workFolder, checks.scoped(`[n8n ${installed.target.n8n}] `));
    }
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    if (process.env.KEEP_REAL_N8N) console.log(`kept ${workFolder}`);
    else rmSync(workFolder, { recursive: true, force: true, maxRetries: 10 });
  }
  const { passed, failed } = checks.counts;
  console.log(`real n8n run took ${since(started)}`);
  console.log(`real-n8n: ${passed} passed, ${failed} failed`);
  process.exitCode = checks.exitCode();
}

void main();
