import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
// --video-links storage: pre-signed links on a path that does not name the recording, HMAC-signed
// with an expiry, Range served as in service mode; presign, callbacks and e-mails all use the configured mode.
import { parseOptions } from '../src/options';
import type { InProcessServer } from '../src/server';
import { withSubscribedCatcher } from './subscribed-catcher';
import { startReferenceServer, writeLoopbackCertificate } from '@screenrec/test-support/reference-server';
import { buildQuietServer, buildWithClients, clientsOf, send, startQuietServer, type Clients } from './support';

const STORAGE_LINK =
  /^http:\/\/localhost\/storage\/screenrec-videos\/([0-9a-f-]{36})\/([0-9a-f]{32})\.webm\?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=(\d{8}T\d{6}Z)&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=([0-9a-f]{64})$/;

let server: InProcessServer;
let clients: Clients;
beforeAll(async () => ({ server, clients } = await buildWithClients({ videoLinks: 'storage' })));
afterAll(() => server.close());

async function completed(): Promise<{ id: string; url: string }> {
  const { id } = server.store.addRecording({
    workspaceId: server.demo.workspaceId,
    direction: 'REQUEST',
    notifications: [{ type: 'EMAIL', value: 'w@example.com' }],
  });
  await clients.admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
  return { id, url: ((await clients.rest('GET', `/recordings/${id}/presign`)).json as { url: string }).url };
}

describe('storage links', () => {
  it('name the workspace and an opaque object, never the recording, and stay the same object when re-signed', async () => {
    const { id, url } = await completed();
    const [, workspaceId, objectId] = STORAGE_LINK.exec(url) ?? [];
    expect(workspaceId).toBe(server.demo.workspaceId);
    expect(url).not.toContain(id);
    expect(url).not.toContain(id.replace(/-/g, ''));
    const again = ((await clients.rest('GET', `/recordings/${id}/presign`)).json as { url: string }).url;
    expect(STORAGE_LINK.exec(again)?.[2]).toBe(objectId);
  });

  it('stream the video, with Range', async () => {
    const { id, url } = await completed();
    const size = server.store.recording(id)!.video!.size;
    const whole = await clients.request(url);
    const part = await clients.request(url, { headers: { range: 'bytes=0-3' } });
    expect([whole.status, whole.headers.get('content-type'), Number(whole.headers.get('content-length'))]).toEqual([
      200,
      'video/webm',
      size,
    ]);
    expect([part.status, part.headers.get('content-range'), part.bytes.toString('hex')]).toEqual([206, `bytes 0-3/${size}`, '1a45dfa3']);
  });

  it('answer 403 to any tampering, 404 once the recording is deleted', async () => {
    const { id, url } = await completed();
    const link = new URL(url);
    const changed = (change: (copy: URL) => void) => {
      const copy = new URL(link);
      change(copy);
      return copy.toString();
    };
    const [, , objectId] = STORAGE_LINK.exec(url)!;
    const other = await completed();
    const tampered = [
      changed((copy) => copy.searchParams.set('X-Amz-Signature', '0'.repeat(64))),
      changed((copy) => copy.searchParams.set('X-Amz-Expires', '7200')),
      changed((copy) => copy.searchParams.set('X-Amz-Date', '20991231T000000Z')),
      changed((copy) => copy.searchParams.delete('X-Amz-Signature')),
      changed((copy) => (copy.pathname = copy.pathname.replace(objectId!, STORAGE_LINK.exec(other.url)![2]!))),
      changed((copy) => (copy.pathname = copy.pathname.replace(server.demo.workspaceId, '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c'))),
      changed((copy) => (copy.pathname = copy.pathname.replace('screenrec-videos', 'other-bucket'))),
      changed((copy) => (copy.pathname = copy.pathname.replace('.webm', '.mp4'))),
      `/videos/${id}?expires=9999999999&signature=${'0'.repeat(64)}`,
    ];
    for (const target of tampered)
      expect([target, (await clients.request(target)).status]).toEqual([target, target.includes('/videos/') ? 404 : 403]);
    await clients.rest('DELETE', `/recordings/${id}`);
    expect((await clients.request(url)).status).toBe(404);
  });

  it('expire: a server whose links live 0 ms answers 403', async () => {
    const quick = await buildQuietServer({ videoLinks: 'storage', linkTtlMs: 0 });
    try {
      const { admin, rest, request } = clientsOf(quick);
      const { id } = quick.store.addRecording({ workspaceId: quick.demo.workspaceId, direction: 'REQUEST' });
      await admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
      const { url } = (await rest('GET', `/recordings/${id}/presign`)).json as { url: string };
      expect(url).toContain('X-Amz-Expires=1&');
      // Waits for the link's own end (X-Amz-Date plus X-Amz-Expires) to pass, with no polling limit; then it must be refused.
      const query = new URL(url).searchParams;
      const [year, month, day, hour, minute, second] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/
        .exec(query.get('X-Amz-Date') ?? '')!
        .slice(1)
        .map(Number) as [number, number, number, number, number, number];
      const until = Date.UTC(year, month - 1, day, hour, minute, second) + Number(query.get('X-Amz-Expires')) * 1000;
      while (Date.now() < until) await new Promise((resolve) => setTimeout(resolve, until - Date.now() + 1));
      expect((await request(url)).status).toBe(403);
    } finally {
      await quick.close();
    }
  });

  it('are what callbacks and notification e-mails carry', async () => {
    await withSubscribedCatcher(server, clients, 'N8N', async (catcher) => {
      const { id } = await completed();
      const [notification] = await catcher.waitFor(1);
      const { result } = JSON.parse(notification!.body) as { result: string };
      expect(result).toMatch(STORAGE_LINK);
      expect(result).not.toContain(id);
      expect((await clients.request(result)).status).toBe(200);
      const mails = (await clients.admin('GET', '/outbox')).json as Array<{ text: string }>;
      expect(mails.at(-1)!.text).toMatch(/Watch it within the hour: http:\/\/localhost\/storage\/screenrec-videos\//);
    });
  });
});

describe('the mode', () => {
  it('is service by default (links as before), storage with --video-links storage or VIDEO_LINKS=storage', async () => {
    expect(parseOptions([], {})).toMatchObject({ videoLinks: 'service' });
    expect(parseOptions(['--video-links', 'storage'], {})).toMatchObject({ videoLinks: 'storage' });
    expect(parseOptions([], { VIDEO_LINKS: 'storage' })).toMatchObject({ videoLinks: 'storage' });
    expect(parseOptions(['--video-links', 'service'], { VIDEO_LINKS: 'storage' })).toMatchObject({ videoLinks: 'service' });
    expect(() => parseOptions(['--video-links', 's3'], {})).toThrow('--video-links must be one of service, storage, not "s3"');
    const plain = await buildQuietServer();
    try {
      const { id } = plain.store.addRecording({ workspaceId: plain.demo.workspaceId, direction: 'REQUEST' });
      await clientsOf(plain).admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
      const { url } = (await clientsOf(plain).rest('GET', `/recordings/${id}/presign`)).json as { url: string };
      expect(url).toMatch(new RegExp(`^http://localhost/videos/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    } finally {
      await plain.close();
    }
  });
});

describe('--storage-port: storage links on an origin of their own', () => {
  it('presign answers links on the storage listener, which serves the video and refuses a bad signature, and nothing else', async () => {
    const split = await startQuietServer({ storagePort: 0 });
    try {
      expect(split.storageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(split.storageUrl).not.toBe(split.baseUrl);
      const { id } = split.store.addRecording({ workspaceId: split.demo.workspaceId, direction: 'REQUEST' });
      const { admin, rest } = clientsOf(split);
      await admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
      const { url } = (await rest('GET', `/recordings/${id}/presign`)).json as { url: string };
      expect(new URL(url).origin).toBe(split.storageUrl);
      expect(url.replace(split.storageUrl!, 'http://localhost')).toMatch(STORAGE_LINK);

      const video = await send(url);
      expect([video.status, video.headers.get('content-type'), video.bytes.length, video.headers.get('x-content-type-options')]).toEqual([
        200,
        'video/webm',
        split.store.recording(id)!.video!.size,
        'nosniff',
      ]);
      expect((await send(url, { headers: { range: 'bytes=0-3' } })).bytes.toString('hex')).toBe('1a45dfa3');
      const forged = new URL(url);
      forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
      expect((await send(forged.toString())).text).toBe('{"message":"Forbidden"}');
      expect((await send(url, { method: 'POST' })).headers.get('allow')).toBe('GET, HEAD');
      // The service's origin no longer serves storage paths, and the storage origin serves nothing but them.
      expect((await send(`${split.baseUrl}${new URL(url).pathname}${new URL(url).search}`)).status).toBe(404);
      for (const path of ['/admin/outbox', `/videos/${id}`, `/public/integration/${split.demo.workspaceId}/recordings/list`])
        expect([path, (await send(`${split.storageUrl}${path}`, { method: 'GET' })).status]).toEqual([path, 404]);
    } finally {
      await split.close();
    }
  });

  it('is a flag and an environment variable, implies storage links, and refuses service links', () => {
    expect(parseOptions(['--storage-port', '0'], {})).toMatchObject({ storagePort: 0, videoLinks: 'storage' });
    expect(parseOptions([], { STORAGE_PORT: '9090' })).toMatchObject({ storagePort: 9090, videoLinks: 'storage' });
    expect(parseOptions([], {})).toMatchObject({ storagePort: undefined, videoLinks: 'service' });
    expect(() => parseOptions(['--storage-port', '0', '--video-links', 'service'], {})).toThrow(
      '--storage-port serves storage links: it needs --video-links storage',
    );
    expect(() => parseOptions(['--storage-port', '70000'], {})).toThrow(
      '--storage-port must be a whole number from 0 to 65535, not "70000"',
    );
  });

  it('speaks https with --storage-tls-key and --storage-tls-cert, which go together and with --storage-port', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'storage-tls-'));
    try {
      const { key, cert } = writeLoopbackCertificate(folder);
      const flags = ['--storage-port', '0', '--storage-tls-key', key, '--storage-tls-cert', cert];
      const options = parseOptions(flags, {});
      expect(options).toMatchObject({ storageTls: { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') } });
      expect(() => parseOptions(['--storage-port', '0', '--storage-tls-key', key], {})).toThrow(
        '--storage-tls-key and --storage-tls-cert go together, with --storage-port',
      );
      expect(() => parseOptions(['--storage-tls-key', key, '--storage-tls-cert', cert], {})).toThrow(
        '--storage-tls-key and --storage-tls-cert go together, with --storage-port',
      );
      expect(() => parseOptions([...flags.slice(0, 4), '--storage-tls-cert', join(folder, 'missing.pem')], {})).toThrow(
        `cannot read ${join(folder, 'missing.pem')}`,
      );
      const split = await startQuietServer({ storagePort: 0, storageTls: options !== 'help' ? options.storageTls : undefined });
      try {
        expect(split.storageUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        const { id } = split.store.addRecording({ workspaceId: split.demo.workspaceId, direction: 'REQUEST' });
        const { admin, rest } = clientsOf(split);
        await admin('POST', `/recordings/${id}/status`, { status: 'COMPLETED' });
        const { url } = (await rest('GET', `/recordings/${id}/presign`)).json as { url: string };
        expect(new URL(url).origin).toBe(split.storageUrl);
        const trusted = new Agent({ connect: { ca: readFileSync(cert, 'utf8') } });
        const video = await undiciFetch(url, { dispatcher: trusted });
        expect([video.status, (await video.arrayBuffer()).byteLength]).toEqual([200, split.store.recording(id)!.video!.size]);
        await trusted.close();
      } finally {
        await split.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the built server prints the storage origin in its listening line as storageUrl', async () => {
    const child = await startReferenceServer({ args: ['--storage-port', '0'] });
    try {
      const { storageUrl } = child as typeof child & { storageUrl?: string };
      expect(storageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${storageUrl}/storage/screenrec-videos/x/y.webm`)).status).toBe(403);
    } finally {
      await child.stop();
    }
  }, 30_000);
});

describe('test/support/reference-server.ts', () => {
  // A process of its own, which support gives 15 s to start: on a loaded machine more than jest's 5 s per test.
  it.each(['service', 'storage'] as const)(
    'starts the built server as a child process with videoLinks: %s',
    async (videoLinks) => {
      const child = await startReferenceServer({ videoLinks });
      try {
        const workspace = await child.connectWorkspace('Linked', 'ZAPIER');
        const created = await fetch(`${child.baseUrl}/public/integration/${workspace.workspaceId}/recordings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${workspace.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ direction: 'REQUEST' }),
        });
        const { id } = (await created.json()) as { id: string };
        await child.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' });
        const presign = await fetch(`${child.baseUrl}/public/integration/${workspace.workspaceId}/recordings/${id}/presign`, {
          headers: { authorization: `Bearer ${workspace.apiKey}` },
        });
        const { url } = (await presign.json()) as { url: string };
        expect(new URL(url).pathname).toMatch(
          videoLinks === 'storage' ? /^\/storage\/screenrec-videos\/[0-9a-f-]{36}\/[0-9a-f]{32}\.webm$/ : new RegExp(`^/videos/${id}$`),
        );
        expect((await fetch(url)).status).toBe(200);
      } finally {
        await child.stop();
      }
    },
    30_000,
  );
});
