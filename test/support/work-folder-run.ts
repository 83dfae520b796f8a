import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Checks } from './checks';

/**
 * A real-engine suite's run in a work folder of its own (`prefix` and a random tail, in the system's temporary
 * folder): whatever `body` throws outside a check fails the check "setting up the run". The folder is removed after,
 * unless `keep` (then its path is printed). Answers the run's checks and when it started, for the closing line.
 */
export async function runInWorkFolder(
  prefix: string,
  keep: boolean,
  body: (checks: Checks, workFolder: string, started: number) => Promise<void>,
): Promise<{ checks: Checks; started: number }> {
  const started = Date.now();
  const checks = new Checks();
  const workFolder = mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    await body(checks, workFolder, started);
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    if (keep) console.log(`kept ${workFolder}`);
    else rmSync(workFolder, { recursive: true, force: true, maxRetries: 10 });
  }
  return { checks, started };
}
