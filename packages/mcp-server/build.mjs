// Builds dist/main.js, the `screenrec-mcp` bin: one CommonJS bundle with @screenrec/core inlined (core is not
// published on its own). The MCP SDK and zod stay real dependencies: the SDK expects to share zod with its caller.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['@modelcontextprotocol/server', 'zod'],
  tsconfig: 'tsconfig.json',
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync(join(root, 'dist', 'main.js'), 0o755);
