import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coldStart, runCommand, type ColdStart } from './commands';
import { atMost, figure, paired, reported, single, type Figure } from './figure';
import { interleavedSamples } from './measure';

const KB = 1000;
/** PLATFORM-NOTES: the CLI's file detection misses these `module-sync` files, and the build's smoke test fails without them. */
const ZAPIERAPPRC = { includeInBuild: ['(async-function|async-generator-function|generator-function)/require\\.mjs$'] };

/**
 * #5: our Zapier app against the app `zapier-platform init -t custom-auth -l typescript` generates, both built
 * with `zapier-platform build` in this run: the size of build.zip, and the cold start of a fresh process that
 * loads the unzipped build as Zapier's runtime does (zapierwrapper.js) and validates the app's schema; beside it,
 * what a cold step pays before its perform: the same load, then the app compiled (the `definition` command; a step
 * runs no schema validation, which Zapier does at build and push).
 */
export async function benchZapierApp(root: string, runs: number): Promise<Figure[]> {
  const work = join(root, '.cache/bench/zapier');
  const template = await prepareTemplate(root, join(work, 'template'));
  const cli = join(root, 'node_modules/.bin/zapier-platform');
  // Both builds install zapier-platform-core from the registry into a temp copy; side by side they take one wait.
  await Promise.all([
    runCommand('npm', ['run', 'zapier:build', '-w', '@screenrec/zapier'], { cwd: root }),
    runCommand(cli, ['build', '--skip-validation'], { cwd: template }),
  ]);
  const zips = { ours: join(root, 'packages/zapier/build/build.zip'), template: join(template, 'build/build.zip') };
  const dirs = { ours: join(work, 'unzipped/ours'), template: join(work, 'unzipped/template') };
  for (const side of ['ours', 'template'] as const) {
    rmSync(dirs[side], { recursive: true, force: true });
    mkdirSync(dirs[side], { recursive: true });
    await runCommand('unzip', ['-q', zips[side], '-d', dirs[side]], { cwd: work });
  }

  const start = (dir: string, ...command: string[]) => () => coldStart(['zapier', dir, ...command], dir);
  await start(dirs.ours)(); // warm the file cache for both
  await start(dirs.template)();
  const [ours, baseline, oursStep, baselineStep] = await interleavedSamples(runs, [
    start(dirs.ours),
    start(dirs.template),
    start(dirs.ours, 'definition'),
    start(dirs.template, 'definition'),
  ]);
  const side = (key: keyof ColdStart, sides = [ours!, baseline!]) => paired(sides[0]!.map((run) => run[key]!), sides[1]!.map((run) => run[key]!));
  return [
    figure('Zapier app cold start: load the build and validate it', side('ms'), 'ms', atMost(1.05), `${runs} fresh processes each`),
    figure('same: CPU time of the cold process', side('cpuMs'), 'ms', reported),
    figure("a cold step before its perform: load the build and compile the app (no validation)", side('ms', [oursStep!, baselineStep!]), 'ms', reported),
    figure('same, the step: CPU time of the cold process', side('cpuMs', [oursStep!, baselineStep!]), 'ms', reported),
    figure('Zapier app build.zip size', single(statSync(zips.ours).size / KB, statSync(zips.template).size / KB), 'kB', atMost(1)),
  ];
}

/** The generated app, with its npm dependencies installed once and kept in .cache/bench (a warm run reuses it). */
async function prepareTemplate(root: string, dir: string): Promise<string> {
  const app = join(dir, 'app');
  const ready = join(dir, '.installed');
  if (!existsSync(ready)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await runCommand(join(root, 'node_modules/.bin/zapier-platform'), ['init', 'app', '-t', 'custom-auth', '-l', 'typescript'], { cwd: dir });
    writeFileSync(join(app, '.zapierapprc'), `${JSON.stringify(ZAPIERAPPRC, null, 2)}\n`);
    await runCommand('npm', ['install', '--no-audit', '--no-fund'], { cwd: app });
    writeFileSync(ready, '');
  }
  return app;
}
