// The fixed security headers (security-headers.ts) are helmet's, and every kind of answer carries all of them.
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { RECORDING_PAGE_CSP } from '../page/recording-page';
import type { InProcessServer } from '../src/server';
import { SECURITY_HEADERS } from '../src/plugins/security-headers';
import { buildQuietServer, clientsOf } from './support';

/** The options the server gave @fastify/helmet before its headers were fixed (security-headers.ts names them). */
const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
} as const;

/** What fastify itself sends on any answer: not a security header. */
const FASTIFY_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

let server: InProcessServer;
beforeAll(async () => {
  server = await buildQuietServer();
});
afterAll(() => server.close());

it('are exactly the headers @fastify/helmet sets with the options the server used', async () => {
  const app = Fastify();
  await app.register(helmet, HELMET_OPTIONS);
  app.get('/', async () => ({ ok: true }));
  const answer = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const fromHelmet = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !FASTIFY_OWN.has(name)));
  expect(fromHelmet).toEqual(SECURITY_HEADERS);
});

it('are on every kind of answer, the recording page with its own CSP', async () => {
  const { rest, hook, admin, request } = clientsOf(server);
  const recording = server.store.addRecording({ workspaceId: server.demo.workspaceId, direction: 'REQUEST' });
  const page = await request(`/r/${recording.id}`);
  const answers = [
    await hook('ZAPIER', server.demo.tokens.ZAPIER, { action: 'PING' }),
    await hook('ZAPIER', undefined, { action: 'PING' }),
    await hook('SOMEONE', server.demo.tokens.ZAPIER, { action: 'PING' }),
    await request('/public/webhooks/ZAPIER', {
      headers: { 'x-service-token': server.demo.tokens.ZAPIER, 'content-type': 'application/json' },
      raw: '{',
    }),
    await rest('POST', '/recordings/list', {}),
    await rest('POST', '/recordings/list', {}, 'srk_bad'),
    await admin('GET', '/outbox'),
    await request('/nowhere'),
  ];
  for (const answer of answers) {
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect([answer.status, name, answer.headers.get(name)]).toEqual([answer.status, name, value]);
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(page.headers.get(name)).toBe(name === 'content-security-policy' ? RECORDING_PAGE_CSP : value);
  }
});
