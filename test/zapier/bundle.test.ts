import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';

const PACKAGE_DIR = join(__dirname, '../../packages/zapier');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is CommonJS, run by node
const { zodWithoutConverters } = require(join(PACKAGE_DIR, 'scripts/zod-without-converters.js')) as {
  zodWithoutConverters: import('esbuild').Plugin;
};

/** Bundles `source` (with zod) with the app build's plugin, and runs it: what it exports as `value`. */
async function bundled(source: string): Promise<unknown> {
  const result = await build({
    stdin: { contents: source, resolveDir: PACKAGE_DIR, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    minify: true,
    write: false,
    plugins: [zodWithoutConverters],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const module = { exports: {} as { value?: unknown } };
  runInNewContext(code, { module, exports: module.exports, require, Symbol, Error, Object });
  return module.exports.value;
}

describe("the app's bundle leaves out zod's JSON Schema converters and compiler", () => {
  it('parses as zod does (string checks, objects, errors) and says so if a converter is called', async () => {
    const value = await bundled(`
      import { z } from 'zod';
      const Recording = z.object({ id: z.string().min(3), tags: z.array(z.string()).max(2) });
      const attempt = (run) => { try { return run(); } catch (error) { return error.message; } };
      export const value = {
        parsed: Recording.parse({ id: 'rec_1', tags: ['a'] }),
        refused: Recording.safeParse({ id: 'r', tags: [] }).error.issues.map((issue) => issue.path.join('.') + ': ' + issue.message),
        minLength: z.string().min(3).minLength,
        toJSONSchema: attempt(() => z.toJSONSchema(Recording)),
        compile: attempt(() => z.compile(Recording)),
      };
    `);
    expect(value).toEqual({
      parsed: { id: 'rec_1', tags: ['a'] },
      refused: ['id: Too small: expected string to have >=3 characters'],
      minLength: 3,
      toJSONSchema: "zod's toJSONSchema is left out of the ScreenRec Zapier bundle",
      compile: "zod's compile is left out of the ScreenRec Zapier bundle",
    });
  });
});
