/**
 * Every command a document shows works as copied, as far as the repository decides: each `npm run` names a script
 * its workspace has, each `npx jest` path and each `node` script file exists (from the repository root, or from the
 * document's own package, where its commands run).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { needsOf, shownCommands, type Need } from './commands';

const REPO_ROOT = resolve(__dirname, '../..');

const MARKDOWN = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '' && !/(^|\/)(node_modules|\.cache)\/|CHANGELOG\.md$|^\.changeset\/(?!README)/.test(path));

interface Workspace {
  folder: string;
  scripts: Record<string, string>;
}

const readPackage = (folder: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as {
    name: string;
    scripts?: Record<string, string>;
    workspaces?: string[];
  };
const WORKSPACES = new Map<string, Workspace>();
for (const folder of [
  'packages/core',
  'packages/zapier',
  'packages/n8n-nodes-screenrec',
  'packages/mcp-server',
  'shared/reference-server',
]) {
  const { name, scripts = {} } = readPackage(folder);
  WORKSPACES.set(name, { folder, scripts });
  WORKSPACES.set(folder, { folder, scripts });
}
const ROOT_SCRIPTS = readPackage('.').scripts ?? {};

/** The package a document belongs to: its commands may run there. */
function packageFolderOf(document: string): string {
  for (let folder = dirname(document); folder !== '.'; folder = dirname(folder)) {
    if (existsSync(join(REPO_ROOT, folder, 'package.json'))) return folder;
  }
  return '.';
}

function unmet(need: Need, document: string): string | undefined {
  const home = packageFolderOf(document);
  if (need.kind === 'script') {
    const scripts =
      need.workspace === undefined
        ? [ROOT_SCRIPTS, ...(home === '.' ? [] : [readPackage(home).scripts ?? {}])]
        : [WORKSPACES.get(need.workspace)?.scripts];
    if (need.workspace !== undefined && scripts[0] === undefined) return `no workspace ${need.workspace}`;
    return scripts.some((list) => list !== undefined && need.script in list)
      ? undefined
      : `no script "${need.script}"${need.workspace === undefined ? '' : ` in ${need.workspace}`}`;
  }
  const found = [REPO_ROOT, join(REPO_ROOT, home)].some((base) => existsSync(join(base, need.path)));
  return found ? undefined : `no file ${need.path}`;
}

describe.each(MARKDOWN)('%s', (document) => {
  it('shows only commands the repository can run as written', () => {
    const commands = shownCommands(readFileSync(join(REPO_ROOT, document), 'utf8'));
    const problems = commands.flatMap(({ line, command }) =>
      needsOf(command).flatMap((need) => {
        const problem = unmet(need, document);
        return problem === undefined ? [] : [`${document}:${line}: ${command}: ${problem}`];
      }),
    );
    expect(problems).toEqual([]);
  });
});

describe('reading commands out of a document', () => {
  it('takes shell blocks line by line and code spans, without comments or prompts', () => {
    const markdown = [
      '```sh',
      '$ npm run build -w n8n-nodes-screenrec && REAL_N8N_VERSIONS=2.3.6 npx jest test/n8n   # build, test',
      '```',
      'Run `node scripts/x.mjs` once.',
      '```json',
      '{ "npm run": 1 }',
      '```',
    ].join('\n');
    expect(shownCommands(markdown)).toEqual([
      { line: 2, command: 'npm run build -w n8n-nodes-screenrec' },
      { line: 2, command: 'npx jest test/n8n' },
      { line: 4, command: 'node scripts/x.mjs' },
    ]);
  });

  it('names what each command needs', () => {
    expect(needsOf('npm run bench -- --only 2')).toEqual([{ kind: 'script', workspace: undefined, script: 'bench' }]);
    expect(needsOf('npm run n8n-node -w n8n-nodes-screenrec -- lint')).toEqual([
      { kind: 'script', workspace: 'n8n-nodes-screenrec', script: 'n8n-node' },
    ]);
    expect(needsOf('npx jest test/e2e test/demo --runInBand')).toEqual([
      { kind: 'path', path: 'test/e2e' },
      { kind: 'path', path: 'test/demo' },
    ]);
    expect(needsOf('node packages/mcp-server/dist/main.js')).toEqual([]);
  });

  it('finds a script that does not exist', () => {
    expect(unmet({ kind: 'script', workspace: undefined, script: 'no-such-script' }, 'README.md')).toBe('no script "no-such-script"');
    expect(unmet({ kind: 'path', path: 'test/no-such-suite' }, 'README.md')).toBe('no file test/no-such-suite');
  });
});
