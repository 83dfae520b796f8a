// Builds the published package with tsc, twice: ESM into dist/esm (tsconfig.esm.json) and CommonJS into dist/cjs
// (tsconfig.cjs.json), each with its declarations, and a package.json in each folder that names its module type, so
// Node, Deno, Bun, TypeScript and bundlers read each file as what it is whatever the package's own type says.
//
// The sources import each other without file extensions (as esbuild, jest and the repository's tsconfig resolve
// them), and tsc writes specifiers as they are. CommonJS needs nothing more; ESM loaders (Node, Deno, browsers) do
// not guess extensions, so the ESM build's relative specifiers get theirs here: `./x` → `./x.js`, `./dir` →
// `./dir/index.js`, in the .js and the .d.ts files alike. A specifier that names no file stops the build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { execPath } from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(dist, { recursive: true, force: true });
for (const [config, folder, type] of [
  ['tsconfig.esm.json', 'esm', 'module'],
  ['tsconfig.cjs.json', 'cjs', 'commonjs'],
]) {
  execFileSync(execPath, [tsc, '-p', join(root, config)], { cwd: root, stdio: 'inherit' });
  writeFileSync(join(dist, folder, 'package.json'), `${JSON.stringify({ type })}\n`);
}
for (const file of filesUnder(join(dist, 'esm'))) {
  if (file.endsWith('.js') || file.endsWith('.d.ts')) writeFileSync(file, withExtensions(file, readFileSync(file, 'utf8')));
}

function* filesUnder(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** The file's relative `from '…'`, `import '…'` and `import('…')` specifiers, each naming the .js file it means. */
function withExtensions(file, text) {
  return text.replace(/(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.\.?\/[^'"]*)\2/g, (whole, before, quote, specifier) => {
    if (/\.(c|m)?js$/.test(specifier)) return whole;
    const base = join(dirname(file), specifier);
    const target = existsSync(`${base}.js`)
      ? `${specifier}.js`
      : existsSync(base) && statSync(base).isDirectory() && existsSync(join(base, 'index.js'))
        ? `${specifier}/index.js`
        : undefined;
    if (target === undefined) throw new Error(`${relative(root, file)}: ${specifier} names no file of the build`);
    return `${before}${quote}${target}${quote}`;
  });
}
