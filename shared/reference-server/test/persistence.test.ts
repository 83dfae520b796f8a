import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, clientsOf } from './support';

let dir: string;
let dataFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'screenrec-data-'));
  dataFile = join(dir, 'state.sqlite');
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
    const { subscriptionId } = (
      await hook('ZAPIER', first.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/closed' })
    ).json as {
      subscriptionId: string;
    };
    const created = (await rest('POST', '/recordings', { direction: 'RESPONSE', tags: ['kept'], email: 'p@example.com', comment: 'note' }))
      .json as { id: string };
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
      expect((await again.hook('N8N', backendToken, { action: 'RECORDING', recording: { externalReference: 'x' } })).text).toBe(
        '{"error":"No active subscription."}',
      );
      expect((await again.hook('ZAPIER', second.demo.tokens.ZAPIER, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId })).text).toBe(
        '{"status":"success"}',
      );
      expect((await again.admin('GET', '/outbox')).json).toEqual(outboxBefore);
      expect(((await again.admin('GET', '/deliveries')).json as unknown[]).length).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('writes before it answers, in a SQLite file any SQLite tool opens, with secrets only as hashes', async () => {
    const server = await buildQuietServer({ dataFile });
    try {
      const { admin } = clientsOf(server);
      const { workspaceId } = (await admin('POST', '/workspaces', { name: 'Hashed' })).json as { workspaceId: string };
      const { apiKey, keyId } = (await admin('POST', `/workspaces/${workspaceId}/api-keys`)).json as { apiKey: string; keyId: string };
      const { backendToken } = (await admin('POST', `/workspaces/${workspaceId}/integrations/ZAPIER`)).json as { backendToken: string };
      // The replies came after the commits: another connection to the file already reads the changes.
      const reader = new DatabaseSync(dataFile, { readOnly: true });
      try {
        const names = reader
          .prepare("SELECT data ->> '$.name' AS name FROM workspaces ORDER BY name")
          .all()
          .map((row) => row.name);
        expect(names).toEqual(['Demo Workspace', 'Hashed']);
        expect(reader.prepare('SELECT id FROM api_keys WHERE id = ?').get(keyId)).toEqual({ id: keyId });
        expect(reader.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      } finally {
        reader.close();
      }
      const stored = Buffer.concat(
        readdirSync(dir)
          .filter((name) => name.startsWith('state.sqlite') && !name.endsWith('.videos'))
          .map((name) => readFileSync(join(dir, name))),
      );
      expect(stored.includes(workspaceId)).toBe(true);
      expect(stored.includes(apiKey)).toBe(false);
      expect(stored.includes(backendToken)).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(['state.sqlite', 'state.sqlite-shm', 'state.sqlite-wal', 'state.sqlite.videos']);
    } finally {
      await server.close();
    }
  });

  it("refuses a file that is not its own, or an earlier server's journal, saying what to do, and leaves it untouched", async () => {
    const journal = '{"version":2,"signingKey":"k","workspaces":[]}\n{"kind":"demo","value":{}}\n';
    writeFileSync(dataFile, journal);
    await expect(buildQuietServer({ dataFile })).rejects.toThrow(
      `${dataFile} is a data file of an earlier reference server (JSON lines), which this one cannot read: it keeps its state in SQLite. ` +
        `Move the file (and ${dataFile}.videos) aside to start afresh with new demo credentials, or keep using the earlier server with it.`,
    );
    expect(readFileSync(dataFile, 'utf8')).toBe(journal);
    writeFileSync(dataFile, 'not a database');
    await expect(buildQuietServer({ dataFile })).rejects.toThrow(
      `${dataFile} is not a ScreenRec reference-server data file (not a SQLite database); give --data a new file name or move this one aside`,
    );
    expect(readFileSync(dataFile, 'utf8')).toBe('not a database');
    rmSync(dataFile);
    const other = new DatabaseSync(dataFile);
    other.exec('CREATE TABLE notes (text TEXT)');
    other.close();
    await expect(buildQuietServer({ dataFile })).rejects.toThrow(
      `${dataFile} is a SQLite database of another application, not a ScreenRec reference-server data file`,
    );
    const reopened = new DatabaseSync(dataFile, { readOnly: true });
    expect(reopened.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all()).toEqual([{ name: 'notes' }]);
    reopened.close();
    expect(readdirSync(dir)).not.toContain('state.sqlite.videos');
  });

  it('resumes deliveries left pending by the previous run once it listens', async () => {
    const first = await buildQuietServer({ dataFile, retryDelayMs: 60_000 });
    const { admin, hook } = clientsOf(first);
    await hook('ZAPIER', first.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:9/closed' });
    const recording = first.store.addRecording({ workspaceId: first.demo.workspaceId, direction: 'REQUEST' });
    const completing = Date.now();
    await admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    // Waits for the first attempt's outcome itself (its refused connection recorded), however long this machine takes;
    // the 60 s retry delay keeps it at one attempt meanwhile. Jest's timeout is the only bound.
    await waitUntil('the first attempt', (note) => (note(first.store.deliveries[0])?.attempts === 1 ? true : undefined), POLL);
    const attemptMs = Date.now() - completing;
    expect(first.store.deliveries.map((delivery) => [delivery.state, delivery.attempts])).toEqual([['PENDING', 1]]);
    await first.close();

    const second = await buildQuietServer({ dataFile, retryDelayMs: 1 });
    try {
      const pending = () => second.store.deliveries.map((delivery) => [delivery.state, delivery.attempts]);
      // Nothing may resume before listen(). An absence has no event to wait for; since only a wrong resume changes the
      // delivery, this check cannot fail on a slow machine, and its window, five times what the first run took from the
      // completion to its attempt's outcome (100 ms at least), grows with the machine's slowness, so a wrong resume
      // would still show in it.
      await new Promise((resolve) => setTimeout(resolve, Math.max(100, 5 * attemptMs)));
      expect(pending()).toEqual([['PENDING', 1]]);
      await second.listen();
      await waitUntil('the resumed delivery to give up', (note) => (note(pending())[0]?.[0] === 'FAILED' ? true : undefined), POLL);
      expect(pending()).toEqual([['FAILED', 5]]);
    } finally {
      await second.close();
    }
  });
});
