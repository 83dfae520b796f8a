import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A `--require` preload for the n8n processes: it records which file every `zod…` import of our package resolves
 * to, so the suite can show, from inside the real n8n run, that the package's zod is n8n's own.
 */
const PROBE_SOURCE = `
const Module = require('node:module');
const fs = require('node:fs');
const log = process.env.SCREENREC_ZOD_PROBE_LOG;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const resolved = resolve.call(this, request, parent, ...rest);
  if (log && /^zod(\\/|$)/.test(request) && parent && parent.filename && parent.filename.includes('n8n-nodes-screenrec')) {
    fs.appendFileSync(log, JSON.stringify({ request, from: parent.filename, resolved }) + '\\n');
  }
  return resolved;
};
`;

export interface ZodResolution {
  request: string;
  from: string;
  resolved: string;
}

export interface ZodProbe {
  /** Environment for the n8n processes: the preload and where it writes. */
  env: Record<string, string>;
  resolutions: () => ZodResolution[];
}

export function installZodProbe(folder: string): ZodProbe {
  const preload = path.join(folder, 'zod-probe.cjs');
  const log = path.join(folder, 'zod-resolutions.jsonl');
  writeFileSync(preload, PROBE_SOURCE);
  return {
    env: { NODE_OPTIONS: `--require=${preload}`, SCREENREC_ZOD_PROBE_LOG: log },
    resolutions: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as ZodResolution)
        : [],
  };
}

/** Strings that only zod's own source contains (its class names as zod 4 registers them, zod 3's kind enum). */
const ZOD_SOURCE_MARKERS = ['$ZodType', '$ZodObject', 'ZodFirstPartyTypeKind'];

/** The files of an installed package's dist that contain zod's source, with the marker found. */
export function bundledZodIn(distFolder: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) visit(file);
      else if (name.endsWith('.js')) {
        const text = readFileSync(file, 'utf8');
        const marker = ZOD_SOURCE_MARKERS.find((candidate) => text.includes(candidate));
        if (marker !== undefined) found.push(`${path.relative(distFolder, file)} (${marker})`);
      }
    }
  };
  visit(distFolder);
  return found;
}
