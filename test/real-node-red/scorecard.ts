import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../support/reference-server';
import { machineBinary, machineRuntime, run, runAsync } from '../real-n8n/machine';
import { nodeRedCache } from './install';

/** The Flow Library's scorecard tool, as the Flow Library runs it on every published package. */
const NODE_RED_DEV = '0.1.6';

/** The catalogue node-red-dev is served in place of catalogue.nodered.org's (see offline-catalogue.cjs). */
export interface Catalogue {
  modules: Array<{ id: string; types: string[] }>;
}

/** No module of the Flow Library: the checks that compare with it (P08, N01) pass unless ours clashes with itself. */
export const EMPTY_CATALOGUE: Catalogue = { modules: [] };

/** A check's entry in the scorecard: `test` is whether it passed; the rest says why (versions, similar names…). */
const Scorecard = z.record(z.string(), z.unknown()).transform((entries) =>
  Object.entries(entries)
    .filter(([code]) => /^[PND]\d\d$/.test(code))
    .map(([code, entry]) => ({ code, ...z.object({ test: z.boolean() }).passthrough().parse(entry) })),
);
export type ScorecardEntry = z.output<typeof Scorecard>[number];

/** Installs node-red-dev into `.cache/node-red-dev-<version>` once (on the machine's Node); returns its CLI. */
export async function ensureNodeRedDev(): Promise<string> {
  const folder = path.join(nodeRedCache(), `node-red-dev-${NODE_RED_DEV}`);
  const cli = path.join(folder, 'node_modules', 'node-red-dev', 'bin', 'run');
  if (!existsSync(path.join(folder, 'installed'))) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'screenrec-node-red-dev', private: true }));
    await runAsync(machineBinary('npm'), ['install', `node-red-dev@${NODE_RED_DEV}`, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: folder,
    });
    writeFileSync(path.join(folder, 'installed'), `${NODE_RED_DEV}\n`);
  }
  return cli;
}

/**
 * `node-red-dev validate` on the package as packed (the tarball unpacked, as the Flow Library unpacks what npm
 * serves), with `catalogue` in place of the Flow Library's own; returns every check of the scorecard it writes.
 */
export async function validatePackage(cli: string, tarball: string, catalogue: Catalogue): Promise<ScorecardEntry[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'screenrec-node-red-dev-'));
  try {
    run('tar', ['-xzf', tarball, '-C', work]);
    return await validateFolder(cli, path.join(work, 'package'), catalogue);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `node-red-dev validate --path folder`, as a maintainer runs it in the package's folder before `npm publish`. */
export async function validateFolder(cli: string, folder: string, catalogue: Catalogue): Promise<ScorecardEntry[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'screenrec-node-red-dev-'));
  try {
    const catalogueFile = path.join(work, 'catalogue.json');
    writeFileSync(catalogueFile, JSON.stringify(catalogue));
    const output = path.join(work, 'scorecard.json');
    const runtime = machineRuntime();
    const hook = path.join(REPO_ROOT, 'test', 'real-node-red', 'offline-catalogue.cjs');
    await runAsync(runtime.node, ['-r', hook, cli, 'validate', '--path', folder, '--output', output], {
      env: runtime.env({ SCREENREC_CATALOGUE: catalogueFile }),
      timeoutMs: 120_000,
    });
    if (!existsSync(output)) throw new Error('node-red-dev validate wrote no scorecard');
    return Scorecard.parse(JSON.parse(readFileSync(output, 'utf8')));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
