import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType } from 'n8n-workflow';

const PACKAGE_DIR = join(__dirname, '../../packages/n8n-nodes-screenrec');
const packageJson = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  name: string;
  keywords: string[];
  files: string[];
  license: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  n8n: { n8nNodesApiVersion: number; strict: boolean; nodes: string[]; credentials: string[] };
};

// dist/ is what the package's build task wrote: the jest task runs after it (turbo.json), and `npm run build` first
// when a suite runs on its own.

describe('package.json', () => {
  it('is a community node package with no runtime dependencies, and n8n-workflow as its only peer', () => {
    expect(packageJson.name).toBe('n8n-nodes-screenrec');
    expect(packageJson.license).toBe('MIT');
    expect(packageJson.keywords).toContain('n8n-community-node-package');
    expect(packageJson.files).toEqual(['dist']);
    expect(packageJson.dependencies).toBeUndefined();
    expect(packageJson.peerDependencies).toEqual({ 'n8n-workflow': '*' });
  });

  it('names the nodes and credentials other tools load, at paths that exist after the build', () => {
    expect(packageJson.n8n).toEqual({
      n8nNodesApiVersion: 1,
      strict: true,
      credentials: ['dist/credentials/ScreenRecApi.credentials.js'],
      nodes: [
        'dist/nodes/ScreenRec/ScreenRec.node.js',
        'dist/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js',
        'dist/nodes/ScreenRecNewRecordingTrigger/ScreenRecNewRecordingTrigger.node.js',
      ],
    });
    for (const path of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
      expect(existsSync(join(PACKAGE_DIR, path))).toBe(true);
    }
  });
});

describe('the built files', () => {
  const load = <T>(path: string): T => {
    const className = path.split('/').pop()!.split('.')[0]!;
    const module = jest.requireActual<Record<string, new () => T>>(join(PACKAGE_DIR, path));
    return new module[className]!();
  };

  it('each load with the class named after their file and the expected description', () => {
    const [screenRec, trigger, polling] = packageJson.n8n.nodes.map((path) => load<INodeType>(path));
    expect(screenRec!.description).toMatchObject({ name: 'screenRec', displayName: 'ScreenRec', usableAsTool: true, version: 1 });
    for (const node of [screenRec!, trigger!, polling!]) {
      expect(node.description.credentials).toEqual([{ name: 'screenRecApi', required: true, testedBy: 'screenRecApiTest' }]);
      expect(typeof node.methods?.credentialTest?.screenRecApiTest).toBe('function');
    }
    expect(typeof screenRec!.methods?.listSearch?.searchRecordings).toBe('function');
    expect(trigger!.description).toMatchObject({
      name: 'screenRecTrigger',
      displayName: 'ScreenRec Trigger',
      inputs: [],
      group: ['trigger'],
    });
    expect(trigger!.description.webhooks).toEqual([{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }]);
    expect(Object.keys(trigger!.webhookMethods?.default ?? {}).sort()).toEqual(['checkExists', 'create', 'delete']);
    expect(polling!.description).toMatchObject({
      name: 'screenRecNewRecordingTrigger',
      displayName: 'ScreenRec New Recording Trigger',
      polling: true,
      inputs: [],
      group: ['trigger'],
    });
    expect(typeof polling!.poll).toBe('function');

    const [credential] = packageJson.n8n.credentials.map((path) => load<ICredentialType>(path));
    expect(credential).toMatchObject({ name: 'screenRecApi', displayName: 'ScreenRec API' });
    expect(credential!.properties.map((property) => property.name)).toEqual(['serviceUrl', 'workspaceId', 'backendToken', 'apiKey']);
  });

  it('gives every parameter an AI agent may fill a description it can use', () => {
    const [screenRec] = packageJson.n8n.nodes.map((path) => load<INodeType>(path));
    const undescribed: string[] = [];
    const visit = (properties: ReadonlyArray<{ name: string; type: string; description?: string; options?: unknown[] }>, path: string) => {
      for (const property of properties) {
        if (['notice', 'options', 'collection'].includes(property.type) === false && (property.description ?? '').length < 20)
          undescribed.push(`${path}${property.name}`);
        if (property.type === 'collection') visit(property.options as never, `${path}${property.name}.`);
      }
    };
    const properties = screenRec!.description.properties.filter(
      (property) => !['resource', 'operation', 'binaryPropertyName'].includes(property.name),
    );
    visit(properties as never, '');
    expect(undescribed).toEqual([]);
  });

  it("the AI agents page's example uses the node's own parameters, each shown for that operation and described", () => {
    const page = readFileSync(join(PACKAGE_DIR, 'docs/ai-agents.md'), 'utf8');
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(page)![1]!) as Record<string, string>;
    const [screenRec] = packageJson.n8n.nodes.map((path) => load<INodeType>(path));
    const { resource, operation, ...filled } = example;
    const operations = screenRec!.description.properties.find(
      (property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
    );
    expect(operations?.options?.map((option) => (option as { value: string }).value)).toContain(operation);
    for (const [name, value] of Object.entries(filled)) {
      expect(value).toMatch(new RegExp(`^=\\{\\{ \\$fromAI\\('${name}', '.{20,}', 'string'\\) \\}\\}$`));
      const property = screenRec!.description.properties.find(
        (candidate) =>
          candidate.name === name &&
          candidate.displayOptions?.show?.operation?.includes(operation) &&
          candidate.displayOptions.show.resource?.includes(resource),
      );
      expect([name, (property?.description ?? '').length > 20]).toEqual([name, true]);
    }
  });

  it("load through n8n's own package loader, with codex, themed icons and the credentials' supported nodes", async () => {
    const loader = new PackageDirectoryLoader(PACKAGE_DIR);
    await loader.loadAll();
    expect(Object.keys(loader.known.nodes).sort()).toEqual(['screenRec', 'screenRecNewRecordingTrigger', 'screenRecTrigger']);
    expect(Object.keys(loader.known.credentials)).toEqual(['screenRecApi']);
    const screenRec = loader.nodeTypes.screenRec!.type as INodeType;
    expect(screenRec.description.codex).toMatchObject({ categories: ['Productivity', 'Communication'] });
    expect(screenRec.description.iconUrl).toEqual({
      light: 'icons/n8n-nodes-screenrec/dist/icons/screenrec.svg',
      dark: 'icons/n8n-nodes-screenrec/dist/icons/screenrec.dark.svg',
    });
    expect(loader.known.credentials.screenRecApi!.supportedNodes).toEqual([
      'screenRec',
      'screenRecTrigger',
      'screenRecNewRecordingTrigger',
    ]);
    // The editor lists a credential under Predefined Credential Type, and n8n adds Custom API Call to its nodes, when
    // the credential type it is sent has `authenticate` (a function goes as `{}`).
    expect(loader.types.credentials.map((type) => JSON.parse(JSON.stringify(type)) as { authenticate?: unknown })).toMatchObject([
      { name: 'screenRecApi', authenticate: {} },
    ]);
    for (const icon of ['screenrec.svg', 'screenrec.dark.svg']) expect(existsSync(join(PACKAGE_DIR, 'dist/icons', icon))).toBe(true);
  });
});

describe('npm pack', () => {
  // Packed once for the tests that read the list (dist/ does not change during a run): npm takes a second or two.
  type Packed = Array<{ size: number; files: Array<{ path: string }> }>;
  let packedOnce: Packed | undefined;
  const packed = () =>
    (packedOnce ??= JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: PACKAGE_DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as Packed);

  it('ships only dist, README, LICENSE and package.json, in at most 100 kB', () => {
    const [pack] = packed();
    const paths = pack!.files.map((file) => file.path).sort();
    expect(paths.filter((path) => !path.startsWith('dist/'))).toEqual(['LICENSE', 'README.md', 'package.json']);
    const kinds = paths
      .filter((path) => path.startsWith('dist/'))
      .map((path) =>
        path.startsWith('dist/icons/')
          ? 'icon'
          : /\.node\.json$/.test(path)
            ? 'codex'
            : /\/__schema__\//.test(path)
              ? 'schema'
              : /\.js$/.test(path)
                ? 'js'
                : path,
      );
    expect([...new Set(kinds)].sort()).toEqual(['codex', 'icon', 'js', 'schema']);
    expect(pack!.size).toBeLessThanOrEqual(100_000);
  });

  it('ships one readable bundle, dist/screenrec.js, and for each declared node and credential a file re-exporting its class', () => {
    const [pack] = packed();
    const shipped = pack!.files.map((file) => file.path).filter((path) => path.endsWith('.js'));
    const declared = [...packageJson.n8n.nodes, ...packageJson.n8n.credentials];
    expect(shipped.sort()).toEqual(['dist/screenrec.js', ...declared].sort());
    for (const path of declared) {
      const className = basename(path).replace(/\.(node|credentials)\.js$/, '');
      const bundle = relative(dirname(path), 'dist/screenrec.js');
      expect(readFileSync(join(PACKAGE_DIR, path), 'utf8')).toBe(`exports.${className} = require("${bundle}").${className};\n`);
    }
    // Only what the package imports of core: not its Node entry (a timer sleep, fetch: n8n's scanner refuses both in
    // shipped code), nor what other platforms need of the catalogue.
    const bundle = readFileSync(join(PACKAGE_DIR, 'dist/screenrec.js'), 'utf8');
    expect(
      ['exampleRecording', 'PLATFORM_NAMES', 'operationByKey', 'createFetchTransport'].filter((name) => bundle.includes(name)),
    ).toEqual([]);
    expect(bundle).toContain('var OPERATIONS = {');
    expect(bundle).toContain('function n8nTransport(send) {\n');
    // Minified code is a few very long lines; the bundle keeps the source's statements on lines of their own.
    expect(bundle.length / bundle.split('\n').length).toBeLessThan(200);
  });

  it('bundles core but nothing n8n provides: the built code requires n8n-workflow, zod/v4 (and its core) and crypto from n8n, and its own files', () => {
    const requires = new Set<string>();
    const unresolved: string[] = [];
    const [pack] = packed();
    for (const path of pack!.files.map((file) => file.path).filter((name) => name.endsWith('.js'))) {
      for (const match of readFileSync(join(PACKAGE_DIR, path), 'utf8').matchAll(/require\("([^"]+)"\)/g)) {
        const target = match[1]!;
        if (!target.startsWith('.')) requires.add(target);
        else if (
          !['', '.js', '/index.js'].some((ending) => existsSync(join(PACKAGE_DIR, dirname(path), target + ending)) && !target.endsWith('/'))
        )
          unresolved.push(`${path} → ${target}`);
      }
    }
    expect([...requires].sort()).toEqual(['crypto', 'n8n-workflow', 'zod/v4', 'zod/v4/core']);
    expect(unresolved).toEqual([]);
  });

  it('the packed package.json names only packages a user can install: no workspace package of this repository', () => {
    const copy = mkdtempSync(join(tmpdir(), 'n8n-pack-manifest-'));
    try {
      for (const entry of ['package.json', 'pack-manifest.mjs', 'publish-guard.mjs', 'README.md', 'LICENSE', 'dist'])
        cpSync(join(PACKAGE_DIR, entry), join(copy, entry), { recursive: true });
      execFileSync('npm', ['pack', '--pack-destination', copy], { cwd: copy, stdio: ['ignore', 'ignore', 'pipe'] });
      const tarball = readdirSync(copy).find((name) => name.endsWith('.tgz'))!;
      const manifest = JSON.parse(
        execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: copy, encoding: 'utf8' }),
      ) as typeof packageJson & {
        devDependencies: Record<string, string>;
      };
      const named = [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies].flatMap((group) =>
        Object.keys(group ?? {}),
      );
      expect(named.filter((name) => WORKSPACES.includes(name))).toEqual([]);
      expect(manifest.devDependencies).toEqual({ '@n8n/eslint-plugin-community-nodes': '^0.32.0', 'n8n-workflow': '^2.3.4' });
      // The source keeps it (n8n's lint accepts imports of devDependencies): packing leaves the source as it was.
      expect(readFileSync(join(copy, 'package.json'), 'utf8')).toBe(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

/** The names of this repository's own packages, which are not on the registry (the n8n package aside). */
const WORKSPACES = ['packages/core', 'packages/zapier', 'packages/mcp-server', 'shared/reference-server']
  .map((folder) => join(__dirname, '../..', folder, 'package.json'))
  .filter((path) => existsSync(path))
  .map((path) => (JSON.parse(readFileSync(path, 'utf8')) as { name: string }).name);
