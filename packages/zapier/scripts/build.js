// Bundles the app with screenrec and zod inlined into dist/app.js, so the Zapier build needs only
// zapier-platform-core from node_modules and never has to resolve the workspace package; then writes dist/index.js,
// the app's definition with stand-ins that load dist/app.js when a function first runs (lazy-definition.js).
const path = require('node:path');
const { readFileSync, rmSync, writeFileSync } = require('node:fs');
const esbuild = require('esbuild');
const { lazyDefinitionModule } = require('./lazy-definition');
const { trimSourceMap } = require('./trim-source-map');

const packageDir = path.resolve(__dirname, '..');

rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true });
esbuild
  .build({
    entryPoints: [path.join(packageDir, 'src/index.ts')],
    outfile: path.join(packageDir, 'dist/app.js'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    // build.zip carries dist/index.js.map (.zapierapprc includeInBuild) so Zapier's monitoring shows our sources.
    sourcemap: true,
    sourcesContent: false,
    // build.zip carries this file to every cold start: minified, it is a fifth of the size to read and parse.
    // keepNames: core's errors take their name from their class.
    minify: true,
    keepNames: true,
    legalComments: 'none',
    external: ['zapier-platform-core'],
    alias: { screenrec: path.resolve(packageDir, '../core/src/index.ts') },
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    logLevel: 'warning',
  })
  .then(() => {
    const mapFile = path.join(packageDir, 'dist/app.js.map');
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    writeFileSync(mapFile, JSON.stringify(trimSourceMap(map, (source) => !source.includes('node_modules/'))));
    // The definition, derived here once: a cold step compiles it without loading dist/app.js.
    const app = require(path.join(packageDir, 'dist/app.js')).default;
    writeFileSync(path.join(packageDir, 'dist/index.js'), lazyDefinitionModule(app, './app.js'));
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
