import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../support/reference-server';
import { machineBinary, machineEnv, run } from '../real-n8n/machine';

/** The SDK's folder in the repository: its package.json names it, so nothing here repeats the name. */
export const SDK_FOLDER = path.join(REPO_ROOT, 'packages/core');

export interface SdkPackage {
  name: string;
  version: string;
  tarball: string;
}

const NPM_QUIET = ['--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'];

/**
 * Packs the SDK once, as `npm publish` would (its prepack builds dist/esm and dist/cjs), into `workFolder`.
 * RUNTIMES_TARBALL checks a given tarball (one already published, say) instead.
 */
export function packSdk(workFolder: string): SdkPackage {
  const given = process.env.RUNTIMES_TARBALL;
  let tarball: string;
  if (given !== undefined && given !== '') tarball = path.resolve(given);
  else {
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : [machineBinary('npm')];
    run(npm[0]!, [...npm.slice(1), 'pack', '--silent', '--pack-destination', workFolder], { cwd: SDK_FOLDER, env: process.env });
    tarball = path.join(workFolder, readdirSync(workFolder).find((file) => file.endsWith('.tgz'))!);
  }
  const { name, version } = JSON.parse(readFileSync(path.join(SDK_FOLDER, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name, version, tarball };
}

/** The files `tar` lists in a tarball, without the leading `package/`. */
export function tarballFiles(tarball: string): string[] {
  return run('tar', ['-tzf', tarball])
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/^package\//, ''));
}

export interface ConsumerProject {
  folder: string;
  /** The contract as a command (Node, Deno, Bun): `cli.mjs`, importing the installed package. */
  cli: string;
  /** The contract as one Worker module, the package bundled in (esbuild, as a Workers project bundles it). */
  workerBundle: string;
  /** The browser page and its one script, the package bundled in (esbuild for the browser). */
  pageHtml: string;
  pageScript: string;
}

/**
 * A project of a user's: a package.json of its own (`"type": "module"`), the tarball installed with npm as a user
 * installs it, and the contract's sources copied in beside it (outside the repository, so that no tsconfig of ours
 * maps the package back to its sources). The command imports the installed package; the Worker and the page bundle it
 * from node_modules, through its `exports`.
 */
export async function consumerProject(folder: string, sdk: SdkPackage): Promise<ConsumerProject> {
  mkdirSync(path.join(folder, 'src'), { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'screenrec-runtimes-project', private: true, type: 'module' }));
  run(machineBinary('npm'), ['install', ...NPM_QUIET, sdk.tarball], { cwd: folder, env: machineEnv(), timeoutMs: 300_000 });
  for (const file of ['contract.ts', 'cli.ts', 'worker.ts', 'page.ts'])
    copyFileSync(path.join(__dirname, file), path.join(folder, 'src', file));
  const common = { absWorkingDir: folder, bundle: true, format: 'esm', target: 'es2022', logLevel: 'warning' } as const;
  const external = [sdk.name, `${sdk.name}/*`];
  await build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'cli.mjs', platform: 'neutral', external });
  await build({
    ...common,
    entryPoints: ['src/worker.ts'],
    outfile: 'worker.js',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
  });
  await build({ ...common, entryPoints: ['src/page.ts'], outfile: 'page/page.js', platform: 'browser' });
  const pageHtml = path.join(folder, 'page', 'index.html');
  writeFileSync(
    pageHtml,
    '<!doctype html>\n<html><head><meta charset="utf-8"><title>SDK contract</title><script type="module" src="page.js"></script></head><body></body></html>\n',
  );
  return {
    folder,
    cli: path.join(folder, 'cli.mjs'),
    workerBundle: path.join(folder, 'worker.js'),
    pageHtml,
    pageScript: path.join(folder, 'page', 'page.js'),
  };
}
