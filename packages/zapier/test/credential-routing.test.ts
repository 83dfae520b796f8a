import { HTTPS_SERVICE_URL_REQUIRED, invalidInputMessage } from 'screenrec';
import nock from 'nock';
import type { ZObject } from 'zapier-platform-core';
import { testConnection } from '../src/authentication';
import {
  API_KEY,
  BACKEND_TOKEN,
  BASE_URL,
  HOOK_PATH,
  REST_PATH,
  WORKSPACE_ID,
  appError,
  appTester,
  hookAuth,
  restAuth,
  restOnlyAuth,
  runWithRest,
  useNock,
  zapierCommand,
  zapierFailure,
} from './harness';

useNock();

const OTHER_WORKSPACE = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const SECRET_HEADERS = ['authorization', 'x-service-token'];

/** A request through Zapier's `request` command, which runs only the app's beforeRequest, never its step code. */
const apiRequest = (request: Record<string, unknown>, authData: Record<string, string> = restAuth) =>
  zapierCommand('request', { authData, request });

/** What Zapier adds to `targetRequest` for this connection (renderAuthTemplate: the SDK's and MCP's code actions). */
const renderedFor = (targetRequest: Record<string, unknown> | undefined, authData: Record<string, string> = restAuth) =>
  zapierCommand('renderAuthTemplate', { authData, ...(targetRequest === undefined ? {} : { targetRequest }) });

/** The service, answering only a request that carries exactly `secret` (or no secret at all). */
function serviceExpecting(secret: Record<string, string>): nock.Scope {
  return nock(BASE_URL, {
    reqheaders: secret,
    badheaders: SECRET_HEADERS.filter((name) => !(name in secret)),
  });
}

const refused = (url: string, reason: string, code = 'REFUSED_REQUEST') => appError(code, `Refused a request to ${url}: ${reason}`);

describe('a request the app never makes itself, to the Service URL (the API Request action)', () => {
  it('gets the API key, as a Bearer, on any path of the REST API of the connection’s workspace, and no backend token', async () => {
    serviceExpecting({ authorization: `Bearer ${API_KEY}` })
      .get(`${REST_PATH}/recordings/tags`)
      .query({ query: 'sup' })
      .reply(200, ['support']);

    await expect(apiRequest({ url: `${BASE_URL}${REST_PATH}/recordings/tags`, params: { query: 'sup' } })).resolves.toMatchObject({
      status: 200,
      content: '["support"]',
    });
  });

  it('gets the backend token, as x-service-token, on the hook endpoint, and no API key', async () => {
    serviceExpecting({ 'x-service-token': BACKEND_TOKEN })
      .post(HOOK_PATH, { action: 'PING' })
      .reply(200, { status: 'success', workspace: 'W' });

    await expect(apiRequest({ url: `${BASE_URL}${HOOK_PATH}`, method: 'POST', body: { action: 'PING' } })).resolves.toMatchObject({
      status: 200,
    });
  });

  it('goes without secrets to a path of the Service URL that is neither interface', async () => {
    serviceExpecting({}).get('/openapi.json').reply(200, { openapi: '3.1.0' });

    await expect(apiRequest({ url: `${BASE_URL}/openapi.json` })).resolves.toMatchObject({ status: 200, content: '{"openapi":"3.1.0"}' });
  });

  it('from a REST-only connection gets the API key, and is refused at the hook, saying which field to fill in', async () => {
    serviceExpecting({ authorization: `Bearer ${API_KEY}` })
      .post(`${REST_PATH}/recordings/list`)
      .reply(200, { content: [] });

    await expect(
      apiRequest({ url: `${BASE_URL}${REST_PATH}/recordings/list`, method: 'POST', body: {} }, restOnlyAuth),
    ).resolves.toMatchObject({
      status: 200,
    });
    await expect(zapierFailure(apiRequest({ url: `${BASE_URL}${HOOK_PATH}`, method: 'POST' }, restOnlyAuth))).resolves.toEqual(
      refused(`${BASE_URL}${HOOK_PATH}`, 'the connection has no Backend Token, which the automation hook needs: fill it in.'),
    );
  });

  it('from a hook-only connection is refused at the REST API, saying which field to fill in', async () => {
    await expect(zapierFailure(apiRequest({ url: `${BASE_URL}${REST_PATH}/recordings/list`, method: 'POST' }, hookAuth))).resolves.toEqual(
      refused(
        `${BASE_URL}${REST_PATH}/recordings/list`,
        `the path names another workspace than the connection's: use /public/integration/<workspace ID>/….`,
      ),
    );
  });
});

describe('bad input: no secret is sent, and the message says what to change', () => {
  it.each([
    ['`..`', `${BASE_URL}${REST_PATH}/../${OTHER_WORKSPACE}/recordings/list`],
    ['an encoded slash', `${BASE_URL}${REST_PATH}%2F..%2F${OTHER_WORKSPACE}/recordings/list`],
    ['encoded dots', `${BASE_URL}/public/webhooks/%2e%2e/integration/${WORKSPACE_ID}/recordings/list`],
  ])('a path that climbs out of the workspace with %s', async (_name, url) => {
    await expect(zapierFailure(apiRequest({ url, method: 'POST' }), [API_KEY, BACKEND_TOKEN])).resolves.toEqual(
      refused(url, 'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.'),
    );
  });

  it('a workspace other than the connection’s', async () => {
    const url = `${BASE_URL}/public/integration/${OTHER_WORKSPACE}/recordings/list`;

    await expect(zapierFailure(apiRequest({ url, method: 'POST' }), [API_KEY])).resolves.toEqual(
      refused(url, `the path names another workspace than the connection's: use /public/integration/${WORKSPACE_ID}/….`),
    );
  });

  it('another integration’s hook', async () => {
    const url = `${BASE_URL}/public/webhooks/N8N`;

    await expect(zapierFailure(apiRequest({ url, method: 'POST' }), [BACKEND_TOKEN])).resolves.toEqual(
      refused(url, 'the hook path names "N8N", not ZAPIER.'),
    );
  });

  it.each([
    ['Authorization', `Bearer someone-elses-key`, `${BASE_URL}${REST_PATH}/recordings/list`],
    ['X-Service-Token', BACKEND_TOKEN, `${BASE_URL}${REST_PATH}/recordings/list`],
    ['authorization', `Bearer ${API_KEY}`, `${BASE_URL}/openapi.json`],
    ['x-service-token', 'chosen-token', `${BASE_URL}${HOOK_PATH}`],
  ])('a %s header of its own (%s) to %s', async (name, value, url) => {
    await expect(zapierFailure(apiRequest({ url, method: 'POST', headers: { [name]: value } }))).resolves.toEqual(
      refused(
        url,
        `it sets its own ${name} header: remove it. This app adds the connection's secret itself to the requests that need it (the API Key to your workspace's REST API, the Backend Token to the automation hook), and nothing elsewhere.`,
      ),
    );
  });

  it.each([
    ['its query', { url: `${BASE_URL}/openapi.json`, params: { key: API_KEY } }],
    ['its body', { url: `${BASE_URL}/feedback`, method: 'POST', body: { note: `token ${BACKEND_TOKEN}` } }],
  ])('a secret of the connection written into %s, to a path that is neither interface', async (_name, request) => {
    await expect(zapierFailure(apiRequest(request))).resolves.toEqual(
      refused(
        request.url,
        "it carries a secret of the connection in its address, query or body, and this path is neither your workspace's REST API nor the automation hook: remove the secret.",
      ),
    );
  });

  it('a plain http Service URL (off this machine) gets no secret: the message says to use https', async () => {
    const url = `http://screenrec.test${REST_PATH}/recordings/list`;

    await expect(zapierFailure(apiRequest({ url, method: 'POST' }, { ...restAuth, baseUrl: 'http://screenrec.test' }))).resolves.toEqual(
      refused(url, invalidInputMessage(`"Service URL": ${HTTPS_SERVICE_URL_REQUIRED}`), 'INVALID_INPUT'),
    );
  });
});

describe('a request to another origin', () => {
  /** A raw z.request from a test-only perform: as a Code step or a changed app would send it, past Zapier's own host check. */
  const send = (request: Parameters<ZObject['request']>[0]) => runWithRest(async (z: ZObject) => z.request(request));
  const NOT_ON_THE_SERVICE =
    "the URL is not on the Service URL (https://screenrec.test): ScreenRec's secrets go to the Service URL's own address only.";

  it.each([
    ['a look-alike host', 'https://screenrec.test.evil/public/webhooks/ZAPIER'],
    ['another host', `https://elsewhere.test${REST_PATH}/recordings/list`],
    ['another port', `https://screenrec.test:8443${REST_PATH}/recordings/list`],
  ])('on %s is refused when it carries a secret or is not a GET', async (_name, url) => {
    await expect(zapierFailure(send({ url, method: 'POST' }))).resolves.toEqual(refused(url, NOT_ON_THE_SERVICE, 'REFUSED_HOST'));
    await expect(zapierFailure(send({ url, headers: { authorization: `Bearer ${API_KEY}` } }))).resolves.toEqual(
      refused(url, NOT_ON_THE_SERVICE, 'REFUSED_HOST'),
    );
    await expect(zapierFailure(send({ url, params: { token: BACKEND_TOKEN } }))).resolves.toEqual(
      refused(url, NOT_ON_THE_SERVICE, 'REFUSED_HOST'),
    );
  });

  it('as a GET without secrets goes as it is, with none added: the pre-signed video link of a file may be on storage elsewhere', async () => {
    nock('https://screenrec.test.evil', { badheaders: SECRET_HEADERS }).get(HOOK_PATH).reply(200, 'ok');

    await expect(send({ url: `https://screenrec.test.evil${HOOK_PATH}`, skipThrowForStatus: true })).resolves.toMatchObject({
      status: 200,
      content: 'ok',
    });
  });
});

describe('where Zapier learns the credentials go', () => {
  it('renderAuthTemplate gives a request for the Service URL exactly the secret the rule allows for its URL', async () => {
    await expect(renderedFor({ url: `${BASE_URL}${REST_PATH}/recordings/list`, method: 'POST' })).resolves.toEqual({
      authType: 'custom',
      template: { headers: { authorization: `Bearer ${API_KEY}` } },
    });
    await expect(renderedFor({ url: `${BASE_URL}${HOOK_PATH}`, method: 'POST' })).resolves.toEqual({
      authType: 'custom',
      template: { headers: { 'x-service-token': BACKEND_TOKEN } },
    });
    // Zapier falls back to the connection test's first request when beforeRequest added nothing: that request is this one.
    await expect(renderedFor({ url: `${BASE_URL}/openapi.json`, method: 'GET' })).resolves.toEqual({ authType: 'custom', template: {} });
  });

  it('renderAuthTemplate gives a request the rule refuses no secret, and the reason', async () => {
    await expect(
      renderedFor({ url: `${BASE_URL}/public/integration/${OTHER_WORKSPACE}/recordings/list`, method: 'POST' }),
    ).resolves.toEqual({
      authType: 'custom',
      template: {},
      error: JSON.stringify({
        message: `Refused a request to ${BASE_URL}/public/integration/${OTHER_WORKSPACE}/recordings/list: the path names another workspace than the connection's: use /public/integration/${WORKSPACE_ID}/….`,
        code: 'REFUSED_REQUEST',
      }),
    });
  });

  it('the connection test handed a target request it cannot read makes no request, so Zapier keeps no secret for it', async () => {
    const bundle = { authData: restAuth, targetRequest: { url: 42 } };

    await expect(appTester(testConnection, bundle as Parameters<typeof appTester>[1])).resolves.toBeUndefined();
  });

  it('getAuthTemplate finds no one static template: the secret depends on the URL, so Zapier runs beforeRequest per request', async () => {
    await expect(zapierCommand('getAuthTemplate', {})).resolves.toEqual({
      supported: false,
      reason: 'test_function_error',
      authType: 'custom',
    });
  });

  it.each([
    ['a connection with the backend token', restAuth, `${BASE_URL}${HOOK_PATH}`, { 'x-service-token': BACKEND_TOKEN }],
    ['a REST-only connection', restOnlyAuth, `${BASE_URL}${REST_PATH}/recordings/list`, { authorization: `Bearer ${API_KEY}` }],
  ])(
    'the connection test’s first request, with every answer empty, carries the secret of %s where the rule puts it',
    async (_name, authData, firstUrl, secret) => {
      const sent: Array<{ url: string; headers: Record<string, unknown> }> = [];
      nock(BASE_URL)
        .post(/.*/)
        .reply(function record(path) {
          sent.push({ url: `${BASE_URL}${path}`, headers: this.req.headers });
          return [200, ''];
        });

      await zapierFailure(appTester(testConnection, { authData }));

      expect(sent.map(({ url }) => url)).toEqual([firstUrl]);
      const secrets = Object.fromEntries(
        SECRET_HEADERS.filter((name) => name in sent[0]!.headers).map((name) => [name, sent[0]!.headers[name]]),
      );
      expect(secrets).toEqual(secret);
    },
  );
});
