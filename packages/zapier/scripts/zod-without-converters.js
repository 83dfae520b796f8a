// zod's `z` namespace carries its JSON Schema converters (to and from) and its `z.compile` fast-path compiler:
// about 61 kB of the 270 kB bundle that every cold Zap step reads and compiles, and the app calls none of them
// (Zapier's fields are its own, not JSON Schema). This build swaps them for stubs that throw saying so; the small
// pieces the rest of zod uses while parsing (string checks' summary, the compiler's markers) come from zod itself.
const path = require('node:path');

const UNAVAILABLE = (name) => `() => { throw new Error("zod's ${name} is left out of the ScreenRec Zapier bundle"); }`;
const unavailable = (names) => names.map((name) => `export const ${name} = ${UNAVAILABLE(name)};`).join('\n');

const PROCESSORS = [
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'enum',
  'literal',
  'nan',
  'templateLiteral',
  'file',
  'success',
  'custom',
  'function',
  'transform',
  'map',
  'set',
  'array',
  'object',
  'union',
  'intersection',
  'tuple',
  'record',
  'nullable',
  'nonoptional',
  'default',
  'prefault',
  'catch',
  'pipe',
  'readonly',
  'promise',
  'optional',
  'lazy',
].map((kind) => `${kind}Processor`);

/** zod module (relative to zod/v4) → the stub's source; `real` is the module's own path, for what is kept. */
const STUBS = {
  'core/json-schema-processors.js': (real) =>
    `export { aggregateChecks } from ${JSON.stringify(real)};\n${unavailable([...PROCESSORS, 'toJSONSchema'])}\nexport const allProcessors = {};`,
  'core/to-json-schema.js': () =>
    `${unavailable(['initializeContext', 'handleUnrepresentable', 'processSchema', 'extractDefs', 'finalize'])}
export { processSchema as process };
export const createToJSONSchemaMethod = () => ${UNAVAILABLE('toJSONSchema')};
export const createStandardJSONSchemaMethod = () => ${UNAVAILABLE('~standard.jsonSchema')};`,
  'classic/from-json-schema.js': () => unavailable(['fromJSONSchema']),
  'core/compile.js': (real) =>
    `export { INVALID, ZodCompileAsyncError, ZodCompileUnsupportedError } from ${JSON.stringify(real)};\n${unavailable(['compile', 'withParser', 'compileFn'])}`,
};

const zodWithoutConverters = {
  name: 'zod-without-converters',
  setup(build) {
    const zodV4 = `${path.sep}node_modules${path.sep}zod${path.sep}v4${path.sep}`;
    build.onResolve({ filter: /(json-schema-processors|to-json-schema|from-json-schema|compile)\.js$/ }, (args) => {
      if (args.namespace === 'zod-stub' || !args.importer.includes(zodV4)) return undefined;
      const real = path.join(args.resolveDir, args.path);
      const module = real
        .slice(real.indexOf(zodV4) + zodV4.length)
        .split(path.sep)
        .join('/');
      return STUBS[module] === undefined ? undefined : { path: real, namespace: 'zod-stub', pluginData: { module } };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-stub' }, (args) => ({
      contents: STUBS[args.pluginData.module](args.path),
      resolveDir: path.dirname(args.path),
    }));
  },
};

module.exports = { zodWithoutConverters };
