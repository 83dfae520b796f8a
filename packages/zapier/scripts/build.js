// Bundles the app with @screenrec/core and zod inlined, so the Zapier build needs only zapier-platform-core
// from node_modules and never has to resolve the workspace package.
const path = require('node:path');
const esbuild = require('esbuild');

const packageDir = path.resolve(__dirname, '..');

esbuild
  .build({
    entryPoints: [path.join(packageDir, 'src/index.ts')],
    outfile: path.join(packageDir, 'dist/index.js'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: true,
    external: ['zapier-platform-core'],
    alias: { '@screenrec/core': path.resolve(packageDir, '../core/src/index.ts') },
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    logLevel: 'warning',
  })
  .catch(() => process.exit(1));
