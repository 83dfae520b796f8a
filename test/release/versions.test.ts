import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';

// `npm run release:version` is `changeset version`, then .ci/sync-versions.mjs: the MCP server's version is repeated
// in server.json and the bundle's manifest, which changesets does not know about. Here on a copy of the package.

const FILES = ['package.json', 'server.json', 'mcpb/manifest.json'];

let root: string;
const mcp = (file: string) => path.join(root, 'packages/mcp-server', file);
const core = (file: string) => path.join(root, 'packages/core', file);
const USER_AGENT_FILE = 'src/transport/user-agent.ts';
const json = (file: string) => JSON.parse(readFileSync(mcp(file), 'utf8')) as Record<string, unknown>;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'screenrec-versions-'));
  for (const file of FILES) cpSync(path.join(REPO_ROOT, 'packages/mcp-server', file), mcp(file));
  // What `changeset version` leaves: package.json bumped, the rest as it was.
  const bumped = readFileSync(mcp('package.json'), 'utf8').replace(/"version": "[^"]+"/, '"version": "3.4.5"');
  writeFileSync(mcp('package.json'), bumped);
  for (const file of ['package.json', USER_AGENT_FILE]) cpSync(path.join(REPO_ROOT, 'packages/core', file), core(file));
  writeFileSync(core('package.json'), readFileSync(core('package.json'), 'utf8').replace(/"version": "[^"]+"/, '"version": "1.2.3"'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sync = () =>
  execFileSync(process.execPath, [path.join(REPO_ROOT, '.ci/sync-versions.mjs'), root], { encoding: 'utf8', stdio: 'pipe' });

it("copies the bumped version into server.json (the server's and the npm package's) and the bundle's manifest", () => {
  const before = { server: readFileSync(mcp('server.json'), 'utf8'), manifest: readFileSync(mcp('mcpb/manifest.json'), 'utf8') };
  expect(sync()).toContain('@screenrec/mcp-server 3.4.5');
  const server = json('server.json') as { version: string; packages: Array<{ identifier: string; version: string }> };
  expect([server.version, server.packages[0]!.identifier, server.packages[0]!.version]).toEqual([
    '3.4.5',
    '@screenrec/mcp-server',
    '3.4.5',
  ]);
  expect(json('mcpb/manifest.json').version).toBe('3.4.5');
  // Nothing else moves: each file differs from before only in its version strings.
  const unversioned = (text: string) => text.replace(/("version"\s*:\s*")[^"]*"/g, '$1"');
  expect(unversioned(readFileSync(mcp('server.json'), 'utf8'))).toBe(unversioned(before.server));
  expect(unversioned(readFileSync(mcp('mcpb/manifest.json'), 'utf8'))).toBe(unversioned(before.manifest));
});

it("copies the SDK's bumped version into its User-Agent, changing nothing else there", () => {
  const before = readFileSync(core(USER_AGENT_FILE), 'utf8');
  expect(sync()).toContain('screenrec 1.2.3: its User-Agent says so too');
  const after = readFileSync(core(USER_AGENT_FILE), 'utf8');
  expect(after).toContain("export const SDK_VERSION = '1.2.3';");
  expect(after.replace("'1.2.3'", "'X'")).toBe(before.replace(/SDK_VERSION = '[^']*'/, "SDK_VERSION = 'X'"));
});

it('refuses, changing nothing, when a "version" it would rewrite is not one it knows', () => {
  const manifest = readFileSync(mcp('mcpb/manifest.json'), 'utf8').replace(/^\{/, '{\n  "_meta": { "example": { "version": "1.0.0" } },');
  writeFileSync(mcp('mcpb/manifest.json'), manifest);
  expect(sync).toThrow(/mcpb\/manifest\.json: its "version" fields are not where this script expects them/);
  expect(readFileSync(mcp('mcpb/manifest.json'), 'utf8')).toBe(manifest);
});
