import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coldStart, runCommand, type ColdStart } from './commands';
import { atMost, figure, paired, reported, single, type Figure } from './figure';
import { evenRounds, interleavedSamples } from './measure';

const KB = 1000;
/** PLATFORM-NOTES: the CLI's file detection misses these `module-sync` files, and the build's smoke test fails without them. */
const ZAPIERAPPRC = { includeInBuild: ['(async-function|async-generator-function|generator-function)/require\\.mjs$'] };

/**
 * #5: our Zapier app against the app `zapier-platform init -t custom-auth -l typescript` generates, both built
 * with `zapier-platform build` in this run. Judged by what a user waits for: a cold step before its perform (a
 * fresh process loads the unzipped build as Zapier's runtime does, zapierwrapper.js, and compiles the app: the
 * `definition` command) at most 1.10× the template's, and build.zip at most 1.15× the template's (the template's
 * dependencies plus our code). The same load followed by the app's schema validation is shown: Zapier validates
 * only at build and push, never before a step.
 */
export async function benchZapierApp(root: string, runs: number): Promise<Figure[]> {
  const work = join(root, '.cache/bench/zapier');
  // Each build installs zapier-platform-core from the registry into a temp copy; side by side they take one wait.
  const [template] = await Promise.all([
    prepareTemplate(root, join(work, 'template')),
    runCommand('npm', ['run', 'zapier:build', '-w', '@screenrec/zapier'], { cwd: root }),
  ]);
  const zips = { ours: join(root, 'packages/zapier/build/build.zip'), template: join(template, 'build/build.zip') };
  const dirs = { ours: join(work, 'unzipped/ours'), template: join(work, 'unzipped/template') };
  await Promise.all(
    (['ours', 'template'] as const).map(async (side) => {
      rmSync(dirs[side], { recursive: true, force: true });
      mkdirSync(dirs[side], { recursive: true });
      await runCommand('unzip', ['-q', zips[side], '-d', dirs[side]], { cwd: work });
    }),
  );

  const start = (dir: string, ...command: string[]) => () => coldStart(['zapier', dir, ...command], dir);
  await start(dirs.ours)(); // warm the file cache for both
  await start(dirs.template)();
  // The judged step gets four fifths of the rounds, since its median decides a goal; validate, only shown, the rest.
  const stepRuns = evenRounds((runs * 4) / 3);
  const validateRuns = evenRounds(runs / 3);
  const [oursStep, templateStep] = await interleavedSamples(stepRuns, [start(dirs.ours, 'definition'), start(dirs.template, 'definition')]);
  const [oursValidate, templateValidate] = await interleavedSamples(validateRuns, [start(dirs.ours), start(dirs.template)]);
  const sides = (ours: ColdStart[], template: ColdStart[]) => (key: keyof ColdStart) =>
    paired(ours.map((run) => run[key]!), template.map((run) => run[key]!));
  const [step, validate] = [sides(oursStep!, templateStep!), sides(oursValidate!, templateValidate!)];
  const zipKb = (zip: string) => statSync(zip).size / KB;
  return [
    figure('a cold Zap step before its perform: load the build, compile the app', step('ms'), 'ms', atMost(1.1), `${stepRuns} runs each`),
    figure('same, the step: CPU time of the cold process', step('cpuMs'), 'ms', reported),
    figure('load the build and validate the app (at build and push only)', validate('ms'), 'ms', reported, `${validateRuns} runs each`),
    figure('same, validate: CPU time of the cold process', validate('cpuMs'), 'ms', reported),
    figure('Zapier app build.zip size', single(zipKb(zips.ours), zipKb(zips.template)), 'kB', atMost(1.15)),
  ];
}

/**
 * The generated app, its npm dependencies installed and built once and kept in .cache/bench (a warm run reuses it):
 * it changes only with the CLI that generates and builds it, whose version the marker holds.
 */
async function prepareTemplate(root: string, dir: string): Promise<string> {
  const app = join(dir, 'app');
  const ready = join(dir, '.built');
  const cli = join(root, 'node_modules/.bin/zapier-platform');
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/zapier-platform-cli/package.json'), 'utf8')) as { version: string };
  if (!existsSync(ready) || readFileSync(ready, 'utf8') !== version || !existsSync(join(app, 'build/build.zip'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await runCommand(cli, ['init', 'app', '-t', 'custom-auth', '-l', 'typescript'], { cwd: dir });
    writeFileSync(join(app, '.zapierapprc'), `${JSON.stringify(ZAPIERAPPRC, null, 2)}\n`);
    await runCommand('npm', ['install', '--no-audit', '--no-fund'], { cwd: app });
    await runCommand(cli, ['build', '--skip-validation'], { cwd: app });
    writeFileSync(ready, version);
  }
  return app;
}
