import {
  describeFieldErrors,
  HOOK_MALFORMED_MESSAGE,
  HOOK_NOT_FOUND_MESSAGE,
  INTEGRATION_NOT_CONNECTED_MESSAGE,
  MAX_ANSWER_BYTES,
  NOT_FOUND_VIDEO,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NO_INTEGRATION_MESSAGE,
  REST_FORBIDDEN_MESSAGE,
  TOKEN_REJECTED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  hookRefusedMessage,
  invalidInputMessage,
  proxyUnreachableMessage,
  rateLimitedMessage,
  redirectMessage,
  responseTooLargeMessage,
  restValidationMessage,
  serverErrorMessage,
  unexpectedAnswerMessage,
  unreachableMessage,
} from 'screenrec';
import nock from 'nock';
import { refusingUrl } from '@screenrec/test-support/loopback';
import { useNock } from '@screenrec/test-support/nock';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { stderrLogger } from '../src/log';
import { NOTHING_TO_CHANGE } from '../src/tools/update-recording';
import {
  API_KEY,
  BACKEND_TOKEN,
  BASE_URL,
  RECORDING_ID,
  REST_ENV,
  callTool,
  connectClient,
  hookScope,
  restPath,
  restScope,
  type Connected,
  type ToolResult,
} from './harness';

useNock();

const SERVICE_URL_HINT = "This server's Service URL is SCREENREC_BASE_URL.";
const PROXY_HINT =
  "This server's proxy is HTTPS_PROXY or HTTP_PROXY, and NO_PROXY lists the hosts it reaches directly: change them in its environment, then restart the MCP client.";
const TOKEN_HINT = "This server's backend token is SCREENREC_BACKEND_TOKEN: put the new token there, then restart the MCP client.";
const results: ToolResult[] = [];

let connected: Connected;
beforeAll(async () => {
  connected = await connectClient({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN, SCREENREC_HOOK_PROVIDER: 'N8N' });
});
afterAll(async () => {
  await connected.close();
  expectNoSecretsIn([...results, connected.logs], [API_KEY, BACKEND_TOKEN]);
});

async function failed(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const result = await callTool(connected.client, name, args);
  results.push(result);
  return result;
}
const isError = (text: string) => ({ content: [{ type: 'text', text }], isError: true });
const presign = () => restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`));
const videoUrl = () => failed('get_video_url', { recordingId: RECORDING_ID });
const link = () => failed('create_recording_link', { externalReference: 'TICKET-42' });
const recordingAction = (): nock.Interceptor => hookScope('N8N', { action: 'RECORDING', recording: { externalReference: 'TICKET-42' } });

describe('every core error is a tool result with isError and core message (plus the setting to change)', () => {
  // One answer from ScreenRec to one tool call, and the result the call becomes.
  it.each<[string, () => unknown, () => Promise<ToolResult>, string]>([
    [
      'UNAUTHORIZED names SCREENREC_API_KEY',
      () => presign().reply(401, { message: 'Unauthorized' }),
      videoUrl,
      `${UNAUTHORIZED_MESSAGE} This server's API key is SCREENREC_API_KEY: put the new key there, then restart the MCP client.`,
    ],
    [
      'FORBIDDEN (REST) names the workspace ID and key variables',
      () => presign().reply(403, { message: 'Forbidden' }),
      videoUrl,
      `${REST_FORBIDDEN_MESSAGE} This server's workspace ID is SCREENREC_WORKSPACE_ID and its API key SCREENREC_API_KEY.`,
    ],
    ['NOT_FOUND', () => presign().reply(404, { message: 'Not found' }), videoUrl, NOT_FOUND_VIDEO],
    [
      'RATE_LIMITED when the service asks for a longer wait than core waits',
      () => presign().reply(429, { message: 'Too many requests' }, { 'retry-after': '120' }),
      videoUrl,
      rateLimitedMessage(120_000),
    ],
    [
      'SERVICE_ERROR after core retries',
      () => presign().times(4).reply(500, { message: 'Internal Server Error' }),
      videoUrl,
      serverErrorMessage(500),
    ],
    [
      'UNEXPECTED_RESPONSE (a redirect is not followed) names SCREENREC_BASE_URL',
      () => presign().reply(302, '', { location: 'https://elsewhere.test/' }),
      videoUrl,
      `${redirectMessage(302)} ${SERVICE_URL_HINT}`,
    ],
    [
      'RESPONSE_TOO_LARGE',
      () => presign().reply(200, `{"url":"${'x'.repeat(MAX_ANSWER_BYTES)}"}`),
      videoUrl,
      `${responseTooLargeMessage(BASE_URL)} ${SERVICE_URL_HINT}`,
    ],
    [
      'hook BAD_REQUEST names the Service URL and token variables',
      () => recordingAction().reply(400, { message: 'Bad request' }),
      link,
      `${HOOK_MALFORMED_MESSAGE} This server's Service URL is SCREENREC_BASE_URL and its backend token SCREENREC_BACKEND_TOKEN.`,
    ],
    [
      'hook NOT_FOUND names SCREENREC_BASE_URL',
      () => recordingAction().reply(404, 'Not Found'),
      link,
      `${HOOK_NOT_FOUND_MESSAGE} ${SERVICE_URL_HINT}`,
    ],
  ])('%s', async (_name, answer, call, text) => {
    answer();
    expect(await call()).toEqual(isError(text));
  });

  it('VALIDATION quotes the field the service named', async () => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: ['x'] })
      .reply(400, { message: 'Bad request', errors: [{ path: 'tags.0', message: 'must be at most 100 characters' }] });
    expect(await failed('update_recording', { recordingId: RECORDING_ID, tags: ['x'] })).toEqual(
      isError(restValidationMessage('`tags.0`: must be at most 100 characters')),
    );
  });

  it('NETWORK names SCREENREC_BASE_URL', async () => {
    // A port nothing listens on: a real refused connection, as a user with a wrong address gets it.
    const unused = await refusingUrl();
    nock.enableNetConnect('127.0.0.1');
    const elsewhere = await connectClient({ ...REST_ENV, SCREENREC_BASE_URL: unused });
    try {
      const result = await callTool(elsewhere.client, 'get_video_url', { recordingId: RECORDING_ID });
      expect(result).toEqual(isError(`${unreachableMessage(unused, 'ECONNREFUSED')} ${SERVICE_URL_HINT}`));
    } finally {
      await elsewhere.close();
      nock.disableNetConnect();
    }
  });

  it('NETWORK through a proxy that is not there names the proxy variables instead of SCREENREC_BASE_URL, on both interfaces', async () => {
    // HTTP_PROXY (which an https address takes when HTTPS_PROXY is unset) at a port nothing listens on: core's undici
    // connects to it for real, and nothing reaches the service.
    const proxy = await refusingUrl();
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = proxy;
    const behindProxy = await connectClient({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN, SCREENREC_HOOK_PROVIDER: 'N8N' });
    try {
      const unreachable = `${proxyUnreachableMessage(BASE_URL, new URL(proxy).host, 'HTTP_PROXY', 'ECONNREFUSED')} ${PROXY_HINT}`;
      expect(await callTool(behindProxy.client, 'get_video_url', { recordingId: RECORDING_ID })).toEqual(isError(unreachable));
      expect(await callTool(behindProxy.client, 'create_recording_link', { externalReference: 'TICKET-42' })).toEqual(isError(unreachable));
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
      await behindProxy.close();
    }
  });

  it('UNEXPECTED_RESPONSE (an answer core does not understand)', async () => {
    presign().reply(200, { link: 'https://cdn.test/v' });
    const text = (await videoUrl()).content[0];
    expect(text).toEqual({
      type: 'text',
      text: `${unexpectedAnswerMessage(200, '`url`: must be a full http(s) URL')} ${SERVICE_URL_HINT}`,
    });
  });

  it('INVALID_INPUT before anything is sent: core field messages, with the tool argument names', async () => {
    expect(await failed('get_video_url', { recordingId: 'abc' })).toEqual(
      isError(invalidInputMessage('`recordingId`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c')),
    );
    expect(await failed('create_recording_request', { email: 'ana', color: 'red' })).toEqual(
      isError(invalidInputMessage('`email`: must be an e-mail address such as ana@example.com; unknown field(s) color')),
    );
    expect(await failed('update_recording', { recordingId: RECORDING_ID })).toEqual(
      isError(invalidInputMessage(describeFieldErrors(NOTHING_TO_CHANGE))),
    );
  });

  it('hook FORBIDDEN and INTEGRATION_ERROR name SCREENREC_BACKEND_TOKEN', async () => {
    recordingAction().reply(403, { message: 'Forbidden' });
    expect(await link()).toEqual(isError(`${TOKEN_REJECTED_MESSAGE} ${TOKEN_HINT}`));
    recordingAction().reply(424, { message: 'Integration error' });
    expect(await link()).toEqual(isError(`${NO_INTEGRATION_MESSAGE} ${TOKEN_HINT}`));
  });

  it('hook errors answered with status 200', async () => {
    recordingAction().reply(200, { error: 'No active subscription.' });
    expect(await link()).toEqual(isError(NO_ACTIVE_SUBSCRIPTION_MESSAGE));
    recordingAction().reply(200, { error: 'Integration not connected.' });
    expect(await link()).toEqual(isError(`${INTEGRATION_NOT_CONNECTED_MESSAGE} ${TOKEN_HINT}`));
    recordingAction().reply(200, { error: 'Internal Server Error' });
    expect(await link()).toEqual(isError(hookRefusedMessage('Internal Server Error')));
  });

  it('a service that repeats the credential in its refusal: the result quotes it redacted (and afterAll finds it nowhere)', async () => {
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: ['x'] })
      .reply(400, { message: `Key ${API_KEY} may not change tags` });
    expect(await failed('update_recording', { recordingId: RECORDING_ID, tags: ['x'] })).toEqual(
      isError(restValidationMessage('Key [redacted] may not change tags')),
    );
    recordingAction().reply(200, { error: `Token ${BACKEND_TOKEN} is paused` });
    expect(await link()).toEqual(isError(hookRefusedMessage('Token [redacted] is paused')));
  });
});

describe("the bin's log", () => {
  it('never writes a configured secret, whatever a line holds (an unexpected error may carry anything)', () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      stderrLogger([API_KEY, BACKEND_TOKEN, 'abc']).error(
        `get_recording: UNEXPECTED after 3 ms: TypeError: ${API_KEY},${BACKEND_TOKEN} abc`,
      );
    } finally {
      write.mockRestore();
    }
    // A value shorter than 4 characters is left alone: it would blank ordinary words.
    expect(written).toEqual(['screenrec-mcp: get_recording: UNEXPECTED after 3 ms: TypeError: [redacted],[redacted] abc\n']);
  });
});
