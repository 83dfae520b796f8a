// Bundles the app with @screenrec/core and zod inlined (dist/index.js), so the Zapier build needs only
// zapier-platform-core from node_modules and never has to resolve the workspace package; then writes the entry
// Zapier loads (dist/definition.js): the same definition as data, which loads the bundle when a function runs.
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const { readFileSync, writeFileSync } = require('node:fs');
const esbuild = require('esbuild');
const { trimSourceMap } = require('./trim-source-map');
const { definitionSource, shape } = require('./definition-source');

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

/** The stand-ins' `require('./index.js')` stays a require of the bundle beside dist/definition.js. */
const bundleBeside = {
  name: 'bundle-beside',
  setup(build) {
    build.onResolve({ filter: /^\.\/index\.js$/ }, () => ({ path: './index.js', external: true }));
  },
};

/** Writes dist/definition.js and checks that Zapier reads the very definition of the bundle from it. */
async function writeDefinition() {
  const bundle = require(path.join(packageDir, 'dist/index.js')).default;
  const outfile = path.join(packageDir, 'dist/definition.js');
  await esbuild.build({
    stdin: { contents: definitionSource(bundle), resolveDir: path.join(packageDir, 'src'), sourcefile: '<stdin>', loader: 'js' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    plugins: [bundleBeside],
    // Nothing but the stand-ins' machinery belongs here: the definition must not load Zapier's or our code.
    external: ['zapier-platform-core', '@screenrec/core'],
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    logLevel: 'warning',
  });
  if (!isDeepStrictEqual(shape(require(outfile)), shape(bundle))) throw new Error('dist/definition.js does not hold the definition of dist/index.js');
}

esbuild
  .build({
    entryPoints: [path.join(packageDir, 'src/index.ts')],
    outfile: path.join(packageDir, 'dist/index.js'),
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
    plugins: [zodEnglishOnly],
    alias: { '@screenrec/core': path.resolve(packageDir, '../core/src/index.ts') },
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    logLevel: 'warning',
  })
  .then(() => {
    const mapFile = path.join(packageDir, 'dist/index.js.map');
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    writeFileSync(mapFile, JSON.stringify(trimSourceMap(map, (source) => !source.includes('node_modules/'))));
  })
  .then(writeDefinition)
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
