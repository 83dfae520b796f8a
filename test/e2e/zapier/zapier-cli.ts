import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../support/reference-server';
import { runProcess } from '../../support/run-process';
import type { AuthData } from './environment';

export const ZAPIER_APP_DIR = path.join(REPO_ROOT, 'packages/zapier');
const BIN_DIR = path.join(REPO_ROOT, 'node_modules/.bin');
/** Inside the checkout, so the copy's `require('zapier-platform-core')` finds the repository's node_modules. */
const SANDBOX_ROOT = path.join(REPO_ROOT, '.cache/zapier-invoke');
/** What `zapier-platform build` puts in build.zip of ours: the entry, the bundle, the app's identity. */
const BUILT_FILES = ['index.js', 'package.json', 'dist', '.zapierapprc'];
/**
 * One CLI run's bound: the CLI's start-up and the app's load (seconds when it has a core to itself) plus the 30 s a
 * Zapier step may take.
 */
export const CLI_RUN_BOUND_MS = 60_000;
/**
 * CLI runs at once, at most one a core. Each run loads Node, the CLI and the app; more at once only queue for the CPU,
 * and starve the reference server they call (a search then stops at its time limit having seen nothing).
 */
const CLI_SLOTS = availableParallelism();
let runningClis = 0;
const waitingClis: Array<() => void> = [];

/** How long `count` CLI runs may take, sharing the slots, each inside its bound. */
export function cliRunsBoundMs(count: number): number {
  return Math.ceil(count / CLI_SLOTS) * CLI_RUN_BOUND_MS;
}

async function inCliSlot<T>(run: () => Promise<T>): Promise<T> {
  if (runningClis >= CLI_SLOTS) await new Promise<void>((resolve) => waitingClis.push(resolve));
  else runningClis += 1;
  try {
    return await run();
  } finally {
    const next = waitingClis.shift();
    if (next) next();
    else runningClis -= 1;
  }
}

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  /** stderr with the CLI's ` ›   ` error margins and its line wrapping undone, for reading messages whole. */
  stderr: string;
}

/** One connection's copy of the built app, where `invoke` runs as a maintainer runs it. */
export interface InvokeSandbox {
  invoke: (args: string[]) => Promise<CliRun>;
  remove: () => Promise<void>;
}

/**
 * A temporary copy of the built app (packages/zapier after `npm run build`) with the connection in its `.env` as
 * `authData_<field>='…'` lines, exactly as the README has a maintainer write it, and a HOME of its own where
 * `zapier-platform analytics --mode disabled` has run first: the CLI neither reads nor writes the user's Zapier
 * settings, nothing leaves the machine, and a developer's own packages/zapier/.env plays no part. Runs on the
 * repo's pinned Node (the CLI refuses Node < 22). Remove it in afterAll.
 */
export async function invokeSandbox(authData: AuthData): Promise<InvokeSandbox> {
  if (!existsSync(path.join(ZAPIER_APP_DIR, 'dist/index.js')))
    throw new Error('The Zapier app is not built: run `npm run build` at the repository root first.');
  await mkdir(SANDBOX_ROOT, { recursive: true });
  const root = await mkdtemp(path.join(SANDBOX_ROOT, 'app-'));
  const app = path.join(root, 'app');
  const home = path.join(root, 'home');
  await mkdir(home);
  await Promise.all(BUILT_FILES.map((name) => cp(path.join(ZAPIER_APP_DIR, name), path.join(app, name), { recursive: true })));
  await writeFile(
    path.join(app, '.env'),
    Object.entries(authData)
      .map(([field, value]) => `authData_${field}='${value}'\n`)
      .join(''),
  );
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('authData_')));
  const searchPath = `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}`;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOME: home,
    PATH: searchPath,
    DISABLE_ZAPIER_ANALYTICS: '1',
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
  };
  const cli = (args: string[]) =>
    inCliSlot(() => runProcess(path.join(BIN_DIR, 'zapier-platform'), args, { cwd: app, env, timeoutMs: CLI_RUN_BOUND_MS }));
  const analytics = await cli(['analytics', '--mode', 'disabled']);
  if (analytics.exitCode !== 0) throw new Error(`zapier-platform analytics --mode disabled failed: ${analytics.stderr}`);
  return {
    invoke: async (args) => {
      const { exitCode, stdout, stderr } = await cli(['invoke', ...args, '--non-interactive']);
      return { exitCode, stdout, stderr: unwrapErrorMargins(stderr) };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The JSON a run printed last on stdout (what the perform returned), after any lines the perform logged. */
export function printedResult<T>(run: CliRun): T {
  const start = run.stdout.search(/^[[{]/m);
  if (start < 0) throw new Error(`no JSON on stdout: ${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as T;
}

/** A failed step's Zapier error as the CLI prints it: `Error: {"message":…,"code":…}` (its margins undone). */
export function printedError(run: CliRun): { message: string; code?: string } {
  const start = run.stderr.indexOf('Error: {') + 'Error: '.length;
  for (let end = run.stderr.indexOf('}', start); start >= 'Error: '.length && end > 0; end = run.stderr.indexOf('}', end + 1)) {
    try {
      return JSON.parse(run.stderr.slice(start, end + 1)) as { message: string; code?: string };
    } catch {
      // not the end of the JSON yet
    }
  }
  throw new Error(`no error on stderr: ${run.stderr}`);
}

function unwrapErrorMargins(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^ ›\s*/, ' ').trimEnd())
    .join('\n')
    .replace(/\n /g, ' ')
    .replace(/ {2,}/g, ' ');
}
