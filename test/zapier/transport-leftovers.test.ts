import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const REPO_ROOT = join(__dirname, '../..');

/**
 * A Zap step's request that has ended keeps nothing alive: its timeout timer and the listener on core's signal go
 * with it (a timer left to its timeout held the request for the whole timeout). Measured in a process of its own.
 */
it('3,000 finished requests through z.request with a 60 s timeout leave no signal alive', () => {
  const bundle = join(REPO_ROOT, '.cache/test/zapier-transport-leftovers.js');
  mkdirSync(join(REPO_ROOT, '.cache/test'), { recursive: true });
  buildSync({ entryPoints: [join(__dirname, 'children/transport-leftovers.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'warning', external: ['zapier-platform-core'] });
  const printed = execFileSync(process.execPath, ['--expose-gc', bundle], { encoding: 'utf8', timeout: 60_000 });
  expect(JSON.parse(printed)).toEqual({ calls: 3_000, alive: 0 });
});
