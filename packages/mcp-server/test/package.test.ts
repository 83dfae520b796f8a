import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_BIN } from './stdio-bin';

const PACKAGE_DIR = join(__dirname, '..');
const packageJson = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
  name: string;
  license: string;
  private?: boolean;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

describe('@screenrec/mcp-server as published', () => {
  it('is a public MIT package whose bin is screenrec-mcp, depending on the MCP server SDK (v2), zod and undici only', () => {
    expect(packageJson).toMatchObject({ name: '@screenrec/mcp-server', license: 'MIT', bin: { 'screenrec-mcp': 'dist/main.js' } });
    expect(packageJson.private).toBeUndefined();
    // undici: core loads it on Node when HTTPS_PROXY or HTTP_PROXY is set, to go through that proxy.
    expect(Object.keys(packageJson.dependencies).sort()).toEqual(['@modelcontextprotocol/server', 'undici', 'zod']);
  });

  it('npm pack ships only dist, README, LICENSE and package.json', () => {
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: PACKAGE_DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as Array<{ files: Array<{ path: string }> }>;
    expect(pack!.files.map((file) => file.path).sort()).toEqual(['LICENSE', 'README.md', 'dist/main.js', 'package.json']);
  });

  it('the bin is an executable script with a node shebang and core bundled in', () => {
    const code = readFileSync(MCP_BIN, 'utf8');
    expect(code.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(MCP_BIN).mode & 0o111).not.toBe(0);
    const required = new Set(
      [...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]!.replace(/^(@[^/]+\/[^/]+|[^/@][^/]*).*$/, '$1')),
    );
    expect([...required].filter((name) => !name.startsWith('node:')).sort()).toEqual(['@modelcontextprotocol/server', 'zod']);
  });
});
