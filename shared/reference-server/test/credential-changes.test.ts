import type { InProcessServer } from '../src/server';
import { buildWithClients, type Clients } from './support';

/**
 * The server keeps the credentials it resolved until the next change to workspaces, integrations, tokens or API
 * keys. Each case here uses a credential first, so that it is known, then changes it: the very next call sees it.
 */

const PING = { action: 'PING' };
const RECORDING = { action: 'RECORDING', recording: { externalReference: 'ticket-42', tags: ['support'] } };

let server: InProcessServer;
let clients: Clients;

beforeAll(async () => ({ server, clients } = await buildWithClients()));
afterAll(() => server.close());

async function workspaceWithCredentials(name: string) {
  const { workspaceId } = (await clients.admin('POST', '/workspaces', { name })).json as { workspaceId: string };
  await clients.admin('PATCH', `/workspaces/${workspaceId}`, { apiAccess: true });
  const { apiKey, keyId } = (await clients.admin('POST', `/workspaces/${workspaceId}/api-keys`, {})).json as {
    apiKey: string;
    keyId: string;
  };
  const { backendToken } = (await clients.admin('POST', `/workspaces/${workspaceId}/integrations/ZAPIER`)).json as { backendToken: string };
  const list = async () => {
    const answer = await clients.rest('POST', '/recordings/list', {}, apiKey, workspaceId);
    return [answer.status, answer.text.startsWith('{"content":') ? 'page' : answer.text];
  };
  const hook = async (body: object, token = backendToken) => {
    const answer = await clients.hook('ZAPIER', token, body);
    return [answer.status, answer.text];
  };
  return { workspaceId, keyId, list, hook };
}

it('a rotated token is refused at once, and its successor works', async () => {
  const workspace = await workspaceWithCredentials('Rotating');
  expect(await workspace.hook(PING)).toEqual([200, '{"status":"success","workspace":"Rotating"}']);
  const { backendToken } = (await clients.admin('POST', `/workspaces/${workspace.workspaceId}/integrations/ZAPIER`)).json as {
    backendToken: string;
  };
  expect(await workspace.hook(PING)).toEqual([424, '{"message":"Integration error"}']);
  expect(await workspace.hook(PING, backendToken)).toEqual([200, '{"status":"success","workspace":"Rotating"}']);
});

it('a disconnected integration is seen at once', async () => {
  const workspace = await workspaceWithCredentials('Disconnecting');
  expect((await workspace.hook(PING))[0]).toBe(200);
  await clients.admin('DELETE', `/workspaces/${workspace.workspaceId}/integrations/ZAPIER`);
  expect(await workspace.hook(PING)).toEqual([400, '{"message":"Bad request"}']);
});

it("a workspace's new name and lapsed subscription are seen at once", async () => {
  const workspace = await workspaceWithCredentials('Before');
  expect((await workspace.hook(RECORDING))[0]).toBe(200);
  await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { name: 'After', subscription: 'CANCELED' });
  expect(await workspace.hook(PING)).toEqual([200, '{"status":"success","workspace":"After"}']);
  expect(await workspace.hook(RECORDING)).toEqual([200, '{"error":"No active subscription."}']);
});

it('a revoked API key is refused at once', async () => {
  const workspace = await workspaceWithCredentials('Revoking');
  expect(await workspace.list()).toEqual([200, 'page']);
  await clients.admin('DELETE', `/workspaces/${workspace.workspaceId}/api-keys/${workspace.keyId}`);
  expect(await workspace.list()).toEqual([401, '{"message":"Unauthorized"}']);
});

it("turning a workspace's API access off and on is seen at once", async () => {
  const workspace = await workspaceWithCredentials('Switching');
  expect(await workspace.list()).toEqual([200, 'page']);
  await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { apiAccess: false });
  expect(await workspace.list()).toEqual([403, '{"message":"Forbidden"}']);
  await clients.admin('PATCH', `/workspaces/${workspace.workspaceId}`, { apiAccess: true });
  expect(await workspace.list()).toEqual([200, 'page']);
});
