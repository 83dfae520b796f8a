/**
 * `npm run test:n8n`: our packed n8n-nodes-screenrec installed as a community package in each real n8n of
 * versions.ts, against the reference server. Prints a line per check and one closing
 * "real-n8n: N passed, M failed"; exits non-zero on failure. Stops every process it started.
 */
import { since } from '../support/checks';
import { runInWorkFolder } from '../support/work-folder-run';
import { packageTarball } from './package-tarball';
import { installTargets, runOnVersion } from './suite';
import { selectedTargets } from './versions';

async function main(): Promise<void> {
  const { checks, started } = await runInWorkFolder(
    'screenrec-real-n8n-',
    Boolean(process.env.KEEP_REAL_N8N),
    async (checks, workFolder) => {
      const targets = selectedTargets();
      // REAL_N8N_TARBALL runs the suite on a given package tarball (one already published, say) instead of packing ours.
      const tarball = packageTarball(workFolder, process.env.REAL_N8N_TARBALL);
      for (const installed of await installTargets(targets, checks)) {
        await runOnVersion(installed, tarball, workFolder, checks.scoped(`[n8n ${installed.target.n8n}] `));
      }
    },
  );
  const { passed, failed } = checks.counts;
  console.log(`real n8n run took ${since(started)}`);
  console.log(`real-n8n: ${passed} passed, ${failed} failed`);
  process.exitCode = checks.exitCode();
}

void main();
