import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UNAUTHORIZED_MESSAGE } from '@screenrec/core';
import { createAppTester, type Bundle, type ZObject } from 'zapier-platform-core';
import { API_KEY, BASE_URL, HOOK_PATH, RECORDING_ID, REST_PATH, hookApi, hookAuth, page, restApi, restAuth, serviceRecording, useNock, zapierFailure } from './harness';

/**
 * The entry Zapier loads (packages/zapier/index.js → dist/definition.js) holds the definition as data; its
 * functions load the bundle (dist/index.js) when one first runs. These run the built app, as Zapier does.
 */
const PACKAGE = join(__dirname, '../../packages/zapier');
const ENTRY = join(PACKAGE, 'index.js');
const BUNDLE = join(PACKAGE, 'dist/index.js');
const VIDEO_READY = 'triggers.videoReady.operation.perform';

type BuiltApp = Record<string, unknown>;
type AppFunction = (z: ZObject, bundle: Bundle) => Promise<unknown>;

function functionAt(app: BuiltApp, path: string): AppFunction {
  const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], app);
  if (typeof found !== 'function') throw new Error(`no function at ${path}`);
  return found as AppFunction;
}

/** Each function as its arity, as Zapier's definition.json records it. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return `$func$${value.length}$f$`;
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  return value;
}

useNock();

let entry: BuiltApp;
let bundle: BuiltApp;
let appTester: ReturnType<typeof createAppTester>;

beforeAll(async () => {
  if (!existsSync(join(PACKAGE, 'dist/definition.js'))) throw new Error('The Zapier app is not built: run `npm run build -w @screenrec/zapier` first.');
  entry = ((await import(ENTRY)) as { default: BuiltApp }).default;
  bundle = ((await import(BUNDLE)) as { default: BuiltApp }).default;
  appTester = createAppTester(entry);
});

describe('the built entry Zapier loads', () => {
  it('holds the definition of the bundle: every key, label, field and sample, and each function with its arity', () => {
    expect(shape(entry)).toEqual(shape(bundle));
    expect(functionAt(entry, VIDEO_READY)).not.toBe(functionAt(bundle, VIDEO_READY));
  });

  it('loads the bundle only when a function runs', () => {
    const script = `
      const loaded = () => Object.keys(require.cache).includes(${JSON.stringify(BUNDLE)});
      const app = require(${JSON.stringify(ENTRY)});
      const before = loaded();
      try { app.triggers.tagList.operation.perform({}, { authData: {}, inputData: {}, meta: {} }); } catch {}
      process.stdout.write(JSON.stringify([before, loaded()]));`;
    expect(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))).toEqual([false, true]);
  });

  it('runs the connection test through the bundle, with core errors as Zapier errors', async () => {
    hookApi().post(HOOK_PATH, { action: 'PING' }).reply(200, { status: 'success', workspace: 'Demo Workspace' });
    await expect(appTester(functionAt(entry, 'authentication.test'), { authData: hookAuth })).resolves.toEqual({ workspace: 'Demo Workspace', restApi: 'not configured' });

    hookApi().post(HOOK_PATH, { action: 'PING' }).reply(200, { status: 'success', workspace: 'Demo Workspace' });
    restApi().post(`${REST_PATH}/recordings/list`, { pageSize: 1 }).reply(401, { message: 'Unauthorized' });
    await expect(zapierFailure(appTester(functionAt(entry, 'authentication.test'), { authData: restAuth }), [API_KEY])).resolves.toEqual({
      name: 'ExpiredAuthError',
      message: UNAUTHORIZED_MESSAGE,
    });
  });

  it("points a Video Ready item's file at the hydrator Zapier finds in the definition it loaded", async () => {
    const link = `${BASE_URL}/videos/${RECORDING_ID}?expires=1795253400&signature=sig1`;
    restApi().post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 }).reply(200, page([serviceRecording()]));

    const [item] = (await appTester(functionAt(entry, VIDEO_READY), { authData: restAuth, cleanedRequest: { result: link } })) as { videoFile?: string }[];

    const pointer = JSON.parse(item?.videoFile?.slice('hydrate|||'.length, -'|||hydrate'.length) ?? '') as unknown;
    expect(pointer).toEqual({ type: 'file', method: 'hydrators.videoFile', bundle: { recordingId: RECORDING_ID } });
  });
});
