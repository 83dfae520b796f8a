// Builds the published package with tsc, twice: ESM into dist/esm (tsconfig.esm.json) and CommonJS into dist/cjs
// (tsconfig.cjs.json), each with its declarations, and a package.json in each folder that names its module type, so
// Node, Deno, Bun, TypeScript and bundlers read each file as what it is whatever the package's own type says. The
// sources name each import's .js file, as ESM loaders (Node, Deno, browsers) require, so tsc's output is used as is.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
