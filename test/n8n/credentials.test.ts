import { ScreenRecApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecApi.credentials';
import { N8N_HINT } from '../support/n8n-hints';
import { API_KEY, BACKEND_TOKEN, BASE_URL, CREDENTIAL, WORKSPACE_ID, testCredential } from './harness';
import { hookScope, remember, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const ping = () => hookScope({ action: 'PING' });
const listOne = () => restScope().post(restPath('/recordings/list'), { pageSize: 1 });

describe('the one "ScreenRec API" credential (saved as "ScreenRec account")', () => {
  it('holds the Service URL, Workspace ID, Backend Token and API Key; only the two secrets are passwords', () => {
    const credential = new ScreenRecApi();
    expect(credential).toMatchObject({ name: 'screenRecApi', displayName: 'ScreenRec API' });
    expect(
      credential.properties.map((property) => [
        property.name,
        property.displayName,
        property.required === true,
        property.typeOptions?.password === true,
      ]),
    ).toEqual([
      ['serviceUrl', 'Service URL', true, false],
      ['workspaceId', 'Workspace ID', false, false],
      ['backendToken', 'Backend Token', false, true],
      ['apiKey', 'API Key', false, true],
    ]);
  });

  it('authenticates requests sent with it by a function (request-authentication.test.ts), and keeps its test of both secrets', () => {
    const credential = new ScreenRecApi();
    expect(typeof credential.authenticate).toBe('function');
    // n8n runs a credential's own `test` request instead of the nodes' testedBy method whenever it has one.
    expect('test' in credential).toBe(false);
  });
});

describe('"Test connection" checks whatever is filled in', () => {
  it('both secrets: a PING for the token and a one-item list for the key, each carrying only its own secret', async () => {
    ping().reply(200, { status: 'success', workspace: 'Demo Workspace' });
    listOne().reply(200, { content: [], totalElements: 0, totalPages: 0 });
    expect(await testCredential(CREDENTIAL)).toEqual({
      status: 'OK',
      message: 'Connection tested successfully: the Backend Token (workspace "Demo Workspace") and the API Key work.',
    });
  });

  it('only the token: only the PING', async () => {
    ping().reply(200, { status: 'success', workspace: 'Demo Workspace' });
    expect(await testCredential({ serviceUrl: ` ${BASE_URL}// `, backendToken: BACKEND_TOKEN })).toEqual({
      status: 'OK',
      message: 'Connection tested successfully: the Backend Token (workspace "Demo Workspace") works.',
    });
  });

  it('only the key: only the list call', async () => {
    listOne().reply(200, { content: [], totalElements: 0, totalPages: 0 });
    expect(await testCredential({ serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY })).toEqual({
      status: 'OK',
      message: 'Connection tested successfully: the API Key works.',
    });
  });

  it('a rejected key: says which field, what happened and what to change, without the secret', async () => {
    ping().reply(200, { status: 'success', workspace: 'Demo Workspace' });
    listOne().reply(401, { message: 'Unauthorized' });
    const result = remember(await testCredential(CREDENTIAL));
    expect(result.status).toBe('Error');
    expect(result.message).toBe(
      "API Key: The API key was rejected: it is wrong, revoked or expired. Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field of the ScreenRec account credential.",
    );
  });

  it('a replaced token: names the Backend Token and stops before the key', async () => {
    ping().reply(424, { message: 'Integration error' });
    const result = remember(await testCredential(CREDENTIAL));
    expect(result).toEqual({
      status: 'Error',
      message: `Backend Token: ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected. ${N8N_HINT.newBackendToken}`,
    });
  });

  it('an API key without a Workspace ID: names the missing field, sending nothing', async () => {
    expect(await testCredential({ serviceUrl: BASE_URL, apiKey: API_KEY })).toEqual({
      status: 'Error',
      message:
        "Open the ScreenRec account credential and fill in Workspace ID (the workspace's UUID, shown in the ScreenRec dashboard's API section), then run the node again.",
    });
  });

  it('nothing but the Service URL: says what to fill in', async () => {
    expect(await testCredential({ serviceUrl: BASE_URL })).toEqual({
      status: 'Error',
      message:
        'Fill in the Backend Token (for Create Recording Link and the ScreenRec Trigger), the Workspace ID and API Key (for everything else), or all three.',
    });
  });

  it('does not follow a redirect with the token', async () => {
    ping().reply(301, '', { location: 'https://elsewhere.example/public/webhooks/N8N' });
    const result = await testCredential({ serviceUrl: BASE_URL, backendToken: BACKEND_TOKEN });
    expect(result).toEqual({
      status: 'Error',
      message: `Backend Token: ScreenRec answered with a redirect (HTTP 301), which this connector does not follow. ${N8N_HINT.checkServiceAddress}`,
    });
  });
});
