import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../support/reference-server';
import type { SdkContract, SdkEntryContract } from './surface';

const PACKAGE = path.join(REPO_ROOT, 'packages/core');

type Format = 'import' | 'require';
const FORMATS: readonly Format[] = ['import', 'require'];

interface EntryFiles {
  types: string;
  default: string;
}

interface PackageJson {
  version: string;
  exports: Record<string, string | Record<Format, EntryFiles>>;
}

const readPackage = () => JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as PackageJson;

/** The entries a program imports (`.`, `./portable`), each with its built files per format; package.json left out. */
export function sdkEntries(): Record<string, Record<Format, EntryFiles>> {
  const entries = Object.entries(readPackage().exports).filter(([, target]) => typeof target !== 'string');
  return Object.fromEntries(entries) as Record<string, Record<Format, EntryFiles>>;
}

/**
 * The names each built file exports at run time, as a program gets them: an ESM file through import(), a CommonJS
 * one through require(), in a Node process of its own (as a user's program loads them, outside jest's loader).
 */
export function runtimeNames(files: { file: string; format: Format }[]): Record<string, string[]> {
  const script = `
    const { createRequire } = require('node:module');
    const { pathToFileURL } = require('node:url');
    const load = ({ file, format }) => (format === 'require' ? createRequire(file)(file) : import(pathToFileURL(file).href));
    Promise.all(JSON.parse(process.argv[1]).map(async (one) => [one.file, Object.keys(await load(one)).sort()]))
      .then((names) => process.stdout.write(JSON.stringify(Object.fromEntries(names))));`;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(files)], { encoding: 'utf8' });
  return JSON.parse(output) as Record<string, string[]>;
}

/** Every name a declaration file exports, types and values alike, as TypeScript reads it. */
export function declaredNames(declarations: string): string[] {
  const program = ts.createProgram([declarations], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const source = program.getSourceFile(declarations);
  const symbol = source === undefined ? undefined : program.getTypeChecker().getSymbolAtLocation(source);
  if (symbol === undefined) throw new Error(`TypeScript reads no module from ${declarations}`);
  return program
    .getTypeChecker()
    .getExportsOfModule(symbol)
    .map((exported) => exported.getName())
    .sort();
}

/**
 * What a program may import from the SDK, read from the built package as programs read it: for each entry of its
 * `exports`, the values (classes, functions, constants: the names the module has at run time) and the types (the
 * other names its declarations export). Both formats (ESM through `import`, CommonJS through `require`) must give
 * the same names, else there is no one promise to record and this throws, naming the difference.
 */
export function sdkSurface(): SdkContract {
  const entries = sdkEntries();
  const files = Object.values(entries).flatMap((formats) =>
    FORMATS.map((format) => ({ file: path.join(PACKAGE, formats[format].default), format })),
  );
  const runtime = runtimeNames(files);
  const contract: [string, SdkEntryContract][] = Object.entries(entries).map(([entry, formats]) => {
    const [esm, cjs] = FORMATS.map((format) => {
      const values = runtime[path.join(PACKAGE, formats[format].default)]!;
      const types = declaredNames(path.join(PACKAGE, formats[format].types)).filter((name) => !values.includes(name));
      return { values, types };
    });
    if (JSON.stringify(esm) !== JSON.stringify(cjs))
      throw new Error(`the SDK's entry ${entry} exports other names through import than through require: ${differences(esm!, cjs!)}`);
    return [entry, esm!];
  });
  return { version: readPackage().version, entries: Object.fromEntries(contract) };
}

function differences(esm: SdkEntryContract, cjs: SdkEntryContract): string {
  const only = (a: string[], b: string[]) => a.filter((name) => !b.includes(name));
  return JSON.stringify({
    onlyImportValues: only(esm.values, cjs.values),
    onlyRequireValues: only(cjs.values, esm.values),
    onlyImportTypes: only(esm.types, cjs.types),
    onlyRequireTypes: only(cjs.types, esm.types),
  });
}
