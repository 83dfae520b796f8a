import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InProcessServer } from '../src/server';
import { buildQuietServer, buildWithClients, clientsOf, UNKNOWN_ID, type Clients } from './support';

const UNAUTHORIZED = '{"message":"Unauthorized"}';
const NOT_FOUND = '{"message":"Not found"}';

let server: InProcessServer;
let clients: Clients;

// 22 refused calls in a row below: more than the 20 failed authentications a minute one address gets before 429
// (that limit has its own suite, attack.test.ts).
// On a data file, so that what is stored can be read back byte for byte.
const dir = mkdtempSync(join(tmpdir(), 'screenrec-admin-'));
beforeAll(async () => ({ server, clients } = await buildWithClients({ failedAuthPerMinute: 1_000, dataFile: join(dir, 'state.sqlite') })));
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything stored so far: the database file and its write-ahead log, as raw bytes. */
function storedBytes(): Buffer {
  return Buffer.concat(
    readdirSync(dir)
      .filter((name) => name.startsWith('state.sqlite') && !name.endsWith('.videos'))
      .map((name) => readFileSync(join(dir, name))),
  );
}

async function newWorkspace(name = 'Admin Co') {
  return (await clients.admin('POST', '/workspaces', { name })).json as { workspaceId: string; name: string; ownerUserId: string };
}

describe('the admin token', () => {
  const calls: Array<[string, string]> = [
    ['POST', '/admin/workspaces'],
    ['GET', `/admin/workspaces/${UNKNOWN_ID}`],
    ['GET', `/admin/workspaces/${UNKNOWN_ID}/subscriptions`],
    ['PATCH', `/admin/workspaces/${UNKNOWN_ID}`],
    ['POST', `/admin/workspaces/${UNKNOWN_ID}/api-keys`],
    ['DELETE', `/admin/workspaces/${UNKNOWN_ID}/api-keys/${UNKNOWN_ID}`],
    ['POST', `/admin/workspaces/${UNKNOWN_ID}/integrations/ZAPIER`],
    ['DELETE', `/admin/workspaces/${UNKNOWN_ID}/integrations/ZAPIER`],
    ['POST', `/admin/recordings/${UNKNOWN_ID}/status`],
    ['GET', '/admin/deliveries'],
    ['GET', '/admin/outbox'],
  ];
  it.each(calls)('%s %s answers 401 without it or with a wrong one', async (method, path) => {
    const missing = await clients.request(path, { method });
    const wrong = await clients.request(path, { method, headers: { 'x-admin-token': `${server.adminToken}x` } });
    expect([missing.status, missing.text, wrong.status, wrong.text]).toEqual([401, UNAUTHORIZED, 401, UNAUTHORIZED]);
  });

  it('is the one given with --admin-token when there is one', async () => {
    const other = await buildQuietServer({ adminToken: 'correct-horse-battery' });
    try {
      expect(other.adminToken).toBe('correct-horse-battery');
      expect((await clientsOf(other).request('/admin/outbox', { headers: { 'x-admin-token': 'correct-horse-battery' } })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('workspace subscriptions', () => {
  it('lists the callbacks registered through the hook endpoint, and forgets unsubscribed ones', async () => {
    const { workspaceId } = await newWorkspace('Hooked Co');
    const token = ((await clients.admin('POST', `/workspaces/${workspaceId}/integrations/N8N`)).json as { backendToken: string })
      .backendToken;
    const hook = async (body: unknown) => (await clients.hook('N8N', token, body)).json as Record<string, string>;
    const { subscriptionId } = await hook({ action: 'CALLBACK_SUBSCRIBE', callback: 'https://n8n.example/webhook/1' });
    expect((await clients.admin('GET', `/workspaces/${workspaceId}/subscriptions`)).json).toEqual([
      { subscriptionId, provider: 'N8N', callback: 'https://n8n.example/webhook/1' },
    ]);
    await hook({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
    expect((await clients.admin('GET', `/workspaces/${workspaceId}/subscriptions`)).json).toEqual([]);
  });

  it('answers 404 for an unknown workspace', async () => {
    expect((await clients.admin('GET', `/workspaces/${UNKNOWN_ID}/subscriptions`)).text).toBe(NOT_FOUND);
  });
});

describe('workspaces', () => {
  it('POST creates one with API access off and an ACTIVE subscription', async () => {
    const answer = await clients.admin('POST', '/workspaces', { name: '  Globex  ' });
    const created = answer.json as { workspaceId: string; ownerUserId: string };
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      workspaceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Globex',
      ownerUserId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((await clients.admin('GET', `/workspaces/${created.workspaceId}`)).json).toEqual({
      workspaceId: created.workspaceId,
      name: 'Globex',
      ownerUserId: created.ownerUserId,
      apiAccess: false,
      subscription: 'ACTIVE',
    });
  });

  it.each([
    ['no name', {}, 'name'],
    ['an empty name', { name: ' ' }, 'name'],
    ['an unknown field', { name: 'x', plan: 'pro' }, ''],
  ])('POST answers 400 for %s', async (_label, body, path) => {
    const answer = await clients.admin('POST', '/workspaces', body);
    expect(answer.json).toEqual({ message: 'Bad request', errors: [{ path, message: expect.any(String) }] });
  });

  it('PATCH switches API access, the subscription state and the name', async () => {
    const { workspaceId, ownerUserId } = await newWorkspace();
    const answer = await clients.admin('PATCH', `/workspaces/${workspaceId}`, {
      apiAccess: true,
      subscription: 'CANCELED',
      name: 'Renamed',
    });
    expect([answer.status, answer.json]).toEqual([
      200,
      { workspaceId, name: 'Renamed', ownerUserId, apiAccess: true, subscription: 'CANCELED' },
    ]);
    expect((await clients.admin('PATCH', `/workspaces/${workspaceId}`, {})).json).toMatchObject({
      apiAccess: true,
      subscription: 'CANCELED',
    });
  });

  it('PATCH answers 400 for unknown values, 404 for an unknown workspace', async () => {
    const { workspaceId } = await newWorkspace();
    const badState = await clients.admin('PATCH', `/workspaces/${workspaceId}`, { subscription: 'PAUSED' });
    const badType = await clients.admin('PATCH', `/workspaces/${workspaceId}`, { apiAccess: 'yes' });
    const unknown = await clients.admin('PATCH', `/workspaces/${UNKNOWN_ID}`, { apiAccess: true });
    const malformed = await clients.admin('PATCH', '/workspaces/42', { apiAccess: true });
    expect(badState.json).toEqual({ message: 'Bad request', errors: [{ path: 'subscription', message: expect.any(String) }] });
    expect(badType.json).toEqual({ message: 'Bad request', errors: [{ path: 'apiAccess', message: expect.any(String) }] });
    expect([unknown.status, unknown.text]).toEqual([404, NOT_FOUND]);
    expect(malformed.json).toEqual({ message: 'Bad request', errors: [{ path: 'workspaceId', message: expect.any(String) }] });
  });
});

describe('API keys', () => {
  it('are shown once and stored only as a hash', async () => {
    const { workspaceId } = await newWorkspace();
    const answer = await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`);
    const key = answer.json as { keyId: string; apiKey: string; expiresAt: null };
    expect([answer.status, answer.json]).toEqual([
      201,
      { keyId: expect.stringMatching(/^[0-9a-f-]{36}$/), apiKey: expect.stringMatching(/^srk_[\w-]{43}$/), expiresAt: null },
    ]);
    expect(storedBytes().includes(key.apiKey)).toBe(false);
    expect(storedBytes().includes(key.keyId)).toBe(true);
  });

  it('answer 400 for a malformed expiry', async () => {
    const { workspaceId } = await newWorkspace();
    const answer = await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`, { expiresAt: 'tomorrow' });
    expect(answer.json).toEqual({ message: 'Bad request', errors: [{ path: 'expiresAt', message: expect.any(String) }] });
  });

  it('DELETE revokes once, then answers 404; keys of other workspaces are not reachable', async () => {
    const first = await newWorkspace();
    const second = await newWorkspace();
    const { keyId } = (await clients.admin('POST', `/workspaces/${first.workspaceId}/api-keys`)).json as { keyId: string };
    const foreign = await clients.admin('DELETE', `/workspaces/${second.workspaceId}/api-keys/${keyId}`);
    const revoked = await clients.admin('DELETE', `/workspaces/${first.workspaceId}/api-keys/${keyId}`);
    const again = await clients.admin('DELETE', `/workspaces/${first.workspaceId}/api-keys/${keyId}`);
    expect([foreign.status, revoked.status, revoked.text, again.status, again.text]).toEqual([404, 204, '', 404, NOT_FOUND]);
  });
});

describe('ids in the path', () => {
  it('are found in any case, and a malformed key id is a 400 naming it', async () => {
    const { workspaceId } = await newWorkspace('Cased');
    const { keyId } = (await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`)).json as { keyId: string };
    const malformed = await clients.admin('DELETE', `/workspaces/${workspaceId}/api-keys/42`);
    const upper = await clients.admin('DELETE', `/workspaces/${workspaceId.toUpperCase()}/api-keys/${keyId.toUpperCase()}`);
    expect([malformed.status, malformed.json]).toEqual([
      400,
      { message: 'Bad request', errors: [{ path: 'keyId', message: expect.any(String) }] },
    ]);
    expect(upper.status).toBe(204);
    expect((await clients.admin('GET', `/workspaces/${workspaceId.toUpperCase()}`)).json).toMatchObject({ workspaceId, name: 'Cased' });
  });
});

describe('integrations', () => {
  it('POST connects (201 with a token stored only as a hash) and DELETE disconnects (204, then 404)', async () => {
    const { workspaceId } = await newWorkspace();
    const setup = await clients.admin('POST', `/workspaces/${workspaceId}/integrations/N8N`);
    const { backendToken } = setup.json as { backendToken: string };
    expect([setup.status, setup.json]).toEqual([201, { provider: 'N8N', backendToken: expect.stringMatching(/^srt_[\w-]{43}$/) }]);
    expect(storedBytes().includes(backendToken)).toBe(false);
    expect(storedBytes().includes(workspaceId)).toBe(true);
    expect((await clients.hook('N8N', backendToken, { action: 'PING' })).status).toBe(200);
    expect((await clients.admin('DELETE', `/workspaces/${workspaceId}/integrations/N8N`)).status).toBe(204);
    expect((await clients.admin('DELETE', `/workspaces/${workspaceId}/integrations/N8N`)).text).toBe(NOT_FOUND);
    expect((await clients.admin('DELETE', `/workspaces/${workspaceId}/integrations/ZAPIER`)).status).toBe(404);
  });

  it('answers 400 for a provider that is not ZAPIER or N8N, 404 for an unknown workspace', async () => {
    const { workspaceId } = await newWorkspace();
    const badProvider = await clients.admin('POST', `/workspaces/${workspaceId}/integrations/zapier`);
    const unknown = await clients.admin('POST', `/workspaces/${UNKNOWN_ID}/integrations/ZAPIER`);
    expect(badProvider.json).toEqual({ message: 'Bad request', errors: [{ path: 'provider', message: expect.any(String) }] });
    expect([unknown.status, unknown.text]).toEqual([404, NOT_FOUND]);
  });
});

describe('recording status', () => {
  async function newRecording(): Promise<string> {
    return ((await clients.rest('POST', '/recordings', { direction: 'REQUEST' })).json as { id: string }).id;
  }

  it('moves forward one step at a time and answers the recording', async () => {
    const id = await newRecording();
    for (const status of ['RECORDING', 'REVIEWING', 'PROCESSING', 'COMPLETED']) {
      const answer = await clients.admin('POST', `/recordings/${id}/status`, { status });
      expect([answer.status, answer.json]).toEqual([200, expect.objectContaining({ id, status })]);
    }
  });

  it('may skip ahead', async () => {
    const id = await newRecording();
    expect((await clients.admin('POST', `/recordings/${id}/status`, { status: 'PROCESSING' })).json).toMatchObject({
      status: 'PROCESSING',
    });
  });

  it('refuses to stay or move back with 409', async () => {
    const id = await newRecording();
    await clients.admin('POST', `/recordings/${id}/status`, { status: 'REVIEWING' });
    for (const status of ['REVIEWING', 'RECORDING', 'NEW']) {
      const answer = await clients.admin('POST', `/recordings/${id}/status`, { status });
      expect([answer.status, answer.json]).toEqual([
        409,
        { message: 'The recording is REVIEWING; it can only move forward (NEW → RECORDING → REVIEWING → PROCESSING → COMPLETED).' },
      ]);
    }
  });

  it('answers 400 for an unknown status and 404 for an unknown recording', async () => {
    const id = await newRecording();
    const badStatus = await clients.admin('POST', `/recordings/${id}/status`, { status: 'DONE' });
    const unknown = await clients.admin('POST', `/recordings/${UNKNOWN_ID}/status`, { status: 'COMPLETED' });
    expect(badStatus.json).toEqual({ message: 'Bad request', errors: [{ path: 'status', message: expect.any(String) }] });
    expect([unknown.status, unknown.text]).toEqual([404, NOT_FOUND]);
  });
});

describe('deliveries and outbox', () => {
  it('start empty on a fresh server', async () => {
    const fresh = await buildQuietServer();
    try {
      const { admin } = clientsOf(fresh);
      expect([(await admin('GET', '/deliveries')).text, (await admin('GET', '/outbox')).text]).toEqual(['[]', '[]']);
    } finally {
      await fresh.close();
    }
  });
});
