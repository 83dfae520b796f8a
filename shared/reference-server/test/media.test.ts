import { createHash, createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { parseRange } from '../src/routes/videos';
import type { InProcessServer } from '../src/server';
import { withSubscribedCatcher } from './subscribed-catcher';
import { waitUntil } from '@screenrec/test-support/wait';
import { POLL, buildQuietServer, buildWithClients, clientsOf, UNKNOWN_ID, type Clients } from './support';

const FORBIDDEN = '{"message":"Forbidden"}';

let server: InProcessServer;
let clients: Clients;

beforeAll(async () => ({ server, clients } = await buildWithClients({ maxUploadBytes: 64 * 1024 })));
afterAll(() => server.close());

function newRecording(fields: { comment?: string; notifications?: string[] } = {}) {
  return server.store.addRecording({
    workspaceId: server.demo.workspaceId,
    direction: 'REQUEST',
    comment: fields.comment,
    notifications: (fields.notifications ?? []).map((value) => ({ type: 'EMAIL' as const, value })),
  });
}

async function presign(id: string): Promise<string> {
  return ((await clients.rest('GET', `/recordings/${id}/presign`)).json as { url: string }).url;
}

describe('pre-signed video links', () => {
  let id: string;
  let url: URL;
  let size: number;
  /** When the link was asked for and when it came: it was signed in between. */
  let signing: { from: number; to: number };
  beforeAll(async () => {
    id = newRecording().id;
    await clients.admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
    const from = Date.now();
    url = new URL(await presign(id));
    signing = { from, to: Date.now() };
    size = server.store.recording(id)!.video!.size;
  });
  const withQuery = (changes: Record<string, string | null>) => {
    const copy = new URL(url);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) copy.searchParams.delete(name);
      else copy.searchParams.set(name, value);
    }
    return copy.toString();
  };

  it('expire in one hour by default', () => {
    // One hour after the signing, in whole seconds: between the same for the moments before and after it, however
    // long it took on this machine and however long ago.
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(Math.floor((signing.from + 3600_000) / 1000));
    expect(expires).toBeLessThanOrEqual(Math.floor((signing.to + 3600_000) / 1000));
  });

  it('stream the whole video with its type and length', async () => {
    const answer = await clients.request(url.toString());
    const { bytes } = answer;
    expect([
      answer.status,
      answer.headers.get('content-type'),
      answer.headers.get('accept-ranges'),
      answer.headers.get('content-length'),
    ]).toEqual([200, 'video/webm', 'bytes', String(size)]);
    expect(bytes.length).toBe(size);
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(bytes.includes(Buffer.from('webm'))).toBe(true);
  });

  it('serve byte ranges', async () => {
    const fetchRange = (range?: string) => clients.request(url.toString(), { headers: range === undefined ? {} : { range } });
    const whole = (await fetchRange()).bytes;
    const first = await fetchRange('bytes=0-3');
    expect([first.status, first.headers.get('content-range'), first.headers.get('content-length')]).toEqual([
      206,
      `bytes 0-3/${size}`,
      '4',
    ]);
    expect(first.bytes).toEqual(whole.subarray(0, 4));
    const suffix = await fetchRange('bytes=-5');
    expect([suffix.status, suffix.headers.get('content-range')]).toEqual([206, `bytes ${size - 5}-${size - 1}/${size}`]);
    expect(suffix.bytes).toEqual(whole.subarray(size - 5));
    const open = await fetchRange('bytes=10-');
    expect(open.bytes).toEqual(whole.subarray(10));
  });

  it('answer 416 for a range past the end', async () => {
    const answer = await clients.request(url.toString(), { headers: { range: `bytes=${size}-` } });
    expect([answer.status, answer.headers.get('content-range'), answer.text]).toEqual([
      416,
      `bytes */${size}`,
      '{"message":"Range not satisfiable"}',
    ]);
  });

  it.each([
    [
      'a changed signature',
      () => withQuery({ signature: url.searchParams.get('signature')!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }),
    ],
    ['a changed expiry', () => withQuery({ expires: String(Number(url.searchParams.get('expires')) + 3600) })],
    ['no signature', () => withQuery({ signature: null })],
    ['no expiry', () => withQuery({ expires: null })],
    ['a signature for another recording', () => url.toString().replace(id, UNKNOWN_ID)],
    ['a non-numeric expiry', () => withQuery({ expires: 'never' })],
  ])('answer 403 Forbidden for %s', async (_label, link) => {
    const answer = await clients.request(link());
    expect([answer.status, answer.text]).toEqual([403, FORBIDDEN]);
  });

  it('answer 403 Forbidden once expired, even with a correct signature', async () => {
    const expires = String(Math.floor(Date.now() / 1000) - 1);
    const signature = createHmac('sha256', server.store.signingKey).update(`${id}.${expires}`).digest('hex');
    const answer = await clients.request(withQuery({ expires, signature }));
    expect([answer.status, answer.text]).toEqual([403, FORBIDDEN]);
  });

  it('answer 403 from a server whose links live 0 ms', async () => {
    const shortLived = await buildQuietServer({ linkTtlMs: 0 });
    try {
      const recording = shortLived.store.addRecording({ workspaceId: shortLived.demo.workspaceId, direction: 'REQUEST' });
      const { admin, rest, request } = clientsOf(shortLived);
      await admin('POST', `/recordings/${recording.id}/status`, { status: 'COMPLETED' });
      const link = ((await rest('GET', `/recordings/${recording.id}/presign`)).json as { url: string }).url;
      expect((await request(link)).status).toBe(403);
    } finally {
      await shortLived.close();
    }
  });

  it('answer 404 once the recording is deleted', async () => {
    const other = newRecording();
    await clients.admin('POST', `/recordings/${other.id}/status`, { status: 'COMPLETED' });
    const link = await presign(other.id);
    await clients.rest('DELETE', `/recordings/${other.id}`);
    const answer = await clients.request(link);
    expect([answer.status, answer.text]).toEqual([404, '{"message":"Not found"}']);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=5-500', { start: 5, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=0-1,4-5', undefined],
    ['items=0-1', undefined],
    ['bytes=-', undefined],
  ])('%s of 100 bytes → %p', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('the recording page', () => {
  it('is a page that captures the screen, times it, stops, and uploads', async () => {
    const recording = newRecording({ comment: 'internal: do not show' });
    const answer = await clients.request(`/r/${recording.id}`);
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    for (const part of ['getDisplayMedia', 'MediaRecorder', 'id="start"', 'id="stop"', 'id="timer"', "method: 'POST'"])
      expect(answer.text).toContain(part);
    expect(answer.text).not.toContain('internal: do not show');
    const config = JSON.parse(/<script id="config" type="application\/json">(.*?)<\/script>/s.exec(answer.text)![1]!);
    expect(config).toEqual({
      recordingId: recording.id,
      status: 'NEW',
      startUrl: `${recording.id}/start`,
      uploadUrl: `${recording.id}/upload`,
    });
  });

  it('allows exactly its own inline script through its Content-Security-Policy', async () => {
    const { id } = newRecording();
    const answer = await clients.request(`/r/${id}`);
    const script = /<script>(.*?)<\/script>/s.exec(answer.text)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(answer.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const path of [`/r/${UNKNOWN_ID}`, '/r/42', `/r/${UNKNOWN_ID}/upload`]) {
      const answer = await clients.request(`${path}`, {
        method: path.endsWith('upload') ? 'POST' : 'GET',
        headers: { 'content-type': 'video/webm' },
        raw: path.endsWith('upload') ? 'x' : undefined,
      });
      expect([answer.status, answer.text]).toEqual([404, '{"message":"Not found"}']);
    }
  });
});

describe('the participant flow', () => {
  it('start moves the recording to RECORDING; the upload completes it, stores the bytes and notifies', async () => {
    await withSubscribedCatcher(server, clients, 'ZAPIER', async (catcher) => {
      const recording = newRecording({ notifications: ['watcher@example.com'] });
      const started = await clients.request(`/r/${recording.id}/start`, { method: 'POST' });
      expect([started.status, server.store.recording(recording.id)!.status]).toEqual([204, 'RECORDING']);

      const video = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(20_000, 7)]);
      const upload = await clients.request(`/r/${recording.id}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'video/webm;codecs=vp9,opus' },
        raw: video,
      });
      expect([upload.status, upload.text]).toEqual([200, '{"status":"COMPLETED"}']);
      expect(server.store.recording(recording.id)).toMatchObject({
        status: 'COMPLETED',
        video: { contentType: 'video/webm', size: video.length },
      });

      const served = await clients.request(await presign(recording.id));
      expect(served.bytes).toEqual(video);
      const [notification] = await catcher.waitFor(1);
      expect(JSON.parse(notification!.body)).toEqual({ result: expect.stringContaining(`/videos/${recording.id}?expires=`) });
      expect(((await clients.admin('GET', '/outbox')).json as Array<{ to: string }>).map((mail) => mail.to)).toContain(
        'watcher@example.com',
      );

      const page = await clients.request(`/r/${recording.id}`);
      expect(page.text).toContain('"status":"COMPLETED"');
      const again = await clients.request(`/r/${recording.id}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'video/webm' },
        raw: video,
      });
      const restart = await clients.request(`/r/${recording.id}/start`, { method: 'POST' });
      expect([again.status, again.text]).toEqual([409, '{"message":"This recording is already complete."}']);
      expect(restart.status).toBe(409);
    });
  });

  it('takes an untyped octet stream as WebM', async () => {
    const { id } = newRecording();
    const upload = await clients.request(`/r/${id}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      raw: Buffer.from('webm bytes'),
    });
    expect(upload.status).toBe(200);
    expect(server.store.recording(id)!.video).toMatchObject({
      contentType: 'video/webm',
      fileName: expect.stringMatching(new RegExp(`^${id}\\.[0-9a-f]{12}\\.webm$`)),
    });
  });

  it('refuses an upload over the size limit with 413 and keeps nothing of it', async () => {
    const { id } = newRecording();
    const before = readdirSync(server.videosDir).length;
    const declared = await clients.request(`/r/${id}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'video/webm' },
      raw: Buffer.alloc(64 * 1024 + 1),
    });
    expect([declared.status, declared.text]).toEqual([413, '{"message":"Payload too large"}']);

    // A chunked body says nothing of its size up front: the limit is enforced while streaming, and the connection is
    // cut (a socket's matter: inject() has none), so this one goes over the wire.
    const { baseUrl } = await server.listen();
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 20; index++) controller.enqueue(new Uint8Array(8 * 1024));
        controller.close();
      },
    });
    const streamed = await fetch(`${baseUrl}/r/${id}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'video/webm' },
      body: chunks,
      duplex: 'half',
    } as RequestInit).then(
      (response) => response.status,
      () => 'connection closed',
    );
    expect([413, 'connection closed']).toContain(streamed);
    expect(server.store.recording(id)!.status).toBe('NEW');
    await waitUntil(
      'the refused upload to leave no file',
      (note) => (note(readdirSync(server.videosDir)).length === before ? true : undefined),
      POLL,
    );
  });

  it('refuses an empty upload with 400 and a body of another type with 415', async () => {
    const { id } = newRecording();
    const empty = await clients.request(`/r/${id}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'video/webm' },
      raw: Buffer.alloc(0),
    });
    const json = await clients.request(`/r/${id}/upload`, { method: 'POST', body: { video: 'x' } });
    const untyped = await clients.request(`/r/${id}/upload`, { method: 'POST' });
    expect([empty.status, empty.text]).toEqual([400, '{"message":"Bad request"}']);
    expect([json.status, json.text, untyped.status]).toEqual([415, '{"message":"Unsupported media type"}', 415]);
    expect(server.store.recording(id)!.status).toBe('NEW');
  });
});
