#!/usr/bin/env node
// `changeset version` bumps package.json alone, but the MCP server repeats its version in server.json (the MCP
// Registry's entry: the server's and the npm package's) and in mcpb/manifest.json (the bundle), and the SDK in its
// User-Agent (packages/core/src/transport/user-agent.ts): this copies each new version there, changing nothing else. Run by `npm run release:version`, after changesets.
// Usage: node .ci/sync-versions.mjs [repository root]
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import process from 'node:process';

const folder = join(process.argv[2] ?? join(import.meta.dirname, '..'), 'packages/mcp-server');
const { name, version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));

/** Rewrites each `"version": "…"` in place (keeping the file's layout), then checks that only `expected` changed. */
function syncFile(file, expected) {
  const path = join(folder, file);
  const text = readFileSync(path, 'utf8');
  const synced = text.replace(/("version"\s*:\s*")[^"]*(")/g, `$1${version}$2`);
  if (!isDeepStrictEqual(JSON.parse(synced), expected(JSON.parse(text)))) {
    throw new Error(`${path}: its "version" fields are not where this script expects them; update it by hand to ${version}`);
  }
  writeFileSync(path, synced);
}

syncFile('server.json', (server) => ({
  ...server,
  version,
  packages: server.packages.map((entry) => (entry.identifier === name ? { ...entry, version } : entry)),
}));
syncFile('mcpb/manifest.json', (manifest) => ({ ...manifest, version }));
process.stdout.write(`${name} ${version}: server.json and mcpb/manifest.json say so too\n`);

// The SDK names its release in its User-Agent: the constant follows packages/core/package.json.
const core = join(folder, '../core');
const sdkVersion = JSON.parse(readFileSync(join(core, 'package.json'), 'utf8')).version;
const userAgentFile = join(core, 'src/transport/user-agent.ts');
const declared = readFileSync(userAgentFile, 'utf8');
const synced = declared.replace(/(export const SDK_VERSION = ')[^']*(';)/, `$1${sdkVersion}$2`);
if (!synced.includes(`SDK_VERSION = '${sdkVersion}'`)) throw new Error(`${userAgentFile}: no SDK_VERSION to update to ${sdkVersion}`);
writeFileSync(userAgentFile, synced);
process.stdout.write(`screenrec ${sdkVersion}: its User-Agent says so too\n`);
