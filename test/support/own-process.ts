import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

const REPO_ROOT = join(__dirname, '../..');

export interface OwnProcessOptions {
  /** Left to Node's require (installed packages the child must load as they are). */
  external?: string[];
  /** Whose paths resolve the child's imports (the package's own, for its core imports). */
  tsconfig?: string;
  args?: string[];
  timeoutMs?: number;
}

/**
 * Bundles `entry` and runs it in a Node process of its own with --expose-gc (the pinned Node 22: a jest worker's
 * realm does not show what a timer keeps alive), and reads the one JSON line it prints.
 */
export function runInOwnProcess<T>(entry: string, { external = [], tsconfig, args = [], timeoutMs = 60_000 }: OwnProcessOptions = {}): T {
  const bundle = join(REPO_ROOT, '.cache/test', basename(entry).replace(/\.ts$/, '.js'));
  mkdirSync(join(REPO_ROOT, '.cache/test'), { recursive: true });
  buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: bundle,
    external,
    tsconfig,
    logLevel: 'warning',
  });
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', bundle, ...args], { encoding: 'utf8', timeout: timeoutMs })) as T;
}
