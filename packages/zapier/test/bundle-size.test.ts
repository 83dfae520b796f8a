import { join } from 'node:path';
import { build } from 'esbuild';

const PACKAGE_DIR = join(__dirname, '..');
const REPO_ROOT = join(PACKAGE_DIR, '../..');

/** The modules esbuild keeps when it bundles `entry` (relative to the repository root) as the Zapier build does. */
async function modulesIn(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [join(REPO_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    external: ['zapier-platform-core'],
    alias: { screenrec: join(REPO_ROOT, 'packages/core/src/index.ts') },
    tsconfig: join(PACKAGE_DIR, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const [output] = Object.values(metafile.outputs);
  return Object.keys(output!.inputs);
}

/** The zod modules of `entry`'s bundle. */
async function zodModulesIn(entry: string): Promise<string[]> {
  return (await modulesIn(entry))
    .filter((input) => input.includes('node_modules/zod/'))
    .map((input) => input.replace(/^.*node_modules\/zod\/v4\//, ''));
}

// Every cold Zap step reads and compiles the bundle: zod's message translations (about 300 kB) and its z.compile
// compiler come in whenever a module uses zod's namespace as a value (`z.core.$ZodString`, `{ z }` from 'zod')
// instead of `import * as z from 'zod/v4'` with static member access.
describe.each(['packages/zapier/src/index.ts', 'packages/core/src/index.ts', 'packages/core/src/portable.ts'])('bundling %s', (entry) => {
  it('keeps only the parts of zod it uses: English messages, no compiler', async () => {
    const modules = await zodModulesIn(entry);
    expect(modules).toContain('classic/schemas.js');
    expect(modules.filter((module) => module.startsWith('locales/'))).toEqual(['locales/en.js']);
    expect(modules).not.toContain('core/compile.js');
  });

  // Core loads undici only on Node behind a proxy, by a name no bundler follows; Zapier's steps use z.request.
  it('carries no undici', async () => {
    expect((await modulesIn(entry)).filter((input) => input.includes('undici'))).toEqual([]);
  });
});
