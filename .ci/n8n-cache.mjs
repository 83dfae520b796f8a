#!/usr/bin/env node
// The real n8n installs (.cache/n8n-<version>, and .cache/node-<version> for the Node some of them run on) take about
// 7 minutes to make, so CI keeps them in a cache. They are only valid for what they were built for: the n8n versions
// test/real-n8n/versions.ts lists, the Node each runs on, and the machine's own Node (sqlite3 is compiled against
// it for the versions that run on it). Prints, for $GITHUB_OUTPUT:
//   key=<a cache key naming all of those>
//   paths=<the folders to cache, one a line>
//   complete=true|false (every listed version installed, its native build done: worth saving)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const root = join(import.meta.dirname, '..');
const listing = readFileSync(join(root, 'test/real-n8n/versions.ts'), 'utf8');
const targets = [...listing.matchAll(/\{\s*n8n:\s*'([^']+)'(?:,\s*node:\s*'([^']+)')?\s*\}/g)].map(([, n8n, node]) => ({ n8n, node }));
if (targets.length === 0) throw new Error('test/real-n8n/versions.ts lists no n8n version this script can read');

const named = targets.map(({ n8n, node }) => `${n8n}${node === undefined ? '' : `@node${node}`}`);
const key = `real-n8n-${process.platform}-${process.arch}-node${process.versions.node}-${named.join('_')}`;
const ready = (n8n) => existsSync(join(root, '.cache', `n8n-${n8n}`, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'));
const folders = [
  ...targets.map(({ n8n }) => `.cache/n8n-${n8n}`),
  ...new Set(targets.flatMap(({ node }) => (node === undefined ? [] : [`.cache/node-${node}`]))),
];
process.stdout.write(
  [`key=${key}`, `paths<<END_OF_PATHS`, ...folders, 'END_OF_PATHS', `complete=${targets.every(({ n8n }) => ready(n8n))}`].join('\n') + '\n',
);
