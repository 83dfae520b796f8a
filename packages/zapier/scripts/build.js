// Bundles the app with @screenrec/core and zod inlined, so the Zapier build needs only zapier-platform-core
// from node_modules and never has to resolve the workspace package.
const path = require('node:path');
const esbuild = require('esbuild');

const packageDir = path.resolve(__dirname, '..');

/**
 * zod re-exports its ~40 message translations as `z.locales`; nothing here uses them (zod itself loads English
 * directly), yet they are half of the bundle. This keeps English only, which shrinks build.zip and every cold start.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(args.resolveDir, '../locales/index.js'), namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
    }));
  },
};

esbuild
  .build({
    entryPoints: [path.join(packageDir, 'src/index.ts')],
    outfile: path.join(packageDir, 'dist/index.js'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: true,
    // build.zip carries this file to every cold start: minified, it is a fifth of the size to read and parse.
    // keepNames: core's errors take their name from their class.
    minify: true,
    keepNames: true,
    legalComments: 'none',
    external: ['zapier-platform-core'],
    plugins: [zodEnglishOnly],
    alias: { '@screenrec/core': path.resolve(packageDir, '../core/src/index.ts') },
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    logLevel: 'warning',
  })
  .catch(() => process.exit(1));
