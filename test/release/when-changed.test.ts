import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';

// npm test's build, typecheck and lint steps are skipped when they already passed on the same files
// (test/support/when-changed.js): any change that could change their result must run them again.

const WHEN_CHANGED = path.join(REPO_ROOT, 'test/support/when-changed.js');
// Notes each run in ../runs.log (outside the checkout), then copies the source into the ignored out/.
const STEP = 'echo ran >> ../runs.log && mkdir -p out && cp src.txt out/copy.txt';

let sandbox: string;
let checkout: string;
beforeEach(() => {
  sandbox = mkdtempSync(path.join(os.tmpdir(), 'screenrec-when-changed-'));
  checkout = path.join(sandbox, 'checkout');
  mkdirSync(path.join(checkout, 'node_modules'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: checkout });
  write('.gitignore', '.cache/\nout/\nnode_modules/\nignored.txt\n');
  write('src.txt', 'one\n');
  write('node_modules/.package-lock.json', '{"packages":{}}\n');
});
afterEach(() => rmSync(sandbox, { recursive: true, force: true }));

function write(file: string, text: string): void {
  writeFileSync(path.join(checkout, file), text);
}

/** Runs the step through when-changed.js; says whether the command ran, with the exit status and stderr. */
function step(command = STEP): { ran: boolean; status: number | null; stderr: string } {
  const runs = () => readFileSync(path.join(sandbox, 'runs.log'), { encoding: 'utf8', flag: 'a+' }).split('\n').length;
  const before = runs();
  const run = spawnSync(process.execPath, [WHEN_CHANGED, 'copy', '--outputs', 'out', '--', command], {
    cwd: checkout,
    encoding: 'utf8',
  });
  return { ran: runs() > before, status: run.status, stderr: run.stderr };
}

it('runs the first time, then skips while nothing changed, saying so; after a change, runs once and skips again', () => {
  expect(step()).toMatchObject({ ran: true, status: 0 });
  expect(step()).toEqual({ ran: false, status: 0, stderr: 'copy: unchanged since it last passed, skipped\n' });
  write('src.txt', 'two\n');
  expect(step()).toMatchObject({ ran: true, status: 0 });
  expect(step()).toMatchObject({ ran: false, status: 0 });
});

it.each([
  ['a source file is edited', () => write('src.txt', 'two\n')],
  ['a file is added that git does not ignore', () => write('new.ts', 'export {};\n')],
  ['a source file is deleted', () => (write('extra.txt', 'x'), step(), rmSync(path.join(checkout, 'extra.txt')))],
  ['the installed packages change', () => write('node_modules/.package-lock.json', '{"packages":{"a":{}}}\n')],
  ['an output is edited', () => write('out/copy.txt', 'edited\n')],
  ['the outputs are deleted', () => rmSync(path.join(checkout, 'out'), { recursive: true })],
])('runs again when %s', (_change, change) => {
  step();
  change();
  expect(step()).toMatchObject({ ran: true, status: 0 });
});

it('skips when only a file git ignores changed', () => {
  step();
  write('ignored.txt', 'anything\n');
  expect(step()).toMatchObject({ ran: false, status: 0 });
});

it('runs again when the command is another', () => {
  step();
  expect(step(`${STEP} && true`)).toMatchObject({ ran: true, status: 0 });
});

it("fails with the command's status, and runs it again every time until it passes", () => {
  step();
  write('src.txt', 'two\n');
  const failing = `${STEP} && exit 3`;
  expect(step(failing)).toMatchObject({ ran: true, status: 3 });
  expect(step(failing)).toMatchObject({ ran: true, status: 3 });
  // The stamp of the last success is gone too: the passing command runs again on the same files.
  expect(step()).toMatchObject({ ran: true, status: 0 });
});

it('outside a git checkout, always runs', () => {
  rmSync(path.join(checkout, '.git'), { recursive: true });
  expect(step()).toMatchObject({ ran: true, status: 0 });
  expect(step()).toMatchObject({ ran: true, status: 0 });
});

it('refuses a command given as several words, which the shell would split again', () => {
  const run = spawnSync(process.execPath, [WHEN_CHANGED, 'copy', '--', 'echo', 'ran'], { cwd: checkout, encoding: 'utf8' });
  expect([run.status, run.stderr]).toEqual([2, "usage: node test/support/when-changed.js <name> [--outputs <dir> …] -- '<command>'\n"]);
});
