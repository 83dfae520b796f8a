#!/usr/bin/env node
// `prepack` / `postpack`: the packed package.json names only packages a user can install. screenrec and
// @screenrec/test-support are this repository's own workspaces, never on the registry: core is bundled into
// dist/screenrec.js and stays a devDependency in the source because n8n's lint allows a package's imports only from
// its devDependencies or n8n's own modules; test-support brings the n8n checkers the `lint` script runs.
// `strip` sets the manifest aside and writes it without that entry; `restore` puts it back, except after a
// publish: npm re-reads package.json after packing and sends it to the registry, and publishing happens only in CI.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

export const WORKSPACE_ONLY = ['screenrec', '@screenrec/test-support'];
const root = dirname(fileURLToPath(import.meta.url));
const manifest = join(root, 'package.json');
const original = join(root, '.package.json.packing');

const [step] = process.argv.slice(2);
if (step === 'strip') {
	const text = readFileSync(manifest, 'utf8');
	const packageJson = JSON.parse(text);
	for (const name of WORKSPACE_ONLY) delete packageJson.devDependencies?.[name];
	writeFileSync(original, text);
	writeFileSync(manifest, `${JSON.stringify(packageJson, null, 2)}\n`);
} else if (step === 'restore') {
	if (process.env.npm_command === 'publish') rmSync(original, { force: true });
	else if (existsSync(original)) renameSync(original, manifest);
} else {
	process.stderr.write('usage: node pack-manifest.mjs strip|restore\n');
	process.exit(2);
}
