import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';
import { runAsync } from '../real-n8n/machine';
import type { SdkPackage } from './project';

const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** A program of a user's, in ESM: both entries, a class, a function, the types, an error class in a catch. */
const esmProgram = (
  name: string,
) => `import { NotFoundError, RestClient, createFetchTransport, type CallOptions, type Recording } from '${name}';
import { RestClient as PortableRestClient, type Transport } from '${name}/portable';

const transport: Transport = createFetchTransport();
const options: CallOptions = { deadline: Date.now() + 1000 };

export async function newest(client: RestClient): Promise<Recording | undefined> {
  try {
    return (await client.listRecordings({ pageSize: 1, sortOrder: 'Descending' }, options)).content[0];
  } catch (error) {
    if (error instanceof NotFoundError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

export const portable = new PortableRestClient({ baseUrl: 'https://screenrec.example', workspaceId: '0b7c9e2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d', apiKey: 'key', transport, sleep: async () => undefined });
`;

/** The same in CommonJS, as `require` gives it. */
const cjsProgram = (name: string) => `import sdk = require('${name}');
import portable = require('${name}/portable');

export const transport: portable.Transport = sdk.createFetchTransport();
export const client = new sdk.RestClient({ baseUrl: 'https://screenrec.example', workspaceId: '0b7c9e2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d', apiKey: 'key' });
export const isMissing = (error: unknown): boolean => error instanceof sdk.NotFoundError;
`;

/** Strict, without @types/node (a browser's or a Worker's lib): the declarations need nothing only Node has. */
const COMPILER_OPTIONS = { target: 'es2022', lib: ['es2022', 'dom'], types: [], strict: true, noEmit: true, skipLibCheck: false };

export interface TypeScriptRun {
  /** The SDK's declaration files the compiler read, relative to the package. */
  read: string[];
}

/**
 * Compiles a user's program against the installed package with the repository's TypeScript: the ESM and the
 * CommonJS program under `node16` (each through its own condition of `exports`), and the ESM one under `bundler`.
 * Resolves with the SDK declaration files each configuration read; a type error rejects with the compiler's output.
 */
export async function typeScriptCheck(projectFolder: string, sdk: SdkPackage): Promise<Record<'node16' | 'bundler', TypeScriptRun>> {
  const folder = path.join(projectFolder, 'ts');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'esm.mts'), esmProgram(sdk.name));
  writeFileSync(path.join(folder, 'cjs.cts'), cjsProgram(sdk.name));
  const configs = {
    node16: { compilerOptions: { ...COMPILER_OPTIONS, module: 'node16', moduleResolution: 'node16' }, files: ['esm.mts', 'cjs.cts'] },
    bundler: { compilerOptions: { ...COMPILER_OPTIONS, module: 'esnext', moduleResolution: 'bundler' }, files: ['esm.mts'] },
  };
  const runs: Partial<Record<keyof typeof configs, TypeScriptRun>> = {};
  const installed = path.join(projectFolder, 'node_modules', sdk.name);
  for (const [name, config] of Object.entries(configs) as [keyof typeof configs, object][]) {
    const file = path.join(folder, `tsconfig.${name}.json`);
    writeFileSync(file, JSON.stringify(config));
    const output = await runAsync(process.execPath, [TSC, '-p', file, '--listFiles'], { cwd: folder, timeoutMs: 120_000 });
    runs[name] = {
      read: output
        .split('\n')
        .map((line) => path.relative(installed, line.trim()))
        .filter((file) => /^dist\/(esm|cjs)\/(index|portable)\.d\.ts$/.test(file))
        .sort(),
    };
  }
  return runs as Record<keyof typeof configs, TypeScriptRun>;
}
