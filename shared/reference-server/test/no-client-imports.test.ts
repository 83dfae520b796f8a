// The reference server plays the service: it reads the service API on its own and shares nothing with the clients in
// packages/. A shared reading would let a misreading in core pass every end-to-end test.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SERVER = resolve(__dirname, '..');
const PACKAGES = resolve(__dirname, '../../../packages');

/** Every module specifier in a TypeScript source: static and type imports, re-exports, require() and import(). */
function specifiersIn(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:require|import)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

/** Why `specifier`, written in `file`, reaches a client package; undefined when it does not. */
function clientReach(specifier: string, file: string): string | undefined {
  if (specifier.startsWith('@screenrec/') || specifier === 'screenrec' || specifier.startsWith('screenrec/')) return `imports ${specifier}`;
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(file), specifier);
  return target === PACKAGES || target.startsWith(PACKAGES + sep) ? `imports ${relative(resolve(SERVER, '../..'), target)}` : undefined;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|js|mjs|cjs|json)$/.test(entry.name) ? [path] : [];
  });
}

function findingsIn(file: string, source: string): string[] {
  return specifiersIn(source).flatMap((specifier) => {
    const reach = clientReach(specifier, file);
    return reach === undefined ? [] : [`${relative(SERVER, file)} ${reach}`];
  });
}

describe('the reference server imports nothing from packages/', () => {
  it('no source file under shared/reference-server/src or page imports screenrec, @screenrec/* or a path into packages/', () => {
    const files = [...sourcesUnder(join(SERVER, 'src')), ...sourcesUnder(join(SERVER, 'page'))];
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => findingsIn(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('its package.json depends on no screenrec or @screenrec/* package but, for its tests, the test helpers (no client)', () => {
    const manifest = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8')) as Record<string, unknown>;
    const dependencyFields = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies'];
    const named = dependencyFields.flatMap((field) =>
      Object.keys((manifest[field] ?? {}) as Record<string, string>).map((name) => `${field} ${name}`),
    );
    expect(named.filter((entry) => / (@screenrec\/|screenrec$)/.test(entry))).toEqual(['devDependencies @screenrec/test-support']);
    expect(named).toContain('dependencies zod');
  });

  it('would catch each way of reaching a client (the check itself can fail)', () => {
    const file = join(SERVER, 'src', 'plugins', 'example.ts');
    const source = [
      "import { Uuid } from 'screenrec';",
      "import type { Transport } from 'screenrec/portable';",
      "export { HookAction } from '../../../../packages/core/src/wire/schemas';",
      "import '../../../../packages/zapier/src/index';",
      "const lazy = require('../../../../packages/n8n-nodes-screenrec/lib/parameters');",
      "const later = import('@screenrec/zapier');",
      "import { LIMITS } from '../limits';",
      "import Fastify from 'fastify';",
    ].join('\n');
    expect(findingsIn(file, source)).toEqual([
      'src/plugins/example.ts imports screenrec',
      'src/plugins/example.ts imports screenrec/portable',
      'src/plugins/example.ts imports packages/core/src/wire/schemas',
      'src/plugins/example.ts imports packages/zapier/src/index',
      'src/plugins/example.ts imports packages/n8n-nodes-screenrec/lib/parameters',
      'src/plugins/example.ts imports @screenrec/zapier',
    ]);
  });
});
