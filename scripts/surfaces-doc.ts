// Writes what the built packages say of themselves where people read it: the README's Zapier picture, each package
// README's tables of nodes, steps, operations and tools, docs/operations.md, and the MCP bundle manifest's tools
// (scripts/surfaces/). `npm run docs:surfaces`, after `npm run build`; test/docs/surfaces-doc.test.ts fails when a
// committed file differs from what this writes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { surfaceArtefacts } from './surfaces/artefacts';
import { readSurfaces } from './surfaces/surfaces';

// Bundled into .cache/ by the npm script, so the repository is one folder up.
const repoRoot = resolve(__dirname, '..');

async function main(): Promise<void> {
  for (const { path, text } of surfaceArtefacts(repoRoot, await readSurfaces(repoRoot))) {
    const file = resolve(repoRoot, path);
    const changed = !existsSync(file) || readFileSync(file, 'utf8') !== text;
    if (changed) writeFileSync(file, text);
    process.stdout.write(`${changed ? 'wrote' : 'unchanged'} ${path}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`docs:surfaces: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
