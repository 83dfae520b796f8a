#!/usr/bin/env node
// A release workflow started by a tag publishes the version in the package's package.json, which `changeset version`
// wrote: the tag must name that same version, else the workflow stops before anything is published.
// Usage: node .ci/check-tag.mjs <package folder> [other tag prefix…]; reads GITHUB_REF_NAME (the tag).
// Accepted tags: <package name>@<version> (what `changeset git-tag` makes) and <other prefix>@<version>.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const [folder, ...otherPrefixes] = process.argv.slice(2);
if (folder === undefined) {
  process.stderr.write('usage: node .ci/check-tag.mjs <package folder> [other tag prefix…]\n');
  process.exit(2);
}
const { name, version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
const tag = process.env.GITHUB_REF_NAME ?? '';
const accepted = [name, ...otherPrefixes].map((prefix) => `${prefix}@${version}`);
if (!accepted.includes(tag)) {
  process.stdout.write(
    `::error::The tag is ${tag || '(none)'} but ${folder}/package.json has version ${version}: run \`npx changeset version\`, commit, and tag that commit ${accepted[0]}.\n`,
  );
  process.exit(1);
}
process.stdout.write(`${tag}: publishing ${name} ${version}\n`);
