import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { N8N_TARGETS } from '../real-n8n/versions';
import { indexOfRun, nodeMajorOf, readWorkflow, stepsOf } from './workflow-file';

// CI is `.ci/run` wherever it runs: on a maintainer's machine and in .github/workflows/ci.yml alike. The stages are
// listed once, in .ci/stages; these tests run .ci/run with a stand-in npm that only notes what it was asked.

/** .ci/stages as .ci/run reads it: a stage a line, `&` before the one started in the background, `wait` where it is waited for. */
const LISTED = readFileSync(path.join(REPO_ROOT, '.ci/stages'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const BACKGROUND = LISTED.find((line) => line.startsWith('&'))?.slice(1) ?? '';
const BEFORE_WAIT = LISTED.slice(0, LISTED.indexOf('wait')).filter((line) => !line.startsWith('&'));
const STAGES = LISTED.filter((line) => line !== 'wait' && !line.startsWith('&'));

it('.ci/stages starts the engines in the background, checks the dependencies and runs the jest stages beside them, then waits for them', () => {
  expect(LISTED.slice(0, 5)).toEqual(['&engines:install', 'check:dependencies', 'test', 'test:tools', 'wait']);
  expect(LISTED.filter((line) => line.startsWith('&') || line === 'wait')).toHaveLength(2);
});

let bin: string;
beforeAll(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'screenrec-ci-'));
  // Notes each call (and whether anything could be read on stdin); fails with 3 on the script named by FAIL_AT.
  writeFileSync(
    path.join(bin, 'npm'),
    '#!/usr/bin/env bash\n' +
      'stdin=none; if read -r -t 1 line; then stdin=input; fi\n' +
      'echo "$* stdin=$stdin" >> "$NPM_LOG"\n' +
      '[ "$2" = "${FAIL_AT:-}" ] && exit 3\nexit 0\n',
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function runCi(env: Record<string, string> = {}): { status: number | null; output: string; calls: string[] } {
  const log = path.join(bin, `calls-${Date.now()}-${Math.random()}.log`);
  writeFileSync(log, '');
  const result = spawnSync(path.join(REPO_ROOT, '.ci/run'), [], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NPM_LOG: log, GITHUB_ACTIONS: '', ...env },
    // Something typed at the terminal must not reach the stages: CI runs unattended.
    input: 'y\ny\n',
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout, calls: readFileSync(log, 'utf8').trim().split('\n') };
}

/** The calls without what stdin held, and the background stage's call set apart (it runs beside the others). */
function split(calls: string[]): { foreground: string[]; background: string[] } {
  const plain = calls.map((call) => call.replace(/ stdin=\w+$/, ''));
  return {
    foreground: plain.filter((call) => call !== `run ${BACKGROUND}`),
    background: plain.filter((call) => call === `run ${BACKGROUND}`),
  };
}

it('.ci/run installs with npm ci, then runs every stage in order, unattended, the engines installing beside the first ones', () => {
  const { status, output, calls } = runCi();
  expect(calls.every((call) => call.endsWith(' stdin=none'))).toBe(true);
  expect(split(calls)).toEqual({
    foreground: ['ci --no-audit --no-fund', ...STAGES.map((stage) => `run ${stage}`)],
    background: [`run ${BACKGROUND}`],
  });
  const lines = output.trim().split('\n');
  // Waited for after the stages before the wait, and before the first one that needs an engine.
  const waited = lines.findIndex((line) => line.startsWith(`ci: \`npm run ${BACKGROUND}\` passed (`));
  expect(waited).toBeGreaterThan(lines.findIndex((line) => line.startsWith(`ci: \`npm run ${BEFORE_WAIT.at(-1)}\` passed`)));
  expect(waited).toBeLessThan(lines.indexOf('ci: npm run test:browser'));
  expect(status).toBe(0);
  expect(lines.at(-1)).toMatch(new RegExp(`^ci: passed \\(${STAGES.length + 1} stages after npm ci, \\d+ s\\)$`));
});

it('.ci/run stops at the first stage that fails, says which, and exits with its code', () => {
  const { status, output, calls } = runCi({ FAIL_AT: 'test:browser' });
  expect(split(calls).foreground).toEqual(['ci --no-audit --no-fund', ...BEFORE_WAIT.map((stage) => `run ${stage}`), 'run test:browser']);
  expect(status).toBe(3);
  expect(output).toMatch(/ci: failed at `npm run test:browser` \(exit 3, \d+ s\)/);
});

it('.ci/run fails at the wait when the background stage failed, with its output, before any stage that needs it', () => {
  const { status, output, calls } = runCi({ FAIL_AT: BACKGROUND });
  expect(split(calls).foreground).toEqual(['ci --no-audit --no-fund', ...BEFORE_WAIT.map((stage) => `run ${stage}`)]);
  expect(status).toBe(3);
  expect(output).toMatch(new RegExp(`ci: failed at \`npm run ${BACKGROUND}\` \\(exit 3, \\d+ s\\)`));
});

it('.ci/run folds each stage into a group on GitHub Actions', () => {
  const { output } = runCi({ GITHUB_ACTIONS: 'true' });
  expect(output.match(/^::group::.*$/gm)).toEqual([
    '::group::npm ci --no-audit --no-fund',
    ...BEFORE_WAIT.map((stage) => `::group::npm run ${stage}`),
    `::group::npm run ${BACKGROUND}`,
    ...STAGES.slice(BEFORE_WAIT.length).map((stage) => `::group::npm run ${stage}`),
  ]);
  expect(output.match(/^::endgroup::$/gm)).toHaveLength(STAGES.length + 2);
});

it('every stage is an npm script of the root package.json', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect([BACKGROUND, ...STAGES].filter((stage) => scripts[stage] === undefined)).toEqual([]);
});

describe('.github/workflows/ci.yml', () => {
  const workflow = readWorkflow('ci.yml');
  const steps = stepsOf(workflow);

  it('runs on every push to a branch and every pull request, on Node 22, as root in Debian (the suites apt-get what they need)', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.on.push).toEqual({ branches: ['**'] });
    expect(nodeMajorOf(workflow)).toBe(22);
    expect(Object.values(workflow.jobs)[0]!.container?.image).toMatch(/^node:22-bookworm$/);
  });

  it('runs .ci/run, and no stage of its own: the stages are those of .ci/stages', () => {
    expect(steps.filter((step) => step.run !== undefined && /\bnpm\b|\.ci\/run/.test(step.run)).map((step) => step.run!.trim())).toEqual([
      '.ci/run',
    ]);
  });

  it('restores the n8n installs before .ci/run and saves them after, keyed by .ci/n8n-cache.mjs', () => {
    const restore = steps.findIndex((step) => step.uses?.startsWith('actions/cache/restore@'));
    const save = steps.findIndex((step) => step.uses?.startsWith('actions/cache/save@'));
    expect(restore).toBeGreaterThanOrEqual(0);
    expect(restore).toBeLessThan(indexOfRun(steps, '.ci/run'));
    expect(save).toBeGreaterThan(indexOfRun(steps, '.ci/run'));
    for (const index of [restore, save]) {
      expect(steps[index]!.with).toMatchObject({ key: '${{ steps.n8n-cache.outputs.key }}', path: '${{ steps.n8n-cache.outputs.paths }}' });
    }
    expect(steps.find((step) => step.run?.includes('.ci/n8n-cache.mjs'))).toMatchObject({ id: 'n8n-cache' });
    expect(steps[save]!.if).toContain("steps.installed.outputs.complete == 'true'");
  });
});

describe('.ci/n8n-cache.mjs', () => {
  const outputs = (): Partial<Record<string, string>> & { paths: string } => {
    const text = execFileSync(process.execPath, [path.join(REPO_ROOT, '.ci/n8n-cache.mjs')], { encoding: 'utf8' });
    const paths = /^paths<<(\w+)\n([\s\S]*?)\n\1$/m.exec(text)?.[2] ?? '';
    return { ...Object.fromEntries([...text.matchAll(/^(\w+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!])), paths };
  };

  it('keys the cache on every n8n version of test/real-n8n/versions.ts, the Node each runs on, and the machine Node', () => {
    const key = outputs().key ?? '';
    for (const target of N8N_TARGETS) expect(key).toContain(target.node === undefined ? target.n8n : `${target.n8n}@node${target.node}`);
    expect(key).toContain(`node${process.versions.node}-`);
  });

  it("caches each version's install folder and the Node releases they need, nothing else", () => {
    const folders = [
      ...N8N_TARGETS.map((target) => `.cache/n8n-${target.n8n}`),
      ...N8N_TARGETS.flatMap((target) => (target.node === undefined ? [] : [`.cache/node-${target.node}`])),
    ];
    expect(outputs().paths.split('\n')).toEqual(folders);
  });

  it('says whether every listed version is fully installed', () => {
    expect(['true', 'false']).toContain(outputs().complete);
  });
});
