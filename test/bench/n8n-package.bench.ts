import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coldStart, runCommand, type ColdStart } from './commands';
import { atMost, figure, oursAtMost, paired, reported, single, type Figure } from './figure';
import { interleavedSamples } from './measure';

const KB = 1000;
const TARBALL_LIMIT_KB = 100;

/** The smallest useful community package: one node that passes its items through, nothing else. */
const MINIMAL_NODE = `
import { NodeConnectionTypes, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

export class Minimal implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Minimal',
    name: 'minimal',
    group: ['transform'],
    version: 1,
    description: 'Passes its items through',
    defaults: { name: 'Minimal' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    properties: [{ displayName: 'Note', name: 'note', type: 'string', default: '' }],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return [this.getInputData()];
  }
}
`;

interface PackedFile {
  size: number;
  filename: string;
}

/**
 * #6: the n8n package as npm packs it, and a cold `require` of every node and credential file it declares,
 * against a minimal one-node package compiled in this run as `n8n-node build` does (one readable,
 * unminified CommonJS file per source file, n8n-workflow from n8n).
 */
export async function benchN8nPackage(root: string, runs: number): Promise<Figure[]> {
  const work = join(root, '.cache/bench/n8n');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const ours = join(root, 'packages/n8n-nodes-screenrec');
  // Set-up side by side: each build and pack waits on npm's start-up more than it uses a core.
  const minimal = join(work, 'minimal');
  const [oursTarball, minimalTarball] = await Promise.all([
    runCommand('npm', ['run', 'build', '-w', 'n8n-nodes-screenrec'], { cwd: root }).then(() => pack(ours, work)),
    buildMinimalPackage(minimal).then(() => pack(minimal, work)),
  ]);

  const load = (dir: string) => () => coldStart(['n8n', ...declaredFiles(dir)], dir);
  await load(ours)(); // warm the file cache for both
  await load(minimal)();
  const [oursRuns, minimalRuns] = await interleavedSamples(runs, [load(ours), load(minimal)]);
  const side = (key: keyof ColdStart) => paired(oursRuns!.map((run) => run[key]!), minimalRuns!.map((run) => run[key]!));
  return [
    figure('n8n package tarball (npm pack)', single(oursTarball.size / KB, minimalTarball.size / KB), 'kB', oursAtMost(TARBALL_LIMIT_KB)),
    figure('n8n package: cold require of every node and credential file', side('ms'), 'ms', atMost(2), `${runs} fresh processes each`),
    figure('same: CPU time of the require', side('cpuMs'), 'ms', reported),
  ];
}

async function buildMinimalPackage(dir: string): Promise<string> {
  mkdirSync(join(dir, 'nodes/Minimal'), { recursive: true });
  writeFileSync(join(dir, 'nodes/Minimal/Minimal.node.ts'), MINIMAL_NODE);
  const manifest = {
    name: 'n8n-nodes-minimal',
    version: '0.1.0',
    license: 'MIT',
    keywords: ['n8n-community-node-package'],
    files: ['dist'],
    n8n: { n8nNodesApiVersion: 1, credentials: [], nodes: ['dist/nodes/Minimal/Minimal.node.js'] },
    peerDependencies: { 'n8n-workflow': '*' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await build({
    absWorkingDir: dir,
    entryPoints: ['nodes/Minimal/Minimal.node.ts'],
    outbase: '.',
    outdir: 'dist',
    bundle: false,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return dir;
}

async function pack(dir: string, destination: string): Promise<PackedFile> {
  const [packed] = JSON.parse(await runCommand('npm', ['pack', '--json', '--pack-destination', destination], { cwd: dir })) as PackedFile[];
  return packed!;
}

/** Every file n8n loads from the package: its package.json `n8n` section. */
function declaredFiles(dir: string): string[] {
  const { n8n } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };
  return [...n8n.nodes, ...n8n.credentials].map((file) => join(dir, file));
}
