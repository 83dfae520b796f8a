// Attack suite, storage (issue 14): with --data a write appends one line (cost in proportion to the change), the
// journal is compacted and survives a torn last line, the outbox and delivery log are bounded, a delete during an
// upload is clean, leftovers are removed at start, and a delivery resumed after a restart sends a fresh link.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '../../shared/reference-server/src/limits';
import type { InProcessServer, ListeningServer } from '../../shared/reference-server/src/server';
import { Catcher } from '../support/catcher';
import { waitUntil } from '../support/wait';
import { POLL, buildQuietServer, clientsOf, startQuietServer } from './support';

let dir: string;
let dataFile: string;
const closers: Array<() => Promise<void>> = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'screenrec-attack-'));
  dataFile = join(dir, 'state.json');
});
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
  rmSync(dir, { recursive: true, force: true });
});

/** A server on the test's data file, reached through inject(); closed after the test. */
async function started(options: Parameters<typeof buildQuietServer>[0] = {}): Promise<InProcessServer> {
  const server = await buildQuietServer({ dataFile, ...options });
  closers.push(() => server.close());
  return server;
}

/** The same, listening: for a socket of its own, and to resume the deliveries a previous run left pending. */
async function listening(options: Parameters<typeof startQuietServer>[0] = {}): Promise<ListeningServer> {
  const server = await startQuietServer({ dataFile, ...options });
  closers.push(() => server.close());
  return server;
}

async function catcher(statuses?: number[]): Promise<Catcher> {
  const started = new Catcher(statuses);
  await started.start();
  closers.push(() => started.stop());
  return started;
}

const lines = () => readFileSync(dataFile, 'utf8').split('\n').filter((line) => line !== '');

describe('the journal', () => {
  it('appends one line per change, however large the state', async () => {
    const server = await started();
    for (let index = 0; index < 3_000; index++) server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST', tags: [`seed-${index}`], comment: 'x'.repeat(200) });
    const { rest } = clientsOf(server);
    expect((await rest('POST', '/recordings', { direction: 'REQUEST', tags: ['first'] })).status).toBe(201);
    const before = statSync(dataFile).size;
    const count = lines().length;
    const created = await rest('POST', '/recordings', { direction: 'REQUEST', tags: ['measured'] });
    expect(created.status).toBe(201);
    expect(before).toBeGreaterThan(700_000);
    expect(statSync(dataFile).size - before).toBeLessThan(1_024);
    expect(lines()).toHaveLength(count + 1);
    expect(JSON.parse(lines().at(-1)!)).toMatchObject({ kind: 'recording', value: { id: (created.json as { id: string }).id, tags: ['measured'] } });
  });

  it('is compacted once the appended lines outweigh the snapshot, and a restart finds everything', async () => {
    const server = await started({ minCompactionBytes: 2_000 });
    const { rest } = clientsOf(server);
    const ids: string[] = [];
    for (let index = 0; index < 40; index++) ids.push(((await rest('POST', '/recordings', { direction: 'REQUEST', tags: [`c${index}`] })).json as { id: string }).id);
    expect(lines().length).toBeLessThan(40);
    await server.close();
    const again = await started();
    const page = (await clientsOf(again).rest('POST', '/recordings/list', { pageSize: 100 })).json as { content: Array<{ id: string }> };
    expect(page.content.map((recording) => recording.id)).toEqual(ids);
  });

  it('ignores a torn last line (a write cut short by a crash), and drops it from the file', async () => {
    const first = await started();
    const { workspaceId } = (await clientsOf(first).admin('POST', '/workspaces', { name: 'Kept' })).json as { workspaceId: string };
    await first.close();
    appendFileSync(dataFile, '{"kind":"workspace","value":{"id":"0b1c');
    const second = await started();
    expect((await clientsOf(second).admin('GET', `/workspaces/${workspaceId}`)).json).toMatchObject({ name: 'Kept' });
    expect(readFileSync(dataFile, 'utf8')).not.toContain('"id":"0b1c');
    expect(readFileSync(dataFile, 'utf8').endsWith('\n')).toBe(true);
  });

  it('refuses to start on damage anywhere but the last line, leaving the file untouched', async () => {
    const first = await started();
    await clientsOf(first).admin('POST', '/workspaces', { name: 'One' });
    await clientsOf(first).admin('POST', '/workspaces', { name: 'Two' });
    await first.close();
    const text = readFileSync(dataFile, 'utf8').split('\n');
    text[1] = '{"kind":';
    writeFileSync(dataFile, text.join('\n'));
    await expect(buildQuietServer({ dataFile })).rejects.toThrow(`${dataFile} is damaged at line 2`);
    expect(readFileSync(dataFile, 'utf8')).toBe(text.join('\n'));
  });

  it('still reads a version 1 data file (one whole-state line)', async () => {
    const first = await started();
    await clientsOf(first).admin('POST', '/workspaces', { name: 'Old' });
    const snapshot = { ...first.store.snapshot(), version: 1 };
    await first.close();
    writeFileSync(dataFile, JSON.stringify(snapshot));
    const second = await started();
    expect(second.demo).toEqual(first.demo);
    expect(second.store.snapshot().workspaces.map((workspace) => workspace.name)).toEqual(['Demo Workspace', 'Old']);
  });
});

describe('bounded logs', () => {
  it(`keeps the newest outbox mails and deliveries (defaults ${LIMITS.outboxEntries} and ${LIMITS.deliveryLogEntries}), across a restart`, async () => {
    const receiver = await catcher();
    const logLimits = { outboxEntries: 5, deliveryLogEntries: 4 };
    const server = await started({ logLimits });
    const { rest, hook, admin } = clientsOf(server);
    await hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: receiver.url });
    const ids: string[] = [];
    for (let index = 0; index < 8; index++) {
      const { id } = (await rest('POST', '/recordings', { direction: 'REQUEST', email: `p${index}@example.com` })).json as { id: string };
      ids.push(id);
      await admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
      await receiver.waitFor(index + 1);
    }
    await waitUntil('every delivery to be delivered', (note) => (note(server.store.deliveries).every((delivery) => delivery.state === 'DELIVERED') ? true : undefined), POLL);
    const outbox = (await admin('GET', '/outbox')).json as Array<{ to: string }>;
    expect(outbox.map((mail) => mail.to)).toEqual([3, 4, 5, 6, 7].map((index) => `p${index}@example.com`));
    const deliveries = () => server.store.deliveries.map((delivery) => delivery.recordingId);
    expect(deliveries()).toEqual(ids.slice(-4));
    await server.close();

    const again = await started({ logLimits });
    expect(again.store.outbox).toEqual(server.store.outbox);
    expect(again.store.deliveries.map((delivery) => delivery.recordingId)).toEqual(ids.slice(-4));
  });
});

describe('uploads and leftovers', () => {
  it('a delete during an upload answers the upload 404 (no 500) and leaves no file', async () => {
    const server = await listening();
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    const { port } = new URL(server.baseUrl);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const upload = request({ host: '127.0.0.1', port, method: 'POST', path: `/r/${recording.id}/upload`, headers: { 'content-type': 'video/webm', 'content-length': 2_000 } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
      upload.write(Buffer.alloc(1_000, 1));
      void waitUntil('the upload\'s temp file', () => (readdirSync(server.videosDir).some((name) => name.startsWith('.upload-')) ? true : undefined), POLL).then(async () => {
        expect((await clientsOf(server).rest('DELETE', `/recordings/${recording.id}`)).status).toBe(204);
        upload.end(Buffer.alloc(1_000, 2));
      });
    });
    expect(await answer).toEqual({ status: 404, body: '{"message":"Not found"}' });
    await waitUntil('no file left', (note) => (note(readdirSync(server.videosDir)).length === 0 ? true : undefined), POLL);
  });

  it('removes temp files and unreferenced videos at start, and keeps the videos still in use', async () => {
    const first = await started();
    const recording = first.store.addRecording({ workspaceId: first.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(first).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    const kept = first.store.recording(recording.id)!.video!.fileName;
    await first.close();
    const leftovers = [join(`${dataFile}.videos`, '.upload-5b0b6f4e'), join(`${dataFile}.videos`, '8c1d2a9e-1111-4c1e-9b7a-2d5e6f7a8b9c.webm'), join(dir, `.state.json.4242.tmp`)];
    for (const path of leftovers) writeFileSync(path, 'left over');
    const second = await started();
    for (const path of leftovers) expect(existsSync(path)).toBe(false);
    expect(readdirSync(second.videosDir)).toEqual([kept]);
  });

  it('a delivery resumed after a restart sends a freshly signed link', async () => {
    const receiver = await catcher([500, 200]);
    const first = await started({ linkTtlMs: 1_000, retryDelayMs: 60_000 });
    await clientsOf(first).hook('ZAPIER', first.demo.tokens.ZAPIER, { action: 'CALLBACK_SUBSCRIBE', callback: receiver.url });
    const recording = first.store.addRecording({ workspaceId: first.demo.workspaceId, direction: 'REQUEST' });
    await clientsOf(first).admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
    await waitUntil('the first attempt', (note) => (note(first.store.deliveries[0])?.attempts === 1 ? true : undefined), POLL);
    await first.close();
    const second = await listening({ retryDelayMs: 1 });
    const [staleCall, freshCall] = await receiver.waitFor(2);
    // The first run's link (built before it listened), on the second run's address: expired within a second.
    const stale = new URL((JSON.parse(staleCall!.body) as { result: string }).result);
    const fresh = (JSON.parse(freshCall!.body) as { result: string }).result;
    const staleHere = `${second.baseUrl}${stale.pathname}${stale.search}`;
    expect(fresh).not.toBe(staleHere);
    expect(new URL(fresh).origin).toBe(second.baseUrl);
    expect(new URL(fresh).pathname).toBe(stale.pathname);
    const { request } = clientsOf(second);
    await waitUntil('the stale link to expire', async (note) => (note((await request(staleHere)).status) === 403 ? true : undefined), { ...POLL, timeoutMs: 3_000 });
    expect((await request(fresh)).status).toBe(200);
    expect(second.store.deliveries[0]).toMatchObject({ state: 'DELIVERED', attempts: 2, payload: { result: fresh } });
  });
});
