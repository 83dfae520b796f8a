// Attack suite, storage: with --data a restart finds every recording in creation order, the outbox and delivery log
// are bounded, a delete during an upload is clean, leftovers are removed at start, and a delivery resumed after a
// restart sends a fresh link. (A process killed mid-write: cli.test.ts.)
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '../src/limits';
import type { InProcessServer, ListeningServer } from '../src/server';
import { Catcher } from '@screenrec/test-support/catcher';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, clientsOf, startQuietServer } from './support';

let dir: string;
let dataFile: string;
const closers: Array<() => Promise<void>> = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'screenrec-attack-'));
  dataFile = join(dir, 'state.sqlite');
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

describe('the database', () => {
  // Thousands of rows written and read back: on a busy machine more than jest's default 5 s, so it gets a minute, which
  // only ends a hang.
  it('gives back every recording in creation order after a restart, beside thousands made directly', async () => {
    const server = await started();
    const seeded = server.store.transaction(() => {
      const ids: string[] = [];
      for (let index = 0; index < 3_000; index++)
        ids.push(server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST', tags: [`seed-${index}`] }).id);
      return ids;
    });
    const { rest } = clientsOf(server);
    const ids: string[] = [];
    for (let index = 0; index < 40; index++)
      ids.push(((await rest('POST', '/recordings', { direction: 'REQUEST', tags: [`c${index}`] })).json as { id: string }).id);
    await server.close();
    const again = clientsOf(await started());
    const newest = (await again.rest('POST', '/recordings/list', { pageSize: 100, sortOrder: 'Descending' })).json as {
      content: Array<{ id: string }>;
      totalElements: number;
    };
    expect(newest.totalElements).toBe(3_040);
    expect(newest.content.map((recording) => recording.id)).toEqual([...seeded.slice(-60), ...ids].reverse());
    expect((await again.rest('GET', '/recordings/tags?query=seed-2999')).json).toEqual({ result: ['seed-2999'] });
  }, 60_000);
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
    await waitUntil(
      'every delivery to be delivered',
      (note) => (note(server.store.deliveries).every((delivery) => delivery.state === 'DELIVERED') ? true : undefined),
      POLL,
    );
    const outbox = (await admin('GET', '/outbox')).json as Array<{ to: string }>;
    expect(outbox.map((mail) => mail.to)).toEqual([3, 4, 5, 6, 7].map((index) => `p${index}@example.com`));
    const deliveries = () => server.store.deliveries.map((delivery) => delivery.recordingId);
    expect(deliveries()).toEqual(ids.slice(-4));
    const outboxBefore = server.store.outbox;
    expect(outboxBefore).toHaveLength(5);
    await server.close();

    const again = await started({ logLimits });
    expect(again.store.outbox).toEqual(outboxBefore);
    expect(again.store.deliveries.map((delivery) => delivery.recordingId)).toEqual(ids.slice(-4));
  });
});

describe('uploads and leftovers', () => {
  it('a delete during an upload answers the upload 404 (no 500) and leaves no file', async () => {
    const server = await listening();
    const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
    const { port } = new URL(server.baseUrl);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const upload = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/r/${recording.id}/upload`,
          headers: { 'content-type': 'video/webm', 'content-length': 2_000 },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      upload.on('error', reject);
      upload.write(Buffer.alloc(1_000, 1));
      void waitUntil(
        "the upload's temp file",
        () => (readdirSync(server.videosDir).some((name) => name.startsWith('.upload-')) ? true : undefined),
        POLL,
      ).then(async () => {
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
    const leftovers = [
      join(`${dataFile}.videos`, '.upload-5b0b6f4e'),
      join(`${dataFile}.videos`, '8c1d2a9e-1111-4c1e-9b7a-2d5e6f7a8b9c.webm'),
    ];
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
    // Waits for the second the stale link names to pass (no polling limit), then it must be refused.
    const staleUntil = Number(stale.searchParams.get('expires')) * 1000;
    while (Date.now() < staleUntil) await new Promise((resolve) => setTimeout(resolve, staleUntil - Date.now() + 1));
    expect((await request(staleHere)).status).toBe(403);
    expect((await request(fresh)).status).toBe(200);
    expect(second.store.deliveries[0]).toMatchObject({ state: 'DELIVERED', attempts: 2, payload: { result: fresh } });
  });
});
