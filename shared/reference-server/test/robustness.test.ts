import fc from 'fast-check';
import type { InProcessServer } from '../src/server';
import { buildWithClients, type Clients } from './support';

let server: InProcessServer;
let clients: Clients;

beforeAll(async () => ({ server, clients } = await buildWithClients()));
afterAll(() => server.close());

const hookUrl = () => '/public/webhooks/ZAPIER';
const listUrl = () => `/public/integration/${server.demo.workspaceId}/recordings/list`;
const hookHeaders = () => ({ 'content-type': 'application/json', 'x-service-token': server.demo.tokens.ZAPIER });
const restHeaders = () => ({ 'content-type': 'application/json', authorization: `Bearer ${server.demo.apiKey}` });
const adminHeaders = () => ({ 'content-type': 'application/json', 'x-admin-token': server.adminToken });

async function stillAnswersPing(): Promise<void> {
  expect((await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'PING' })).text).toBe(
    '{"status":"success","workspace":"Demo Workspace"}',
  );
}

describe('bodies over 1 MB', () => {
  const big = JSON.stringify({ action: 'PING', padding: 'x'.repeat(1024 * 1024) });
  it.each([
    ['the hook endpoint', hookUrl, hookHeaders],
    ['the REST API', listUrl, restHeaders],
    ['the admin API', () => '/admin/workspaces', adminHeaders],
  ])('get 413 with a JSON message on %s', async (_label, url, headers) => {
    const answer = await clients.request(url(), { method: 'POST', headers: headers(), raw: big });
    expect([answer.status, answer.text]).toEqual([413, '{"message":"Payload too large"}']);
  });

  it('just under the limit are read', async () => {
    const answer = await clients.request(listUrl(), {
      method: 'POST',
      headers: restHeaders(),
      raw: JSON.stringify({ tags: ['x'.repeat(1024 * 1024 - 20)] }),
    });
    expect(answer.status).toBe(200);
  });
});

describe('hostile bodies', () => {
  it.each([
    ['__proto__', '{"action":"PING","__proto__":{"polluted":true}}'],
    ['constructor.prototype', '{"action":"PING","constructor":{"prototype":{"polluted":true}}}'],
    ['nested __proto__', '{"action":"RECORDING","recording":{"externalReference":"x","__proto__":{"polluted":true}}}'],
  ])('%s gets 400 and pollutes nothing', async (_label, raw) => {
    const hook = await clients.request(hookUrl(), { method: 'POST', headers: hookHeaders(), raw });
    const rest = await clients.request(listUrl(), { method: 'POST', headers: restHeaders(), raw: raw.replace('"action":"PING",', '') });
    expect([hook.status, hook.text]).toEqual([400, '{"message":"Bad request"}']);
    expect(rest.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await stillAnswersPing();
  });

  it.each([
    ['arrays', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['objects', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ])('deeply nested %s get 4xx, never 5xx', async (_label, nest) => {
    for (const raw of [nest(100_000), `{"action":"PING","x":${nest(50_000)}}`, `{"tags":${nest(50_000)}}`]) {
      const hook = await clients.request(hookUrl(), { method: 'POST', headers: hookHeaders(), raw });
      const rest = await clients.request(listUrl(), { method: 'POST', headers: restHeaders(), raw });
      // The hook endpoint reads at most 64 KiB (docs/design.md, "Limits"); the REST API up to 1 MiB.
      expect([hook.status, rest.status]).toEqual([raw.length > 64 * 1024 ? 413 : 400, 400]);
      expect(JSON.parse(rest.text)).toMatchObject({ message: 'Bad request' });
    }
    await stillAnswersPing();
  });

  it.each([
    ['malformed JSON', '{"pageSize":', 'application/json'],
    ['a trailing comma', '{"pageSize":1,}', 'application/json'],
    ['a BOM and garbage', '\ufeff}{', 'application/json'],
  ])('%s on the REST API gets 400 Bad request', async (_label, raw, contentType) => {
    const answer = await clients.request(listUrl(), { method: 'POST', headers: { ...restHeaders(), 'content-type': contentType }, raw });
    expect([answer.status, answer.text]).toEqual([400, '{"message":"Bad request"}']);
  });

  it('an empty body with a JSON content type counts as no body', async () => {
    const list = await clients.request(listUrl(), { method: 'POST', headers: restHeaders(), raw: '' });
    const create = await clients.request(listUrl().replace('/list', ''), { method: 'POST', headers: restHeaders(), raw: '' });
    expect(list.status).toBe(200);
    expect(create.json).toEqual({
      message: 'Bad request',
      errors: [{ path: '', message: 'Invalid input: expected object, received undefined' }],
    });
  });

  it('another content type on the REST API gets 415 with a JSON message', async () => {
    const answer = await clients.request(listUrl(), {
      method: 'POST',
      headers: { ...restHeaders(), 'content-type': 'application/xml' },
      raw: '<list/>',
    });
    expect([answer.status, answer.text]).toEqual([415, '{"message":"Unsupported media type"}']);
  });

  it('unknown paths get a JSON 404, other methods on a known path a JSON 405 (refusals.test.ts has every path)', async () => {
    for (const [method, path, status, text] of <Array<[string, string, number, string]>>[
      ['GET', '/', 404, '{"message":"Not found"}'],
      ['GET', '/videos', 404, '{"message":"Not found"}'],
      ['PATCH', `/public/integration/${server.demo.workspaceId}/recordings`, 405, '{"message":"Method not allowed"}'],
      ['GET', '/public/webhooks/ZAPIER', 405, '{"message":"Method not allowed"}'],
    ]) {
      const answer = await clients.request(path, { method });
      expect([method, path, answer.status, answer.text]).toEqual([method, path, status, text]);
    }
  });
});

/** Any JSON value, biased towards the shapes the endpoints expect, with their field names and values. */
const fieldNames = fc.constantFrom(
  'action',
  'recording',
  'tags',
  'externalReference',
  'callback',
  'subscriptionId',
  'ids',
  'userId',
  'statuses',
  'directions',
  'createdDateFrom',
  'createdDateTo',
  'first',
  'pageSize',
  'sortField',
  'sortOrder',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
);
const values = fc.oneof(
  fc.constantFrom(
    'PING',
    'RECORDING',
    'CALLBACK_SUBSCRIBE',
    'CALLBACK_UNSUBSCRIBE',
    'NEW',
    'COMPLETED',
    'REQUEST',
    'Descending',
    'createdDate',
  ),
  fc.constantFrom(
    'https://hooks.example/x',
    'http://127.0.0.1:1/x',
    'javascript:alert(1)',
    '2026-01-01',
    '2026-13-45',
    '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
  ),
  fc.integer({ min: -5, max: 1_000_000_000 }),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
);
const bodies = fc.oneof(
  fc.jsonValue(),
  fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      values,
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(fieldNames, tie('node'), { maxKeys: 5 }),
    ),
  })).node,
  fc.dictionary(fieldNames, values, { maxKeys: 6 }),
);
const rawBodies = fc.oneof(
  bodies.map((body) => JSON.stringify(body) ?? 'null'),
  fc.string(),
  bodies.map((body) => (JSON.stringify(body) ?? '').slice(0, -1)),
);

describe('property: no body makes the server answer 5xx or fall over', () => {
  it('the hook endpoint answers 200 or a 4xx with a JSON message', async () => {
    await fc.assert(
      fc.asyncProperty(rawBodies, fc.constantFrom('ZAPIER', 'N8N'), async (raw, provider) => {
        const token = provider === 'ZAPIER' ? server.demo.tokens.ZAPIER : server.demo.tokens.N8N;
        const answer = await clients.request(`/public/webhooks/${provider}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-token': token },
          raw,
        });
        expect(answer.status === 200 || (answer.status >= 400 && answer.status < 500)).toBe(true);
        expect(typeof answer.json).toBe('object');
        if (answer.status !== 200) expect(answer.json).toEqual({ message: expect.any(String) });
      }),
      { numRuns: 200 },
    );
    await stillAnswersPing();
  });

  it('the list call answers 200 with a page or 400 with errors[]', async () => {
    await fc.assert(
      fc.asyncProperty(rawBodies, async (raw) => {
        const answer = await clients.request(listUrl(), { method: 'POST', headers: restHeaders(), raw });
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 200)
          expect(answer.json).toEqual({ content: expect.any(Array), totalElements: expect.any(Number), totalPages: expect.any(Number) });
        else expect(answer.json).toEqual(expect.objectContaining({ message: 'Bad request' }));
      }),
      { numRuns: 200 },
    );
    await stillAnswersPing();
  });
});
