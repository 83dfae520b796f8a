import { resolve } from 'node:path';
import { build } from 'esbuild';
import * as core from 'screenrec';
import * as portable from 'screenrec/portable';

/** The globals n8n's scanner refuses in shipped code. */
const RESTRICTED = [
  'globalThis',
  'global',
  'process',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'clearImmediate',
  '__dirname',
  '__filename',
] as const;

const CORE_SRC = resolve(__dirname, '../src');

/**
 * The restricted globals an entry's bundle still refers to. esbuild's `define` replaces only free references
 * to a global (never a local of that name, a property or a string), so each one left behind shows as its marker.
 */
async function restrictedGlobalsIn(entry: string, restricted: readonly string[] = RESTRICTED): Promise<string[]> {
  const result = await build({
    entryPoints: [resolve(CORE_SRC, entry)],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'cjs',
    external: ['zod', 'zod/*'],
    define: Object.fromEntries(restricted.map((name) => [name, `RESTRICTED_GLOBAL_${name}`])),
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return restricted.filter((name) => code.includes(`RESTRICTED_GLOBAL_${name}`));
}

describe('the portable entry', () => {
  it('refers to none of the globals n8n forbids (zod left out, as n8n provides it)', async () => {
    expect(await restrictedGlobalsIn('portable.ts')).toEqual([]);
  });

  it("core's default fetch transport uses nothing only Node has, so it reads answers in a browser, Deno, Bun and workerd too", async () => {
    // A browser has no Buffer: reading a streamed answer (an empty 204 among them) with it failed as a network error.
    expect(await restrictedGlobalsIn('transport/fetch-transport.ts', ['Buffer', 'process', 'require', 'global', 'setImmediate'])).toEqual(
      [],
    );
    expect(await restrictedGlobalsIn('index.ts', ['Buffer'])).toEqual([]);
  });

  it('the Node entry does use them, so the check above can see them', async () => {
    expect(await restrictedGlobalsIn('index.ts')).toEqual(expect.arrayContaining(['globalThis', 'setTimeout', 'clearTimeout']));
  });

  it('exports everything the Node entry does except the Node defaults, the wait that sleeps on them, and what only Node connectors use', () => {
    const nodeOnly = Object.keys(core).filter((name) => !(name in portable));
    expect(nodeOnly.sort()).toEqual(['HookAccess', 'WAIT_PACING', 'createFetchTransport', 'requestAbort', 'sleep', 'waitUntilCompleted']);
  });

  it('makes clients that need the platform transport and sleep', () => {
    const options = { baseUrl: 'https://api.screenrec.test', backendToken: 't', provider: 'N8N' as const };
    expect(() => new portable.HookClient(options)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', fieldErrors: [{ path: 'transport', message: portable.MISSING_PLATFORM_PIECES }] }),
    );
    expect(() => new portable.HookClient({ ...options, transport: core.createFetchTransport() })).toThrow(
      expect.objectContaining({ fieldErrors: [{ path: 'sleep', message: portable.MISSING_PLATFORM_PIECES }] }),
    );
    expect(new core.HookClient(options)).toBeInstanceOf(portable.HookClient);
  });

  it('shares one error hierarchy with the Node entry', () => {
    expect(portable.ScreenRecError).toBe(core.ScreenRecError);
    expect(portable.DeadlineError).toBe(core.DeadlineError);
  });
});
