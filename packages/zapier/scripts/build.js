// Bundles the app with screenrec and zod inlined into dist/app.js, so the Zapier build needs only
// zapier-platform-core from node_modules and never has to resolve the workspace package; then writes dist/index.js,
// the app's definition with stand-ins that load dist/app.js when a function first runs (lazy-definition.js).
const path = require('node:path');
const { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const esbuild = require('esbuild');
const { lazyDefinitionModule } = require('./lazy-definition');
const { trimSourceMap } = require('./trim-source-map');

const packageDir = path.resolve(__dirname, '..');
const distDir = path.join(packageDir, 'dist');

// `zapier-platform validate` runs this build (_zapier-build) while other tasks may be reading dist/: each file is
// replaced whole by a rename, so a reader sees the old file or the new one, never none or half of one.
function replaceFile(file, contents) {
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, contents);
  renameSync(staging, file);
}

mkdirSync(distDir, { recursive: true });
esbuild
  .build({
    entryPoints: [path.join(packageDir, 'src/index.ts')],
    outfile: path.join(distDir, 'app.js'),
    write: false,
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
  .then(({ outputFiles }) => {
    for (const output of outputFiles) {
      const contents = output.path.endsWith('.map')
        ? JSON.stringify(trimSourceMap(JSON.parse(output.text), (source) => !source.includes('node_modules/')))
        : output.contents;
      replaceFile(output.path, contents);
    }
    // The definition, derived here once: a cold step compiles it without loading dist/app.js.
    const app = require(path.join(distDir, 'app.js')).default;
    replaceFile(path.join(distDir, 'index.js'), lazyDefinitionModule(app, './app.js'));
    const written = new Set(['index.js', ...outputFiles.map((output) => path.basename(output.path))]);
    for (const name of readdirSync(distDir)) {
      if (!written.has(name)) rmSync(path.join(distDir, name), { recursive: true, force: true });
    }
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
