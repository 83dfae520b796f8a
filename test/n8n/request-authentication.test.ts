import { ExecuteContext } from 'n8n-core';
import nock from 'nock';
import type { ICredentialsHelper, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, IRequestOptions } from 'n8n-workflow';
import { ScreenRecApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecApi.credentials';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node';
import { additionalDataFor, nodeOf, workflowOf } from '../support/n8n-contexts';
import { API_KEY, BACKEND_TOKEN, BASE_URL, CREDENTIAL, WORKSPACE_ID, type ScreenRecCredential } from './harness';
import { failureOf, remember, setUpNock } from './nock-setup';

// The credential's `authenticate`: what n8n runs for every request sent "with" the ScreenRec credential outside our
// nodes' own steps (the HTTP Request node's Predefined Credential Type, Custom API Call, the AI Agent's HTTP Request
// tool). First called directly with each form of options n8n hands it, then through n8n-core's own authenticated
// helpers, with nock recording exactly which headers reached each address.

setUpNock();

const HOOK_URL = `${BASE_URL}/public/webhooks/N8N`;
const REST_PATH = `/public/integration/${WORKSPACE_ID}/recordings/list`;
const REST_URL = `${BASE_URL}${REST_PATH}`;
const BEARER = `Bearer ${API_KEY}`;
const NO_REDIRECTS = { disableFollowRedirect: true, followRedirect: false, followAllRedirects: false };

const credential = new ScreenRecApi();

async function authenticated(options: object, data: ScreenRecCredential = CREDENTIAL): Promise<IHttpRequestOptions> {
  const authenticate = credential.authenticate;
  if (typeof authenticate !== 'function') throw new Error('the ScreenRec credential has no authenticate function');
  return await authenticate({ ...data }, options as IHttpRequestOptions);
}

const refusal = async (options: object, data: ScreenRecCredential = CREDENTIAL) => await failureOf(() => authenticated(options, data));

const NOT_FOR_THIS_URL =
  "Use a URL under the Service URL that one of its secrets is for: the automation hook (Backend Token) or the REST API of the credential's workspace (API Key). To call it without ScreenRec's secrets, set Authentication to None. Nothing was sent.";

describe('authenticate puts on each request exactly the secret its URL may get', () => {
  it('the hook endpoint (`url`): the backend token only, and no redirect followed', async () => {
    const options = { method: 'POST', url: HOOK_URL, headers: { 'content-type': 'application/json' }, body: '{}' };
    expect(await authenticated(options)).toEqual({
      ...options,
      headers: { 'content-type': 'application/json', 'x-service-token': BACKEND_TOKEN },
      ...NO_REDIRECTS,
    });
  });

  it("the workspace's REST API (`url`): the API key as a Bearer header only", async () => {
    expect(await authenticated({ method: 'POST', url: REST_URL })).toEqual({
      method: 'POST',
      url: REST_URL,
      headers: { authorization: BEARER },
      ...NO_REDIRECTS,
    });
  });

  it('`baseURL` plus a relative `url`, joined as axios joins them', async () => {
    for (const [baseURL, url] of [
      [BASE_URL, REST_PATH],
      [`${BASE_URL}/`, REST_PATH.slice(1)],
      [`${BASE_URL}/public`, `/integration/${WORKSPACE_ID}/recordings/list`],
    ] as const)
      expect((await authenticated({ method: 'POST', baseURL, url })).headers).toEqual({ authorization: BEARER });
    expect((await authenticated({ method: 'POST', baseURL: `${BASE_URL}/public/`, url: 'webhooks/N8N' })).headers).toEqual({
      'x-service-token': BACKEND_TOKEN,
    });
  });

  it("the HTTP Request node's older options, the target in `uri`", async () => {
    const options = { method: 'GET', uri: `${REST_URL}?pageSize=1`, headers: {}, followRedirect: true, followAllRedirects: true };
    expect(await authenticated(options)).toEqual({ ...options, headers: { authorization: BEARER }, ...NO_REDIRECTS });
    expect((await authenticated({ method: 'POST', uri: new URL(HOOK_URL) })).headers).toEqual({ 'x-service-token': BACKEND_TOKEN });
  });

  it('authenticating its own result again (n8n does after a 401) gives the same request', async () => {
    for (const url of [HOOK_URL, REST_URL]) {
      const once = await authenticated({ method: 'POST', url, headers: { accept: 'application/json' } });
      expect(await authenticated(once)).toEqual(once);
    }
  });

  it('a Service URL written with spaces and a trailing slash is the same address', async () => {
    const data = { ...CREDENTIAL, serviceUrl: ` ${BASE_URL}// ` };
    expect((await authenticated({ method: 'POST', url: HOOK_URL }, data)).headers).toEqual({ 'x-service-token': BACKEND_TOKEN });
  });
});

describe('another service gets the request as it is, with neither secret', () => {
  it.each([
    ['another origin', { url: 'https://listener.example/public/webhooks/N8N' }],
    ['a look-alike host', { url: 'https://api.screenrec.test.evil/public/webhooks/N8N' }],
    ['the same host on another port', { url: 'https://api.screenrec.test:8443/public/webhooks/N8N' }],
    ['plain http to the same host', { url: 'http://api.screenrec.test/public/webhooks/N8N' }],
    ['an absolute `url` beside a baseURL on the service', { baseURL: BASE_URL, url: 'https://listener.example/x' }],
    ['a protocol-relative `url` beside a baseURL on the service', { baseURL: BASE_URL, url: '//api.screenrec.test.evil/x' }],
    ['`uri` on another origin', { uri: 'https://listener.example/public/integration/x' }],
  ])('%s', async (_case, target) => {
    const options = { method: 'POST', headers: { accept: 'application/json' }, ...target };
    const result = await authenticated(options);
    expect(result).toBe(options);
    expect(result).toEqual({ method: 'POST', headers: { accept: 'application/json' }, ...target });
  });
});

describe('a request on the Service URL that gets no secret is refused, saying what to change', () => {
  it.each([
    [
      '`..` climbing out of the workspace',
      `${BASE_URL}/public/integration/${WORKSPACE_ID}/../other/recordings/list`,
      'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.',
    ],
    [
      'an encoded slash',
      `${BASE_URL}/public/integration/${WORKSPACE_ID}%2F..%2Fother/recordings/list`,
      'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.',
    ],
    [
      'another workspace',
      `${BASE_URL}/public/integration/11111111-2222-4333-8444-555555555555/recordings/list`,
      `the path names another workspace than the connection's: use /public/integration/${WORKSPACE_ID}/….`,
    ],
    ["another integration's hook", `${BASE_URL}/public/webhooks/ZAPIER`, 'the hook path names "ZAPIER", not N8N.'],
    [
      'a path of neither interface',
      `${BASE_URL}/public/recordings`,
      "the path is neither the REST API of the connection's workspace (/public/integration/<workspace ID>/…) nor the automation hook (/public/webhooks/<integration>).",
    ],
  ])('%s', async (_case, url, reason) => {
    const failure = await refusal({ method: 'POST', url });
    expect(failure).toMatchObject({
      message: `The ScreenRec account credential sends no secret to this URL: ${reason}`,
      description: NOT_FOR_THIS_URL,
    });
  });

  it('the hook endpoint when the credential has no Backend Token', async () => {
    const failure = await refusal({ method: 'POST', url: HOOK_URL }, { ...CREDENTIAL, backendToken: '' });
    expect(failure.message).toBe(
      'The ScreenRec account credential sends no secret to this URL: the connection has no Backend Token, which the automation hook needs: fill it in.',
    );
  });

  it('the REST API when the credential has no API Key', async () => {
    const failure = await refusal({ method: 'POST', url: REST_URL }, { ...CREDENTIAL, apiKey: '' });
    expect(failure.message).toBe(
      'The ScreenRec account credential sends no secret to this URL: the connection has no API Key, which the REST API needs: fill it in.',
    );
  });
});

describe('a request whose own headers set a secret header gets no secret: it is refused', () => {
  it.each([
    ['Authorization', { Authorization: 'Bearer mine' }, 'Authorization'],
    ['x-service-token, in any case', { 'X-Service-Token': 'mine' }, 'x-service-token'],
    [
      'both, lower-cased as the HTTP Request node sends them',
      { authorization: 'Basic bWluZQ==', 'x-service-token': 'mine' },
      'Authorization and x-service-token',
    ],
  ])('%s', async (_case, headers, named) => {
    for (const url of [HOOK_URL, REST_URL, 'https://listener.example/x']) {
      const failure = await refusal({ method: 'POST', url, headers });
      expect(failure).toMatchObject({
        message: `The request sets its own ${named} header, which the ScreenRec account credential sets itself.`,
        description: `Remove ${named} from the request's headers: the credential adds the right ScreenRec secret for the URL. To send a header of your own instead, set Authentication to None. Nothing was sent.`,
      });
    }
  });
});

// ---- through n8n-core's own helpers, as n8n sends them ----

/** What n8n's credentials helper does with a credential whose `authenticate` is a function: calls it. */
function credentialsHelperWith(data: ScreenRecCredential): ICredentialsHelper {
  const base = additionalDataFor({ credential: data, webhookBaseUrl: 'https://n8n.example.com/webhook' }).credentialsHelper;
  return new Proxy(base, {
    get: (target, property) =>
      property === 'authenticate'
        ? (decrypted: ScreenRecCredential, _type: string, options: IHttpRequestOptions) => authenticated(options, decrypted)
        : Reflect.get(target, property),
  });
}

function httpRequestNodeContext(data: ScreenRecCredential = CREDENTIAL): ExecuteContext {
  const nodeType = new ScreenRec();
  const node = nodeOf('HTTP Request', 'n8n-nodes-base.httpRequest', {});
  const items: INodeExecutionData[] = [{ json: {} }];
  const setup = { credential: data, webhookBaseUrl: 'https://n8n.example.com/webhook' };
  return new ExecuteContext(
    workflowOf(nodeType, node),
    node,
    // The older helper reports each fetch to the execution's hooks, which have nothing to do here.
    additionalDataFor(setup, { credentialsHelper: credentialsHelperWith(data), hooks: { runHook: async () => undefined } as never }),
    'manual',
    { resultData: { runData: {} } } as never,
    0,
    items,
    { main: [items] },
    { node, data: { main: [items] }, source: null },
    [],
  );
}

/** How n8n-core's authenticated `helper` fails, called with the ScreenRec credential by an HTTP Request node. */
async function failedNodeRequest(helper: 'httpRequestWithAuthentication' | 'requestWithAuthentication', options: object) {
  const context = httpRequestNodeContext();
  const send =
    helper === 'httpRequestWithAuthentication'
      ? () => context.helpers.httpRequestWithAuthentication.call(context, 'screenRecApi', options as IHttpRequestOptions)
      : () => context.helpers.requestWithAuthentication.call(context, 'screenRecApi', options as IRequestOptions);
  return remember(await failureOf(send));
}

/** A nock interceptor answering `status` and recording the headers that reached it. */
function recordedAt(origin: string, method: 'get' | 'post', path: string, status = 200) {
  const seen: Record<string, unknown>[] = [];
  const scope = nock(origin);
  const interceptor = method === 'get' ? scope.get(path) : scope.post(path);
  interceptor.reply(function () {
    seen.push({ ...this.req.headers });
    return [status, { ok: status === 200 }];
  });
  return seen;
}

const secretHeadersOf = (headers: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => ['authorization', 'x-service-token'].includes(name)));

describe("n8n-core's httpRequestWithAuthentication (`url`, `baseURL` + `url`)", () => {
  it('the hook endpoint gets only the backend token, the REST API only the API key, a listener neither', async () => {
    const context = httpRequestNodeContext();
    const hook = recordedAt(BASE_URL, 'post', '/public/webhooks/N8N');
    const rest = recordedAt(BASE_URL, 'post', REST_PATH);
    const listener = recordedAt('https://listener.example', 'post', '/public/webhooks/N8N');
    await context.helpers.httpRequestWithAuthentication.call(context, 'screenRecApi', { method: 'POST', url: HOOK_URL, body: {} });
    await context.helpers.httpRequestWithAuthentication.call(context, 'screenRecApi', {
      method: 'POST',
      baseURL: BASE_URL,
      url: REST_PATH,
      body: {},
    });
    await context.helpers.httpRequestWithAuthentication.call(context, 'screenRecApi', {
      method: 'POST',
      url: 'https://listener.example/public/webhooks/N8N',
      body: {},
    });
    expect([hook, rest, listener].map((requests) => requests.map(secretHeadersOf))).toEqual([
      [{ 'x-service-token': BACKEND_TOKEN }],
      [{ authorization: BEARER }],
      [{}],
    ]);
  });

  it('a redirect from the service is answered as it is, never followed with the secret', async () => {
    const context = httpRequestNodeContext();
    nock(BASE_URL).post('/public/webhooks/N8N').reply(302, '', { location: 'https://listener.example/stolen' });
    const response = (await context.helpers.httpRequestWithAuthentication.call(context, 'screenRecApi', {
      method: 'POST',
      url: HOOK_URL,
      body: {},
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
    })) as IN8nHttpFullResponse;
    expect(response.statusCode).toBe(302);
  });

  it("a 401 from ScreenRec stays ScreenRec's answer when n8n authenticates the request again and retries it", async () => {
    const seen = [recordedAt(BASE_URL, 'post', REST_PATH, 401), recordedAt(BASE_URL, 'post', REST_PATH, 401)];
    const failure = await failedNodeRequest('httpRequestWithAuthentication', { method: 'POST', url: REST_URL, body: {} });
    expect(failure).toMatchObject({ name: 'NodeApiError', httpCode: '401' });
    expect(seen.map((requests) => requests.map(secretHeadersOf))).toEqual([[{ authorization: BEARER }], [{ authorization: BEARER }]]);
  });

  it('a refusal reaches the user as the node error n8n shows, with what to change, and sends nothing', async () => {
    const failure = await failedNodeRequest('httpRequestWithAuthentication', {
      method: 'GET',
      url: HOOK_URL,
      headers: { Authorization: 'Bearer mine' },
    });
    expect(failure).toMatchObject({
      name: 'NodeApiError',
      message: 'The request sets its own Authorization header, which the ScreenRec account credential sets itself.',
      description:
        "Remove Authorization from the request's headers: the credential adds the right ScreenRec secret for the URL. To send a header of your own instead, set Authentication to None. Nothing was sent.",
    });
  });
});

describe("n8n-core's requestWithAuthentication (the HTTP Request node's `uri` options)", () => {
  it('each address gets only its own secret, and a redirect is not followed even when the node asks to', async () => {
    const context = httpRequestNodeContext();
    const hook = recordedAt(BASE_URL, 'post', '/public/webhooks/N8N');
    const rest = recordedAt(BASE_URL, 'get', `${REST_PATH}?pageSize=1`);
    const listener = recordedAt('https://listener.example', 'get', '/anything');
    const legacy = { followRedirect: true, followAllRedirects: true, json: true };
    await context.helpers.requestWithAuthentication.call(context, 'screenRecApi', { method: 'POST', uri: HOOK_URL, body: {}, ...legacy });
    await context.helpers.requestWithAuthentication.call(context, 'screenRecApi', {
      method: 'GET',
      uri: REST_URL,
      qs: { pageSize: 1 },
      ...legacy,
    });
    await context.helpers.requestWithAuthentication.call(context, 'screenRecApi', {
      method: 'GET',
      uri: 'https://listener.example/anything',
      ...legacy,
    });
    expect([hook, rest, listener].map((requests) => requests.map(secretHeadersOf))).toEqual([
      [{ 'x-service-token': BACKEND_TOKEN }],
      [{ authorization: BEARER }],
      [{}],
    ]);

    nock(BASE_URL).get(`${REST_PATH}?pageSize=1`).reply(302, '', { location: 'https://listener.example/stolen' });
    const response = (await context.helpers.requestWithAuthentication.call(context, 'screenRecApi', {
      method: 'GET',
      uri: REST_URL,
      qs: { pageSize: 1 },
      ...legacy,
      simple: false,
      resolveWithFullResponse: true,
    })) as { statusCode: number };
    expect(response.statusCode).toBe(302);
  });

  it('another workspace is refused before anything is sent', async () => {
    const failure = await failedNodeRequest('requestWithAuthentication', {
      method: 'GET',
      uri: `${BASE_URL}/public/integration/11111111-2222-4333-8444-555555555555/recordings`,
    });
    expect(failure).toMatchObject({
      name: 'NodeApiError',
      message: `The ScreenRec account credential sends no secret to this URL: the path names another workspace than the connection's: use /public/integration/${WORKSPACE_ID}/….`,
      description: NOT_FOR_THIS_URL,
    });
  });
});
