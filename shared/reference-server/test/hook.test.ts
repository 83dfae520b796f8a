import { HookClient } from 'screenrec';
import type { InProcessServer } from '../src/server';
import { answeredRecording } from '@screenrec/test-support/recordings';
import { buildQuietServer, buildWithClients, clientsOf, injectTransport, UNKNOWN_ID, type Clients } from './support';

const BAD_REQUEST = '{"message":"Bad request"}';
const FORBIDDEN = '{"message":"Forbidden"}';
const INTEGRATION_ERROR = '{"message":"Integration error"}';
const NOT_CONNECTED = '{"error":"Integration not connected."}';
const NO_SUBSCRIPTION = '{"error":"No active subscription."}';
const INTERNAL = '{"error":"Internal Server Error"}';

const PING = { action: 'PING' };
const RECORDING = { action: 'RECORDING', recording: { externalReference: 'ticket-42', tags: ['support'] } };
const SUBSCRIBE = { action: 'CALLBACK_SUBSCRIBE', callback: 'https://hooks.example/catch' };
const unsubscribe = (subscriptionId: string) => ({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });

let server: InProcessServer;
let clients: Clients;

beforeAll(async () => ({ server, clients } = await buildWithClients({ insecureCallbacks: false })));
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

/** A fresh workspace with both integrations connected; answers its id and tokens. */
async function connectedWorkspace(name = 'Acme') {
  const workspace = (await clients.admin('POST', '/workspaces', { name })).json as { workspaceId: string };
  const setup = async (provider: string) =>
    ((await clients.admin('POST', `/workspaces/${workspace.workspaceId}/integrations/${provider}`)).json as { backendToken: string })
      .backendToken;
  return { workspaceId: workspace.workspaceId, zapier: await setup('ZAPIER'), n8n: await setup('N8N') };
}

describe('row 1: provider not ZAPIER or N8N', () => {
  it.each(['zapier', 'MAKE', 'N8n', 'ZAPIER2'])('answers 400 Bad request for %s, even with a valid token and body', async (provider) => {
    const answer = await clients.hook(provider, server.demo.tokens.ZAPIER, PING);
    expect([answer.status, answer.text]).toEqual([400, BAD_REQUEST]);
  });
});

describe('row 2: malformed body, checked before the token', () => {
  const token = () => server.demo.tokens.ZAPIER;
  it.each([
    ['an array', []],
    ['a string', 'PING'],
    ['null', null],
    ['no action', { recording: { externalReference: 'x' } }],
    ['an unknown action', { action: 'PONG' }],
    ['a lower-case action', { action: 'ping' }],
    ['RECORDING without recording', { action: 'RECORDING' }],
    ['RECORDING without externalReference', { action: 'RECORDING', recording: { tags: ['a'] } }],
    ['RECORDING with an empty externalReference', { action: 'RECORDING', recording: { externalReference: '' } }],
    ['RECORDING with tags of the wrong type', { action: 'RECORDING', recording: { externalReference: 'x', tags: 'a' } }],
    ['CALLBACK_SUBSCRIBE without callback', { action: 'CALLBACK_SUBSCRIBE' }],
    ['CALLBACK_SUBSCRIBE with a relative callback', { action: 'CALLBACK_SUBSCRIBE', callback: '/catch' }],
    ['CALLBACK_SUBSCRIBE with an http callback', { action: 'CALLBACK_SUBSCRIBE', callback: 'http://hooks.example/catch' }],
    ['CALLBACK_UNSUBSCRIBE with a non-UUID id', unsubscribe('42')],
    ['an unknown field', { action: 'PING', extra: true }],
  ])('answers 400 Bad request for %s', async (_label, body) => {
    const withToken = await clients.hook('ZAPIER', token(), body);
    const withoutToken = await clients.hook('ZAPIER', undefined, body);
    expect([withToken.status, withToken.text]).toEqual([400, BAD_REQUEST]);
    expect([withoutToken.status, withoutToken.text]).toEqual([400, BAD_REQUEST]);
  });

  it.each([
    ['malformed JSON', '{"action":', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a text body', 'action=PING', 'text/plain'],
    ['a form body', 'action=PING', 'application/x-www-form-urlencoded'],
  ])('answers 400 Bad request for %s', async (_label, raw, contentType) => {
    const answer = await clients.request('/public/webhooks/ZAPIER', {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-service-token': token() },
      raw,
    });
    expect([answer.status, answer.text]).toEqual([400, BAD_REQUEST]);
  });

  it('answers 400 Bad request when there is no body at all', async () => {
    const answer = await clients.request('/public/webhooks/ZAPIER', { method: 'POST', headers: { 'x-service-token': token() } });
    expect([answer.status, answer.text]).toEqual([400, BAD_REQUEST]);
  });
});

describe('row 3: token missing or empty', () => {
  it.each([undefined, ''])('answers 424 Integration error for token %p', async (token) => {
    const answer = await clients.hook('ZAPIER', token, PING);
    expect([answer.status, answer.text]).toEqual([424, INTEGRATION_ERROR]);
  });
});

describe('row 4: token never issued for this provider', () => {
  it('answers 403 Forbidden for an unknown token', async () => {
    const answer = await clients.hook('ZAPIER', 'srt_not-a-token', PING);
    expect([answer.status, answer.text]).toEqual([403, FORBIDDEN]);
  });

  it("answers 403 Forbidden for the other provider's token", async () => {
    const answer = await clients.hook('ZAPIER', server.demo.tokens.N8N, PING);
    expect([answer.status, answer.text]).toEqual([403, FORBIDDEN]);
  });
});

describe('row 5: token replaced by a later Setup', () => {
  it('answers 424 Integration error for the old token while the new one works', async () => {
    const workspace = await connectedWorkspace();
    const rotated = (await clients.admin('POST', `/workspaces/${workspace.workspaceId}/integrations/ZAPIER`)).json as {
      backendToken: string;
    };
    const old = await clients.hook('ZAPIER', workspace.zapier, RECORDING);
    const fresh = await clients.hook('ZAPIER', rotated.backendToken, PING);
    expect([old.status, old.text]).toEqual([424, INTEGRATION_ERROR]);
    expect([fresh.status, fresh.json]).toEqual([200, { status: 'success', workspace: 'Acme' }]);
  });
});

describe('row 6: integration disconnected', () => {
  let workspace: Awaited<ReturnType<typeof connectedWorkspace>>;
  let subscriptionId: string;
  beforeAll(async () => {
    workspace = await connectedWorkspace();
    subscriptionId = ((await clients.hook('ZAPIER', workspace.zapier, SUBSCRIBE)).json as { subscriptionId: string }).subscriptionId;
    expect((await clients.admin('DELETE', `/workspaces/${workspace.workspaceId}/integrations/ZAPIER`)).status).toBe(204);
  });

  it('PING answers 400 Bad request', async () => {
    const answer = await clients.hook('ZAPIER', workspace.zapier, PING);
    expect([answer.status, answer.text]).toEqual([400, BAD_REQUEST]);
  });

  it('RECORDING answers 200 Integration not connected', async () => {
    const answer = await clients.hook('ZAPIER', workspace.zapier, RECORDING);
    expect([answer.status, answer.text]).toEqual([200, NOT_CONNECTED]);
  });

  it('CALLBACK_SUBSCRIBE and CALLBACK_UNSUBSCRIBE answer 200 Internal Server Error', async () => {
    const subscribe = await clients.hook('ZAPIER', workspace.zapier, SUBSCRIBE);
    const unsubscribeAnswer = await clients.hook('ZAPIER', workspace.zapier, unsubscribe(subscriptionId));
    expect([subscribe.status, subscribe.text]).toEqual([200, INTERNAL]);
    expect([unsubscribeAnswer.status, unsubscribeAnswer.text]).toEqual([200, INTERNAL]);
  });

  it('leaves the other provider of the workspace working', async () => {
    const answer = await clients.hook('N8N', workspace.n8n, PING);
    expect(answer.json).toEqual({ status: 'success', workspace: 'Acme' });
  });

  it('a new Setup reconnects with a new token, and the disconnected one counts as replaced', async () => {
    const other = await connectedWorkspace('Reconnected');
    await clients.admin('DELETE', `/workspaces/${other.workspaceId}/integrations/ZAPIER`);
    const setup = (await clients.admin('POST', `/workspaces/${other.workspaceId}/integrations/ZAPIER`)).json as { backendToken: string };
    const fresh = await clients.hook('ZAPIER', setup.backendToken, PING);
    const old = await clients.hook('ZAPIER', other.zapier, PING);
    expect(fresh.json).toEqual({ status: 'success', workspace: 'Reconnected' });
    expect([old.status, old.text]).toEqual([424, INTEGRATION_ERROR]);
  });
});

describe('row 7: workspace subscription expired or canceled', () => {
  it.each(['EXPIRED', 'CANCELED'])('%s: RECORDING and CALLBACK_SUBSCRIBE refuse, PING and CALLBACK_UNSUBSCRIBE work', async (state) => {
    const workspace = await connectedWorkspace('Lapsed');
    const subscriptionId = ((await clients.hook('N8N', workspace.n8n, SUBSCRIBE)).json as { subscriptionId: string }).subscriptionId;
    expect((await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { subscription: state })).status).toBe(200);

    const recording = await clients.hook('N8N', workspace.n8n, RECORDING);
    const subscribe = await clients.hook('N8N', workspace.n8n, SUBSCRIBE);
    const ping = await clients.hook('N8N', workspace.n8n, PING);
    const unsubscribeAnswer = await clients.hook('N8N', workspace.n8n, unsubscribe(subscriptionId));
    expect([recording.status, recording.text]).toEqual([200, NO_SUBSCRIPTION]);
    expect([subscribe.status, subscribe.text]).toEqual([200, NO_SUBSCRIPTION]);
    expect([ping.status, ping.text]).toEqual([200, '{"status":"success","workspace":"Lapsed"}']);
    expect([unsubscribeAnswer.status, unsubscribeAnswer.text]).toEqual([200, '{"status":"success"}']);
  });

  it('works again once the subscription is ACTIVE', async () => {
    const workspace = await connectedWorkspace();
    await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { subscription: 'EXPIRED' });
    await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { subscription: 'ACTIVE' });
    expect((await clients.hook('ZAPIER', workspace.zapier, RECORDING)).json).toEqual({ url: expect.stringMatching(/\/r\/[0-9a-f-]{36}$/) });
  });
});

describe('row 8: CALLBACK_UNSUBSCRIBE of an unknown or foreign subscription', () => {
  it('answers 200 Internal Server Error for an unknown id', async () => {
    const answer = await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, unsubscribe(UNKNOWN_ID));
    expect([answer.status, answer.text]).toEqual([200, INTERNAL]);
  });

  it("refuses another integration's subscription and leaves it in place", async () => {
    const workspace = await connectedWorkspace();
    const otherWorkspace = await connectedWorkspace('Other');
    const subscriptionId = ((await clients.hook('N8N', workspace.n8n, SUBSCRIBE)).json as { subscriptionId: string }).subscriptionId;

    const viaOtherProvider = await clients.hook('ZAPIER', workspace.zapier, unsubscribe(subscriptionId));
    const viaOtherWorkspace = await clients.hook('N8N', otherWorkspace.n8n, unsubscribe(subscriptionId));
    const byOwner = await clients.hook('N8N', workspace.n8n, unsubscribe(subscriptionId.toUpperCase()));
    const again = await clients.hook('N8N', workspace.n8n, unsubscribe(subscriptionId));
    expect([viaOtherProvider.text, viaOtherWorkspace.text]).toEqual([INTERNAL, INTERNAL]);
    expect([byOwner.status, byOwner.text]).toEqual([200, '{"status":"success"}']);
    expect(again.text).toBe(INTERNAL);
  });
});

describe('row 9: an unexpected fault', () => {
  it('answers 200 Internal Server Error for RECORDING and the CALLBACK actions', async () => {
    jest.spyOn(server.store, 'addRecording').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    jest.spyOn(server.store, 'addSubscription').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    jest.spyOn(server.store, 'removeSubscription').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    const token = server.demo.tokens.ZAPIER;
    for (const body of [RECORDING, SUBSCRIBE, unsubscribe(UNKNOWN_ID)]) {
      const answer = await clients.hook('ZAPIER', token, body);
      expect([answer.status, answer.text]).toEqual([200, INTERNAL]);
    }
  });

  it('answers 500 for PING', async () => {
    jest.spyOn(server.store, 'resolveToken').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    const answer = await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, PING);
    expect([answer.status, answer.text]).toEqual([500, '{"message":"Internal Server Error"}']);
  });
});

describe('successful actions', () => {
  it('PING answers the workspace name', async () => {
    const answer = await clients.hook('N8N', server.demo.tokens.N8N, PING);
    expect([answer.status, answer.text]).toEqual([200, '{"status":"success","workspace":"Demo Workspace"}']);
  });

  it('RECORDING creates a NEW REQUEST recording with the tags and external reference, and answers its page URL', async () => {
    const answer = await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, RECORDING);
    const { url } = answer.json as { url: string };
    const id = url.slice(`${server.publicUrl}/r/`.length);
    expect(url).toBe(`${server.publicUrl}/r/${id}`);
    const page = await clients.rest('POST', '/recordings/list', { ids: [id] });
    expect(page.json).toEqual({
      content: [
        answeredRecording({
          id,
          direction: 'REQUEST',
          status: 'NEW',
          tags: ['support'],
          userId: server.demo.ownerUserId,
          externalReference: 'ticket-42',
          url,
        }),
      ],
      totalElements: 1,
      totalPages: 1,
    });
  });

  it('CALLBACK_SUBSCRIBE answers a UUID that CALLBACK_UNSUBSCRIBE removes once', async () => {
    const subscribed = await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, SUBSCRIBE);
    const { subscriptionId } = subscribed.json as { subscriptionId: string };
    expect(subscriptionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await clients.hook('ZAPIER', server.demo.tokens.ZAPIER, unsubscribe(subscriptionId))).text).toBe('{"status":"success"}');
  });

  it("speaks core's HookClient end to end", async () => {
    const client = new HookClient({
      baseUrl: server.publicUrl,
      provider: 'N8N',
      backendToken: server.demo.tokens.N8N,
      allowHttpCallbacks: false,
      transport: injectTransport(server),
    });
    await expect(client.ping()).resolves.toEqual({ status: 'success', workspace: 'Demo Workspace' });
    const { subscriptionId } = await client.subscribe('https://hooks.example/n8n');
    await expect(client.unsubscribe(subscriptionId)).resolves.toEqual({ status: 'success' });
  });
});

describe('--public-url and --insecure-callbacks', () => {
  it('builds page URLs on the public URL and accepts http callbacks only when allowed', async () => {
    const other = await buildQuietServer({ publicUrl: 'https://rec.example/screenrec/', insecureCallbacks: true });
    try {
      const { hook } = clientsOf(other);
      const recording = await hook('ZAPIER', other.demo.tokens.ZAPIER, RECORDING);
      const subscribe = await hook('ZAPIER', other.demo.tokens.ZAPIER, {
        action: 'CALLBACK_SUBSCRIBE',
        callback: 'http://127.0.0.1:9/catch',
      });
      expect((recording.json as { url: string }).url).toMatch(/^https:\/\/rec\.example\/screenrec\/r\/[0-9a-f-]{36}$/);
      expect(subscribe.json).toEqual({ subscriptionId: expect.any(String) });
    } finally {
      await other.close();
    }
  });
});
