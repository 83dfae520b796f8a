import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { ListeningLine } from '@screenrec/test-support/reference-server';
import { waitUntil } from '@screenrec/test-support/wait';
import { send } from './support';

// Each test starts node processes, which on a busy machine can take more than jest's default 5 s. Half a minute only
// ends a hang: a server that never listens fails sooner, after listening()'s 15 s, with what it printed.
jest.setTimeout(30_000);

/** The server as `npm start` runs it: src/main.ts bundled like the package's build, run by node in a child process. */
const packageDir = resolve(__dirname, '..');
/** The node_modules folder fastify (left out of the bundle) is installed in. */
const nodeModules = dirname(dirname(require.resolve('fastify/package.json')));
let dir: string;
let mainJs: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'screenrec-cli-'));
  mainJs = join(dir, 'main.js');
  await build({
    entryPoints: [join(packageDir, 'src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['fastify'],
    outfile: mainJs,
    logLevel: 'silent',
    tsconfig: join(packageDir, 'tsconfig.json'),
  });
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [mainJs, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_PATH: nodeModules, ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function listening(started: Run): Promise<ListeningLine> {
  const line = await waitUntil(
    'the listening line on stdout',
    (note) => {
      if (started.child.exitCode !== null) throw new Error(`exited before listening; stderr: ${started.stderr()}`);
      return note(started.stdout()).includes('\n') ? started.stdout().split('\n')[0]! : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 20 },
  );
  return JSON.parse(line) as ListeningLine;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('node main.js --port 0 --insecure-callbacks --retry-delay-ms 50', () => {
  it('prints one JSON listening line on stdout, a hint on stderr, serves, and stops cleanly on SIGTERM', async () => {
    const started = run(['--port', '0', '--insecure-callbacks', '--retry-delay-ms', '50']);
    const line = await listening(started);
    expect(line).toEqual({
      event: 'listening',
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      adminToken: expect.stringMatching(/^sra_/),
      demo: {
        workspaceId: expect.stringMatching(uuid),
        workspaceName: 'Demo Workspace',
        ownerUserId: expect.stringMatching(uuid),
        tokens: { ZAPIER: expect.stringMatching(/^srt_/), N8N: expect.stringMatching(/^srt_/) },
        apiKey: expect.stringMatching(/^srk_/),
      },
    });
    expect(Object.keys(line)).toEqual(['event', 'baseUrl', 'adminToken', 'demo']);
    const hint = await waitUntil('the hint on stderr', () => (started.stderr().includes('n8n node:') ? started.stderr() : undefined));
    expect(hint).toContain(`Zapier app: Service URL ${line.baseUrl}`);
    expect(hint).toContain(`Node-RED:   ScreenRec connection with Service URL ${line.baseUrl}, workspace ID ${line.demo.workspaceId}`);

    const ping = await send(`${line.baseUrl}/public/webhooks/N8N`, {
      headers: { 'x-service-token': line.demo.tokens.N8N },
      body: { action: 'PING' },
    });
    const subscribe = await send(`${line.baseUrl}/public/webhooks/N8N`, {
      headers: { 'x-service-token': line.demo.tokens.N8N },
      body: { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/insecure-ok' },
    });
    const list = await send(`${line.baseUrl}/public/integration/${line.demo.workspaceId}/recordings/list`, {
      headers: { authorization: `Bearer ${line.demo.apiKey}` },
      body: {},
    });
    expect(ping.text).toBe('{"status":"success","workspace":"Demo Workspace"}');
    expect(subscribe.json).toEqual({ subscriptionId: expect.stringMatching(uuid) });
    expect(list.json).toEqual({ content: [], totalElements: 0, totalPages: 0 });

    started.child.kill('SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.stdout().trimEnd().split('\n')).toHaveLength(1);
    expect(started.stderr()).not.toContain(line.demo.apiKey.slice(4));
  });

  it('takes its settings from the environment too, and stops on SIGINT', async () => {
    const started = run([], { PORT: '0', PUBLIC_URL: 'https://rec.example', ADMIN_TOKEN: 'admin-token-from-env' });
    const line = await listening(started);
    expect(line.adminToken).toBe('admin-token-from-env');
    const recording = await send(`${line.baseUrl}/public/webhooks/ZAPIER`, {
      headers: { 'x-service-token': line.demo.tokens.ZAPIER },
      body: { action: 'RECORDING', recording: { externalReference: 'env' } },
    });
    const httpCallback = await send(`${line.baseUrl}/public/webhooks/ZAPIER`, {
      headers: { 'x-service-token': line.demo.tokens.ZAPIER },
      body: { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/refused' },
    });
    expect((recording.json as { url: string }).url).toMatch(/^https:\/\/rec\.example\/r\//);
    expect(httpCallback.text).toBe('{"message":"Bad request"}');
    started.child.kill('SIGINT');
    expect(await started.exited).toEqual({ code: 0, signal: null });
  });

  it('with --data, keeps every create it answered 201 when killed outright in the middle of hundreds, and everything else', async () => {
    const dataFile = join(dir, 'killed.sqlite');
    const first = run(['--port', '0', '--insecure-callbacks', '--retry-delay-ms', '60000', '--data', dataFile]);
    const line = await listening(first);
    const admin = async (method: string, path: string, body?: unknown) =>
      (await send(`${line.baseUrl}/admin${path}`, { method, headers: { 'x-admin-token': line.adminToken }, body })).json as Record<
        string,
        string
      >;
    const { workspaceId } = await admin('POST', '/workspaces', { name: 'Survivor' });
    await admin('PATCH', `/workspaces/${workspaceId}`, { apiAccess: true });
    const { apiKey } = await admin('POST', `/workspaces/${workspaceId}/api-keys`, {});
    const { backendToken } = await admin('POST', `/workspaces/${workspaceId}/integrations/N8N`);
    const hook = (baseUrl: string, provider: string, token: string, body: unknown) =>
      send(`${baseUrl}/public/webhooks/${provider}`, { headers: { 'x-service-token': token }, body });
    const { subscriptionId } = (
      await hook(line.baseUrl, 'ZAPIER', line.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/closed' })
    ).json as { subscriptionId: string };
    const completed = (
      await send(`${line.baseUrl}/public/integration/${line.demo.workspaceId}/recordings`, {
        headers: { authorization: `Bearer ${line.demo.apiKey}` },
        body: { direction: 'REQUEST' },
      })
    ).json as { id: string };
    await admin('POST', `/recordings/${completed.id}/status`, { status: 'COMPLETED' });

    // Eight clients create recordings, 600 at most; the server is killed once 200 creates were answered.
    const answered: string[] = [];
    let killed = false;
    const client = async () => {
      for (let index = 0; index < 75 && !killed; index++) {
        const created = await send(`${line.baseUrl}/public/integration/${line.demo.workspaceId}/recordings`, {
          headers: { authorization: `Bearer ${line.demo.apiKey}` },
          body: { direction: 'REQUEST', tags: ['survivor'] },
        }).catch(() => undefined);
        if (created?.status !== 201) continue;
        answered.push((created.json as { id: string }).id);
        if (answered.length === 200 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(killed).toBe(true);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = run(['--port', '0', '--insecure-callbacks', '--retry-delay-ms', '60000', '--data', dataFile]);
    const again = await listening(second);
    expect(again.demo).toEqual(line.demo);
    const kept = new Set<string>();
    for (let first = 0; ; first += 100) {
      const page = (
        await send(`${again.baseUrl}/public/integration/${again.demo.workspaceId}/recordings/list`, {
          headers: { authorization: `Bearer ${again.demo.apiKey}` },
          body: { tags: ['survivor'], first, pageSize: 100 },
        })
      ).json as { content: Array<{ id: string }> };
      for (const recording of page.content) kept.add(recording.id);
      if (page.content.length < 100) break;
    }
    expect(answered.length).toBeGreaterThanOrEqual(200);
    expect(answered.filter((id) => !kept.has(id))).toEqual([]);
    const adminAgain = async (path: string) =>
      (await send(`${again.baseUrl}/admin${path}`, { headers: { 'x-admin-token': again.adminToken } })).json;
    expect(await adminAgain(`/workspaces/${line.demo.workspaceId}/subscriptions`)).toEqual([
      { subscriptionId, provider: 'ZAPIER', callback: 'http://127.0.0.1:9/closed' },
    ]);
    expect(await adminAgain('/deliveries')).toEqual([
      expect.objectContaining({ subscriptionId, recordingId: completed.id, state: 'PENDING' }),
    ]);
    const keyed = await send(`${again.baseUrl}/public/integration/${workspaceId}/recordings/list`, {
      headers: { authorization: `Bearer ${apiKey}` },
      body: {},
    });
    expect(keyed.json).toEqual({ content: [], totalElements: 0, totalPages: 0 });
    expect((await hook(again.baseUrl, 'N8N', backendToken!, { action: 'PING' })).text).toBe('{"status":"success","workspace":"Survivor"}');
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 60_000);

  it('on a Node without node:sqlite, exits 1 saying which Node it needs and how to start it', async () => {
    const started = run(['--port', '0'], { NODE_OPTIONS: '--no-experimental-sqlite' });
    expect(await started.exited).toEqual({ code: 1, signal: null });
    expect(started.stderr()).toContain(
      'could not start: the reference server keeps its state in node:sqlite, which needs Node 22.5 or newer',
    );
    expect(started.stderr()).toContain('Start it with `npm start`');
    expect(started.stdout()).toBe('');
  });

  it.each([
    [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc"'],
    [['--retry-delay-ms=-5'], '--retry-delay-ms must be a whole number from 0 to 3600000, not "-5"'],
    [['--public-url', 'ftp://x'], '--public-url must be an http(s) URL'],
    [['--colour'], "Unknown option '--colour'"],
  ])('refuses %j with exit code 2 and the usage', async (args, message) => {
    const started = run(args);
    expect(await started.exited).toEqual({ code: 2, signal: null });
    expect(started.stderr()).toContain(message);
    expect(started.stderr()).toContain('Usage: node shared/reference-server/dist/main.js [options]');
    expect(started.stdout()).toBe('');
  });

  it('--help prints the usage and exits 0', async () => {
    const started = run(['--help']);
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.stderr()).toContain('--insecure-callbacks');
    expect(started.stdout()).toBe('');
  });
});
