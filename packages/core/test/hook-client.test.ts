import { BASE_URL_FORMAT, invalidInputMessage, rateLimitedMessage, serverErrorMessage, unexpectedAnswerMessage } from 'screenrec';
import nock from 'nock';
import { BASE_URL, SUBSCRIPTION_ID, failureOf, hookClient, invalidInputOf, sleeps } from './fixtures';
import { hookScope, setUpNock } from './nock-setup';

setUpNock();

describe('hook client requests', () => {
  it('PING posts {action:"PING"} with the token header and returns the workspace name', async () => {
    hookScope({ action: 'PING' }).reply(200, { status: 'success', workspace: 'Acme Support' });
    await expect(hookClient().ping()).resolves.toEqual({ status: 'success', workspace: 'Acme Support' });
  });

  it('uses the provider in the path', async () => {
    hookScope({ action: 'PING' }, 'N8N').reply(200, { status: 'success', workspace: 'Acme' });
    await expect(hookClient({ provider: 'N8N' }).ping()).resolves.toEqual({ status: 'success', workspace: 'Acme' });
  });

  it('sends a trailing-slash Service URL to the same endpoint', async () => {
    hookScope().reply(200, { status: 'success', workspace: 'Acme' });
    await hookClient({ baseUrl: `${BASE_URL}/` }).ping();
  });

  it('RECORDING wraps externalReference and tags and returns the page URL', async () => {
    hookScope()
      .matchHeader('accept', 'application/json')
      .reply(function (_uri, body) {
        expect(body).toEqual({ action: 'RECORDING', recording: { externalReference: 'TICKET-42', tags: ['support', 'billing'] } });
        return [200, { url: 'https://app.screenrec.test/r/abc' }];
      });
    await expect(hookClient().createRecordingLink({ externalReference: 'TICKET-42', tags: ['support', 'billing'] })).resolves.toEqual({
      url: 'https://app.screenrec.test/r/abc',
    });
  });

  it('RECORDING without tags sends no tags field', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'exec-7' } }).reply(200, { url: 'https://app.screenrec.test/r/x' });
    await hookClient().createRecordingLink({ externalReference: 'exec-7' });
  });

  it('CALLBACK_SUBSCRIBE sends the callback and returns the subscriptionId', async () => {
    hookScope({ action: 'CALLBACK_SUBSCRIBE', callback: 'https://hooks.zapier.com/h/1' }).reply(200, { subscriptionId: SUBSCRIPTION_ID });
    await expect(hookClient().subscribe('https://hooks.zapier.com/h/1')).resolves.toEqual({ subscriptionId: SUBSCRIPTION_ID });
  });

  it('CALLBACK_UNSUBSCRIBE sends the subscriptionId', async () => {
    hookScope({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID }).reply(200, { status: 'success' });
    await expect(hookClient().unsubscribe(SUBSCRIPTION_ID)).resolves.toEqual({ status: 'success' });
  });
});

describe('hook client input validation sends nothing', () => {
  // afterEach asserts no mock is pending; with net connect disabled any request would also fail differently.
  it.each([
    [
      'an empty externalReference',
      () => hookClient().createRecordingLink({ externalReference: '  ' }),
      'externalReference',
      'must not be empty',
    ],
    ['an empty tag', () => hookClient().createRecordingLink({ externalReference: 'a', tags: [''] }), 'tags.0', 'must not be empty'],
    [
      'a non-https callback',
      () => hookClient().subscribe('http://hooks.example.com/x'),
      'callback',
      'must be an https URL: ScreenRec only calls https callbacks',
    ],
    ['a callback that is not a URL', () => hookClient().subscribe('hooks.example.com'), 'callback', 'must be a full https URL'],
    [
      'a non-UUID subscriptionId',
      () => hookClient().unsubscribe('sub-1'),
      'subscriptionId',
      'must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
    ],
  ])('%s fails with INVALID_INPUT naming the field', async (_name, call, path, message) => {
    const error = await invalidInputOf(call(), path, message);
    expect(error.message).toBe(`Invalid input: \`${path}\`: ${message}. Nothing was sent to ScreenRec.`);
  });

  it('rejects a missing backend token and an unknown provider at construction', async () => {
    await expect(async () => hookClient({ backendToken: ' ' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fieldErrors: [{ path: 'backendToken' }],
    });
    await expect(async () => hookClient({ provider: 'MAKE' as 'N8N' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fieldErrors: [{ path: 'provider' }],
    });
    await expect(async () => hookClient({ baseUrl: 'api.screenrec.test' })).rejects.toMatchObject({
      message: invalidInputMessage(`\`baseUrl\`: ${BASE_URL_FORMAT}`),
    });
  });

  it('allows http callbacks when the service itself is local over http', async () => {
    nock('http://127.0.0.1:4010')
      .post('/public/webhooks/ZAPIER', { action: 'CALLBACK_SUBSCRIBE', callback: 'http://127.0.0.1:5000/catch' })
      .reply(200, { subscriptionId: SUBSCRIPTION_ID });
    await expect(hookClient({ baseUrl: 'http://127.0.0.1:4010' }).subscribe('http://127.0.0.1:5000/catch')).resolves.toEqual({
      subscriptionId: SUBSCRIPTION_ID,
    });
  });

  it('allows http callbacks when asked explicitly', async () => {
    hookScope({ action: 'CALLBACK_SUBSCRIBE', callback: 'http://n8n.local:5678/webhook/1' }).reply(200, {
      subscriptionId: SUBSCRIPTION_ID,
    });
    await hookClient({ allowHttpCallbacks: true }).subscribe('http://n8n.local:5678/webhook/1');
  });
});

describe('hook answers beyond the failure table (failure-table.test.ts)', () => {
  it('an HTML 502 page is SERVICE_ERROR without the page in the message', async () => {
    hookScope().times(4).reply(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' });
    const error = await failureOf(hookClient().ping());
    expect(error).toMatchObject({ code: 'SERVICE_ERROR', status: 502, retryable: true, message: serverErrorMessage(502) });
  });

  it('a 200 whose body does not match is UNEXPECTED_RESPONSE', async () => {
    hookScope().reply(200, { url: 42 });
    expect(await failureOf(hookClient().createRecordingLink({ externalReference: 'x' }))).toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      status: 200,
      message: unexpectedAnswerMessage(200, '`url`: must be a full http(s) URL'),
    });
  });

  it('a 200 that is not JSON is UNEXPECTED_RESPONSE', async () => {
    hookScope().reply(200, 'OK', { 'content-type': 'text/plain' });
    expect(await failureOf(hookClient().ping())).toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('keeps unknown extra fields out of the way of a valid answer', async () => {
    hookScope().reply(200, { status: 'success', workspace: 'Acme', plan: 'pro' });
    await expect(hookClient().ping()).resolves.toEqual({ status: 'success', workspace: 'Acme' });
  });
});

describe('hook retries', () => {
  it('retries PING after 5xx and then succeeds', async () => {
    hookScope().reply(503, { message: 'Service Unavailable' });
    hookScope().reply(500, 'oops');
    hookScope().reply(200, { status: 'success', workspace: 'Acme' });
    await expect(hookClient().ping()).resolves.toEqual({ status: 'success', workspace: 'Acme' });
    expect(sleeps).toHaveLength(2);
  });

  it('gives up after 3 retries of an idempotent call', async () => {
    hookScope().times(4).reply(500, {});
    expect(await failureOf(hookClient().unsubscribe(SUBSCRIPTION_ID))).toMatchObject({ code: 'SERVICE_ERROR', status: 500 });
    expect(sleeps).toHaveLength(3);
  });

  it('backs off exponentially with jitter', async () => {
    hookScope().times(4).reply(500, {});
    await failureOf(hookClient({ retryBaseDelayMs: 100 }).ping());
    expect(sleeps[0]).toBeGreaterThanOrEqual(50);
    expect(sleeps[0]).toBeLessThanOrEqual(100);
    expect(sleeps[1]).toBeGreaterThanOrEqual(100);
    expect(sleeps[1]).toBeLessThanOrEqual(200);
    expect(sleeps[2]).toBeGreaterThanOrEqual(200);
    expect(sleeps[2]).toBeLessThanOrEqual(400);
  });

  it.each([
    ['RECORDING', () => hookClient().createRecordingLink({ externalReference: 'x' })],
    ['CALLBACK_SUBSCRIBE', () => hookClient().subscribe('https://h.example/x')],
  ])('sends %s once even after a 503', async (_name, call) => {
    hookScope().once().reply(503, {});
    expect(await failureOf(call())).toMatchObject({ code: 'SERVICE_ERROR', status: 503 });
    expect(sleeps).toEqual([]);
  });

  it('sends RECORDING once after a network failure', async () => {
    hookScope().once().replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    expect(await failureOf(hookClient().createRecordingLink({ externalReference: 'x' }))).toMatchObject({
      code: 'NETWORK',
      retryable: true,
    });
    expect(sleeps).toEqual([]);
  });

  it('honours Retry-After on 429', async () => {
    hookScope().reply(429, { message: 'Too many requests' }, { 'retry-after': '2' });
    hookScope().reply(200, { status: 'success', workspace: 'Acme' });
    await hookClient().ping();
    expect(sleeps).toEqual([2000]);
  });

  it('gives up with RATE_LIMITED when Retry-After is too long', async () => {
    hookScope().reply(429, {}, { 'retry-after': '3600' });
    expect(await failureOf(hookClient().ping())).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterMs: 3_600_000,
      message: rateLimitedMessage(3_600_000),
    });
    expect(sleeps).toEqual([]);
  });
});
