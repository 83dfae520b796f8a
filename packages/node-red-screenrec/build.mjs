// Builds dist/ as Node-RED loads it: dist/lib/nodes.js is one CommonJS bundle of the nodes with screenrec and zod
// inlined (Node-RED's palette manager installs with --omit=dev, and core comes from its sources; the one runtime
// dependency is undici, which core loads by a name esbuild does not follow, only to go through a proxy); each node of package.json's `node-red.nodes` gets a one-line file beside its
// HTML (written from src/editor, so the editor's forms and help come from the same tables as the nodes' behaviour),
// its messages in locales/en-US/, and the icons in icons/.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const finalDist = join(root, 'dist');
// Built aside and moved into place at the end: dist/ is never half-built while another process reads it.
const dist = join(root, `../../.cache/node-red-build/dist-${process.pid}`);
const { 'node-red': nodeRed } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const coreSource = {
  name: 'core-source',
  setup: (b) => b.onResolve({ filter: /^screenrec$/ }, () => ({ path: join(root, '../core/src/index.ts') })),
};
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  plugins: [coreSource],
};

rmSync(dist, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: ['src/index.ts'],
  outfile: join(dist, 'lib', 'nodes.js'),
  legalComments: 'eof',
  minify: true,
  keepNames: true,
});

for (const [type, path] of Object.entries(nodeRed.nodes)) {
  if (path !== `dist/nodes/${type}.js`) throw new Error(`${type}: a node's file must be dist/nodes/<type>.js, not ${path}`);
  mkdirSync(join(dist, 'nodes'), { recursive: true });
  writeFileSync(join(dist, 'nodes', basename(path)), `module.exports = require('../lib/nodes.js').NODE_FILES[${JSON.stringify(type)}];\n`);
}

// The editor's files are written by src/editor, run once here.
const editorBundle = `${dist}-editor.cjs`;
await build({ ...common, entryPoints: ['src/editor/index.ts'], outfile: editorBundle });
const { editorFiles } = createRequire(import.meta.url)(editorBundle);
rmSync(editorBundle);
for (const [path, text] of Object.entries(editorFiles())) {
  if (!Object.hasOwn(nodeRed.nodes, path.replace(/^locales\/en-US\//, '').replace(/\.(html|json)$/, '')))
    throw new Error(`${path} belongs to no node`);
  mkdirSync(dirname(join(dist, 'nodes', path)), { recursive: true });
  writeFileSync(join(dist, 'nodes', path), text);
}
cpSync(join(root, 'icons'), join(dist, 'nodes', 'icons'), { recursive: true });

for (let attempt = 0; ; attempt++) {
  rmSync(finalDist, { recursive: true, force: true });
  try {
    renameSync(dist, finalDist);
    break;
  } catch (error) {
    if (attempt > 2) throw error; // another build moved its dist/ in between: replace it with this one
  }
}
