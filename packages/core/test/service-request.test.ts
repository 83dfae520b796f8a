import { readFileSync } from 'node:fs';
import path from 'node:path';
import nock from 'nock';
import {
  GET_WITH_BODY,
  NOT_FOUND_AT_PATH,
  PATH_FORM,
  ServiceRequester,
  UNAUTHORIZED_MESSAGE,
  nothingSentMessage,
  secretHeaderGivenMessage,
  type Logger,
  type ServiceAnswer,
} from 'screenrec';
import { SDK_VERSION, USER_AGENT } from '../src/transport/user-agent';
import { API_KEY, BASE_URL, RECORDING_ID, WORKSPACE_ID, failureOf, hookClient, restClient, sleeps } from './fixtures';
import { hookScope, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const OTHER_WORKSPACE = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const tagsPath = `/public/integration/${WORKSPACE_ID}/recordings/tags`;

/** A logger that keeps every line, by level. */
function keptLines(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const keep = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { logger: { error: keep('error'), warn: keep('warn'), info: keep('info'), debug: keep('debug') }, lines };
}

describe("request: any path of the service, with the client's own secret", () => {
  it('sends a REST path with the API key, the query and the JSON body, and resolves with the parsed answer', async () => {
    restScope()
      .matchHeader('authorization', `Bearer ${API_KEY}`)
      .matchHeader('content-type', 'application/json')
      .put(restPath(`/recordings/${RECORDING_ID}`), { comment: 'seen' })
      .query({ dryRun: 'true' })
      .reply(202, { id: RECORDING_ID, comment: 'seen' });
    await expect(
      restClient().request({
        method: 'PUT',
        path: `/public/integration/${WORKSPACE_ID}/recordings/${RECORDING_ID}`,
        query: { dryRun: true },
        body: { comment: 'seen' },
      }),
    ).resolves.toEqual({ id: RECORDING_ID, comment: 'seen' });
  });

  it('sends a hook action with the backend token, and takes a whole URL on the service too', async () => {
    hookScope({ action: 'PING' }).reply(200, { status: 'success', workspace: 'Demo' });
    await expect(
      hookClient().request({ method: 'POST', path: `${BASE_URL}/public/webhooks/ZAPIER`, body: { action: 'PING' } }),
    ).resolves.toEqual({
      status: 'success',
      workspace: 'Demo',
    });
  });

  it('tells onResponse the status and headers, here and on every other method', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .query({ query: 'sup' })
      .reply(200, { result: ['support'] }, { 'x-ratelimit-remaining': '41' });
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: `${BASE_URL}/videos/x` }, { 'x-request-id': 'r-1' });
    const answers: ServiceAnswer[] = [];
    const onResponse = (answer: ServiceAnswer) => void answers.push(answer);
    await restClient().request({ method: 'GET', path: tagsPath, query: { query: 'sup' } }, { onResponse });
    await restClient().getVideoUrl(RECORDING_ID, { onResponse });
    expect(answers.map(({ status, headers }) => [status, headers['x-ratelimit-remaining'] ?? headers['x-request-id']])).toEqual([
      [200, '41'],
      [200, 'r-1'],
    ]);
  });

  it('gives a body that is not JSON as its text, and an empty one as undefined', async () => {
    restScope().get(restPath('/export.csv')).reply(200, 'id,status\n1,NEW\n', { 'content-type': 'text/csv' });
    restScope()
      .delete(restPath(`/recordings/${RECORDING_ID}`))
      .reply(204);
    await expect(restClient().request({ method: 'GET', path: `/public/integration/${WORKSPACE_ID}/export.csv` })).resolves.toBe(
      'id,status\n1,NEW\n',
    );
    await expect(
      restClient().request({ method: 'DELETE', path: `/public/integration/${WORKSPACE_ID}/recordings/${RECORDING_ID}` }),
    ).resolves.toBeUndefined();
  });

  it('retries GET, PUT and DELETE after a 5xx, and sends POST once', async () => {
    restScope().get(restPath('/recordings/tags')).reply(503).get(restPath('/recordings/tags')).reply(200, { result: [] });
    await expect(restClient().request({ method: 'GET', path: tagsPath })).resolves.toEqual({ result: [] });
    expect(sleeps).toHaveLength(1);
    restScope().post(restPath('/recordings')).reply(503, { message: 'Unavailable' });
    expect(
      await failureOf(restClient().request({ method: 'POST', path: `/public/integration/${WORKSPACE_ID}/recordings`, body: {} })),
    ).toMatchObject({
      code: 'SERVICE_ERROR',
      status: 503,
    });
    expect(sleeps).toHaveLength(1);
  });

  it("answers a refusal with the failure table's typed error, and a 404 saying to check the path", async () => {
    restScope().get(restPath('/recordings/tags')).reply(401, { message: 'Unauthorized' });
    restScope().get(restPath('/nothing')).reply(404, { message: 'Not found' });
    expect(await failureOf(restClient().request({ method: 'GET', path: tagsPath }))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: UNAUTHORIZED_MESSAGE,
    });
    expect(await failureOf(restClient().request({ method: 'GET', path: `/public/integration/${WORKSPACE_ID}/nothing` }))).toMatchObject({
      code: 'NOT_FOUND',
      message: NOT_FOUND_AT_PATH,
    });
  });

  it("reads a hook refusal given with 200 as the client's own actions do", async () => {
    hookScope({ action: 'CALLBACK_SUBSCRIBE', callback: 'https://hooks.example/x' }).reply(200, { error: 'No active subscription.' });
    const failure = await failureOf(
      hookClient().request({
        method: 'POST',
        path: '/public/webhooks/ZAPIER',
        body: { action: 'CALLBACK_SUBSCRIBE', callback: 'https://hooks.example/x' },
      }),
    );
    expect(failure.code).toBe('NO_ACTIVE_SUBSCRIPTION');
  });

  it('stops at the deadline and when cancelled, as every call does', async () => {
    expect((await failureOf(restClient().request({ method: 'GET', path: tagsPath }, { deadline: Date.now() - 1 }))).code).toBe('DEADLINE');
    const controller = new AbortController();
    controller.abort();
    expect((await failureOf(restClient().request({ method: 'GET', path: tagsPath }, { signal: controller.signal }))).code).toBe(
      'CANCELLED',
    );
  });

  it('caps the answer it reads', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .reply(200, 'x'.repeat(10 * 1024 * 1024 + 1));
    expect((await failureOf(restClient().request({ method: 'GET', path: tagsPath }))).code).toBe('RESPONSE_TOO_LARGE');
  });

  it.each([
    [
      'another origin',
      'https://elsewhere.example/public/integration/x',
      "the URL is not on the Service URL (https://api.screenrec.test): ScreenRec's secrets go to the Service URL's own address only.",
    ],
    [
      'a look-alike host',
      `https://api.screenrec.test.evil/public/integration/${WORKSPACE_ID}/recordings`,
      "the URL is not on the Service URL (https://api.screenrec.test): ScreenRec's secrets go to the Service URL's own address only.",
    ],
    [
      'a path that climbs out',
      `/public/integration/${WORKSPACE_ID}/../${OTHER_WORKSPACE}/recordings`,
      'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.',
    ],
    [
      'an encoded slash',
      `/public/integration/${WORKSPACE_ID}%2F..%2F${OTHER_WORKSPACE}/recordings`,
      'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.',
    ],
    [
      'another workspace',
      `/public/integration/${OTHER_WORKSPACE}/recordings`,
      `the path names another workspace than the connection's: use /public/integration/${WORKSPACE_ID}/….`,
    ],
    [
      'the hook, from the REST client',
      '/public/webhooks/ZAPIER',
      'the connection has no Backend Token, which the automation hook needs: fill it in.',
    ],
  ])('sends nothing to %s, saying why', async (_name, target, reason) => {
    const failure = await failureOf(restClient().request({ method: 'GET', path: target }));
    expect(failure).toMatchObject({ code: 'INVALID_INPUT', message: nothingSentMessage(reason) });
  });

  it('sends nothing when the caller sets a secret header itself', async () => {
    const failure = await failureOf(
      restClient().request({ method: 'GET', path: tagsPath, headers: { Authorization: 'Bearer mine', 'x-service-token': 't' } }),
    );
    expect(failure).toMatchObject({ code: 'INVALID_INPUT', message: secretHeaderGivenMessage(['Authorization', 'x-service-token']) });
  });
});

describe('the logger', () => {
  it('at debug: each request and answer; at warn: each retry; never a secret, never the query', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .query(true)
      .reply(503)
      .get(restPath('/recordings/tags'))
      .query(true)
      .reply(200, { result: [] });
    const { logger, lines } = keptLines();
    await restClient({ logger, logLevel: 'debug' }).request({ method: 'GET', path: tagsPath, query: { query: API_KEY } });
    expect(lines.map((line) => line.replace(/ in \d+ ms/, ' in N ms'))).toEqual([
      `debug screenrec: GET ${tagsPath} sent`,
      `info screenrec: GET ${tagsPath} answered 503 in N ms`,
      `warn screenrec: GET ${tagsPath} answered 503: retry 1 in N ms`,
      `debug screenrec: GET ${tagsPath} sent (retry 1)`,
      `debug screenrec: GET ${tagsPath} answered 200 in N ms`,
    ]);
    expect(lines.join('\n')).not.toContain(API_KEY);
  });

  it('scrubs the secret from a line that would hold it, and logs a request that got no answer at error', async () => {
    restScope()
      .get(restPath(`/x${API_KEY}`))
      .replyWithError('socket hang up');
    const { logger, lines } = keptLines();
    await failureOf(
      restClient({ logger, logLevel: 'error', maxRetries: 0 }).request({
        method: 'GET',
        path: `/public/integration/${WORKSPACE_ID}/x${API_KEY}`,
      }),
    );
    expect(lines).toEqual([
      expect.stringMatching(/^error screenrec: GET \/public\/integration\/[0-9a-f-]+\/x\[redacted\] failed: Could not reach ScreenRec/),
    ]);
    expect(lines.join('\n')).not.toContain(API_KEY);
  });

  it('is quiet by default, at warn with a logger, and refuses a level that is none', async () => {
    restScope().get(restPath('/recordings/tags')).reply(200, { result: [] });
    const { logger, lines } = keptLines();
    await restClient({ logger }).request({ method: 'GET', path: tagsPath });
    expect(lines).toEqual([]);
    expect((await failureOf(Promise.resolve().then(() => restClient({ logLevel: 'loud' as never })))).code).toBe('INVALID_INPUT');
  });

  it('SCREENREC_LOG sets the level on Node, with console as the logger', async () => {
    restScope().get(restPath('/recordings/tags')).reply(200, { result: [] });
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    process.env.SCREENREC_LOG = 'debug';
    let lines: string[];
    try {
      await restClient().request({ method: 'GET', path: tagsPath });
      lines = debug.mock.calls.map(([line]) => String(line).replace(/ in \d+ ms/, ' in N ms'));
    } finally {
      delete process.env.SCREENREC_LOG;
      debug.mockRestore();
    }
    expect(lines).toEqual([`screenrec: GET ${tagsPath} sent`, `screenrec: GET ${tagsPath} answered 200 in N ms`]);
  });
});

describe('the User-Agent', () => {
  it("names the SDK and its release on the default transport, which is package.json's version", async () => {
    restScope().matchHeader('user-agent', USER_AGENT).get(restPath('/recordings/tags')).reply(200, { result: [] });
    await restClient().request({ method: 'GET', path: tagsPath });
    const { version } = JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { version: string };
    expect([SDK_VERSION, USER_AGENT]).toEqual([version, `screenrec-js/${version}`]);
  });

  it('leaves a User-Agent the caller chose', async () => {
    restScope().matchHeader('user-agent', 'my-app/2').get(restPath('/recordings/tags')).reply(200, { result: [] });
    await restClient().request({ method: 'GET', path: tagsPath, headers: { 'user-agent': 'my-app/2' } });
    nock.cleanAll();
  });
});

describe('ServiceRequester: both secrets, each where its path may get it', () => {
  const requester = () =>
    new ServiceRequester(
      { baseUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY, backendToken: 'bt_both', provider: 'N8N' },
      { sleep: async () => undefined },
    );

  it('the API key to the REST API and the backend token to the hook, from one requester', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .reply(200, { result: ['a'] });
    nock(BASE_URL, { reqheaders: { 'x-service-token': 'bt_both' }, badheaders: ['authorization'] })
      .post('/public/webhooks/N8N', { action: 'PING' })
      .reply(200, { status: 'success', workspace: 'Demo' });
    await expect(requester().request({ method: 'GET', path: tagsPath })).resolves.toEqual({ result: ['a'] });
    await expect(requester().request({ method: 'POST', path: '/public/webhooks/N8N', body: { action: 'PING' } })).resolves.toMatchObject({
      status: 'success',
    });
  });

  it("send keeps a failed answer's status, headers and body beside its typed error", async () => {
    restScope().get(restPath('/nothing')).reply(404, { message: 'Not found' }, { 'x-request-id': 'r-9' });
    const answer = await requester().send({ method: 'GET', path: `/public/integration/${WORKSPACE_ID}/nothing` });
    expect(answer).toMatchObject({
      status: 404,
      body: { message: 'Not found' },
      failure: { code: 'NOT_FOUND', message: NOT_FOUND_AT_PATH },
    });
    expect(answer.headers['x-request-id']).toBe('r-9');
  });

  it('sends nothing for a GET with a body, or a path that is neither a path nor a whole URL', async () => {
    expect(await failureOf(requester().send({ method: 'GET', path: tagsPath, body: { a: 1 } }))).toMatchObject({
      code: 'INVALID_INPUT',
      message: nothingSentMessage(GET_WITH_BODY),
    });
    expect(await failureOf(requester().send({ method: 'GET', path: 'recordings/tags' }))).toMatchObject({
      code: 'INVALID_INPUT',
      message: nothingSentMessage(PATH_FORM),
    });
  });
});
