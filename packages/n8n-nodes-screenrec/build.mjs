// Builds dist/ as n8n loads it: every node and credential named in package.json's `n8n` section, plus
// dist/lib/index.js, the one bundle of @screenrec/core's portable entry and lib/ that every node requires. A
// community package may have no runtime dependencies: core is inlined; n8n-workflow and zod come from n8n
// (both are on n8n's allowed-imports list; core imports `zod/v4`, which zod 3.25.x and zod 4 both have).
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const { n8n } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const nodePath of n8n.nodes) {
  if (!/^dist\/nodes\/[^/]+\/[^/]+\.node\.js$/.test(nodePath)) throw new Error(`${nodePath}: node bundles must sit at dist/nodes/<Name>/<Name>.node.js`);
}
const sourceOf = (distPath) => distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts');
const LIB = join(root, 'lib');

const common = {
  absWorkingDir: root,
  outbase: '.',
  outdir: 'dist',
  bundle: true,
  minify: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['n8n-workflow', 'zod', 'zod/*'],
  tsconfig: 'tsconfig.json',
  legalComments: 'none',
  logLevel: 'warning',
};

/** Node files reach core and lib/ only through lib/index.ts, which stays a separate, shared file; lib reaches core only through its portable entry. */
const sharedLib = {
  name: 'shared-lib',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@screenrec\/core(\/portable)?$|\/lib(\/.*)?$/ }, (args) => {
      const target = args.path.startsWith('@screenrec/core') ? args.path : join(args.resolveDir, args.path);
      if (target !== LIB && target !== join(LIB, 'index')) {
        return { errors: [{ text: `${relative(root, args.importer)} must import ${args.path} through lib/index.ts` }] };
      }
      // Every node bundle is written to dist/nodes/<Name>/<Name>.node.js, whichever file of it imports lib.
      return { path: '../../lib/index.js', external: true };
    });
  },
};

/** The Node entry of core brings a timer sleep and fetch, which n8n's scanner refuses in shipped code. */
const portableCoreOnly = {
  name: 'portable-core-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@screenrec\/core$/ }, (args) => ({
      errors: [{ text: `${relative(root, args.importer)} must import @screenrec/core/portable, not @screenrec/core` }],
    }));
  },
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ['lib/index.ts'], plugins: [portableCoreOnly] }),
  build({ ...common, entryPoints: n8n.nodes.map(sourceOf), plugins: [sharedLib] }),
  build({ ...common, entryPoints: n8n.credentials.map(sourceOf) }),
]);

cpSync(join(root, 'icons'), join(root, 'dist', 'icons'), { recursive: true });
for (const nodePath of n8n.nodes) {
  const folder = dirname(sourceOf(nodePath));
  for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith('.node.json'))) {
    mkdirSync(join(root, 'dist', folder), { recursive: true });
    cpSync(join(root, folder, file), join(root, 'dist', folder, file));
  }
}
