import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../support/wait';
import { POLL, buildQuietServer, clientsOf } from './support';

let dir: string;
let dataFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'screenrec-data-'));
  dataFile = join(dir, 'state.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('--data FILE', () => {
  it('keeps everything across a restart: demo credentials, keys, tokens, recordings, videos, subscriptions, logs', async () => {
    const first = await buildQuietServer({ dataFile });
    const { admin, hook, rest } = clientsOf(first);
    const { workspaceId } = (await admin('POST', '/workspaces', { name: 'Durable' })).json as { workspaceId: string };
    await admin('PATCH', `/workspaces/${workspaceId}`, { apiAccess: true, subscription: 'EXPIRED' });
    const { apiKey } = (await admin('POST', `/workspaces/${workspaceId}/api-keys`)).json as { apiKey: string };
    const { backendToken } = (await admin('POST', `/workspaces/${workspaceId}/integrations/N8N`)).json as { backendToken: string };
    const { subscriptionId } = (await hook('ZAPIER', first.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/closed' })).json as {
      subscriptionId: string;
    };
    const created = (await rest('POST', '/recordings', { direction: 'RESPONSE', tags: ['kept'], email: 'p@example.com', comment: 'note' })).json as { id: string };
    await admin('POST', `/recordings/${created.id}/status`, { status: 'COMPLETED' });
    const listBefore = (await rest('POST', '/recordings/list', {})).json;
    const outboxBefore = (await admin('GET', '/outbox')).json;
    await first.close();

    const second = await buildQuietServer({ dataFile });
    try {
      const again = clientsOf(second);
      expect(second.demo).toEqual(first.demo);
      expect(second.adminToken).not.toBe(first.adminToken);
      expect((await again.rest('POST', '/recordings/list', {})).json).toEqual(listBefore);
      expect((await again.rest('GET', '/recordings/tags?query=EPT')).json).toEqual({ result: ['kept'] });
      const { url } = (await again.rest('GET', `/recordings/${created.id}/presign`)).json as { url: string };
      expect((await again.request(url)).status).toBe(200);
      expect((await again.rest('POST', '/recordings/list', {}, apiKey, workspaceId)).status).toBe(200);
      expect((await again.hook('N8N', backendToken, { action: 'RECORDING', recording: { externalReference: 'x' } })).text).toBe('{"error":"No active subscription."}');
      expect((await again.hook('ZAPIER', second.demo.tokens.ZAPIER, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId })).text).toBe('{"status":"success"}');
      expect((await again.admin('GET', '/outbox')).json).toEqual(outboxBefore);
      expect(((await again.admin('GET', '/deliveries')).json as unknown[]).length).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('writes before it answers: complete JSON lines, no temp file left, secrets only as hashes', async () => {
    const server = await buildQuietServer({ dataFile });
    try {
      const { admin } = clientsOf(server);
      const { workspaceId } = (await admin('POST', '/workspaces', { name: 'Hashed' })).json as { workspaceId: string };
      const { apiKey } = (await admin('POST', `/workspaces/${workspaceId}/api-keys`)).json as { apiKey: string };
      const { backendToken } = (await admin('POST', `/workspaces/${workspaceId}/integrations/ZAPIER`)).json as { backendToken: string };
      // The reply came after the write: the file already holds the change.
      // The file is a journal: the snapshot written at start, then one complete JSON line per change.
      const text = readFileSync(dataFile, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      const [snapshot, ...changes] = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      const names = [
        ...(snapshot as { workspaces: Array<{ name: string }> }).workspaces,
        ...changes.filter((change) => change.kind === 'workspace').map((change) => change.value as { name: string }),
      ].map((workspace) => workspace.name);
      expect([...new Set(names)]).toEqual(['Demo Workspace', 'Hashed']);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(backendToken);
      expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.videos']);
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a file that is not its own, leaving it untouched', async () => {
    writeFileSync(dataFile, '{"version":7}');
    await expect(buildQuietServer({ dataFile })).rejects.toThrow(`${dataFile} is not a ScreenRec reference-server data file (version 7)`);
    writeFileSync(dataFile, 'not json');
    await expect(buildQuietServer({ dataFile })).rejects.toThrow(SyntaxError);
    expect(readFileSync(dataFile, 'utf8')).toBe('not json');
  });

  it('resumes deliveries left pending by the previous run once it listens', async () => {
    const first = await buildQuietServer({ dataFile, retryDelayMs: 60_000 });
    const { admin, hook } = clientsOf(first);
    await hook('ZAPIER', first.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/closed' });
    const recording = first.store.addRecording({ workspaceId: first.demo.workspaceId, direction: 'REQUEST' });
    await admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.store.deliveries.map((delivery) => [delivery.state, delivery.attempts])).toEqual([['PENDING', 1]]);
    await first.close();

    const second = await buildQuietServer({ dataFile, retryDelayMs: 1 });
    try {
      const pending = () => second.store.deliveries.map((delivery) => [delivery.state, delivery.attempts]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pending()).toEqual([['PENDING', 1]]);
      await second.listen();
      await waitUntil('the resumed delivery to give up', (note) => (note(pending())[0]?.[0] === 'FAILED' ? true : undefined), POLL);
      expect(pending()).toEqual([['FAILED', 5]]);
    } finally {
      await second.close();
    }
  });
});
