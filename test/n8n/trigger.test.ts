import nock from 'nock';
import {
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  PLAIN_HTTP_LINK_REFUSED,
  POSTED_LINK_REPLACED,
  REFUSED_CANNOT_CONFIRM,
  REFUSED_NOT_CONFIRMED,
  UNAUTHORIZED_MESSAGE,
  detailsLookupFailedMessage,
  foreignVideoLinkMessage,
  notAVideoReadyMessage,
  refusedLookupFailedReason,
  unconfirmedLinkMessage,
  unsubscribeRefusedMessage,
} from 'screenrec';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { forgetSeenVideosInThisProcess } from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import {
  GONE_NOTIFICATION,
  UNAUTHORIZED_NOTIFICATION,
} from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js';
import { CREDENTIAL_UNREADABLE, RECEIVED } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/video-ready';
import {
  API_KEY,
  BASE_URL,
  CREDENTIAL,
  RECORDING_ID,
  SUBSCRIPTION_ID,
  WORKSPACE_ID,
  captureWarnings,
  triggerWorkflow,
  type TriggerSetup,
} from './harness';
import { failureOf, hookScope, remember, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();
// Each test is a fresh n8n: the trigger's memory of received videos starts empty (see trigger-repeats.test.ts).
beforeEach(() => forgetSeenVideosInThisProcess());

const WEBHOOK_URL = 'https://n8n.example.com/webhook/f00dfeed/webhook';
const SECRET = 'a'.repeat(64);
const SECRET_URL = /^https:\/\/n8n\.example\.com\/webhook\/f00dfeed\/webhook\?secret=[0-9a-f]{64}$/;
const subscribeScope = () =>
  hookScope(
    (body: { action?: string; callback?: string }) => body.action === 'CALLBACK_SUBSCRIBE' && SECRET_URL.test(String(body.callback)),
  );
const unsubscribeScope = (subscriptionId = SUBSCRIPTION_ID) => hookScope({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
const VIDEO_URL = `https://media.screenrec.test/videos/${RECORDING_ID}?expires=1900000000&signature=abc`;
/** What ScreenRec signs afresh for the confirmed recording: the run carries this one, never the posted link. */
const FRESH_URL = `https://media.screenrec.test/videos/${RECORDING_ID}?expires=1900003600&signature=fresh`;
const VIDEO_KEY = `https://media.screenrec.test/videos/${RECORDING_ID}`;
/** A link on the Service URL's own origin, which the run may carry unconfirmed. */
const SERVICE_VIDEO_URL = `${BASE_URL}/videos/${RECORDING_ID}?expires=1900000000&signature=abc`;
const SERVICE_VIDEO_KEY = `${BASE_URL}/videos/${RECORDING_ID}`;
/** A host someone who learned the webhook URL controls: it must reach no run, no key and no log line. */
const FORGED_HOST = 'forger.example.org';
const stored = (extra: Record<string, unknown> = {}) => ({
  'node:ScreenRec Trigger': { subscriptionId: SUBSCRIPTION_ID, webhookUrl: WEBHOOK_URL, callbackSecret: SECRET, ...extra },
});
/** The trigger of an active workflow: subscribed, with its secret in the static data. */
const activeTrigger = (setup: TriggerSetup = {}) => triggerWorkflow({ staticData: stored(), ...setup });
const completed = (overrides: Record<string, unknown> = {}) => ({
  id: RECORDING_ID,
  status: 'COMPLETED',
  tags: ['demo'],
  comment: 'VIP',
  externalReference: 'ticket-1',
  ...overrides,
});
const lookup = (ids: string[]) => restScope().post(restPath('/recordings/list'), { ids, pageSize: ids.length });
const presign = (url = FRESH_URL) =>
  restScope()
    .get(restPath(`/recordings/${RECORDING_ID}/presign`))
    .reply(200, { url });

describe('activation: create / checkExists', () => {
  it('subscribes the webhook URL with a new secret as a query parameter, kept in the static data', async () => {
    const trigger = triggerWorkflow();
    expect(await trigger.checkExists()).toBe(false);
    subscribeScope().reply(200, { subscriptionId: SUBSCRIPTION_ID });
    expect(await trigger.create()).toBe(true);
    expect(trigger.staticData()).toEqual({
      subscriptionId: SUBSCRIPTION_ID,
      webhookUrl: WEBHOOK_URL,
      callbackSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(trigger.callbackUrl()).toMatch(SECRET_URL);
    expect(await trigger.checkExists()).toBe(true);
  });

  it('replaces the secret on re-activation: the old callback URL opens nothing any more', async () => {
    const trigger = triggerWorkflow();
    subscribeScope().reply(200, { subscriptionId: SUBSCRIPTION_ID });
    await trigger.create();
    const firstSecret = String(trigger.staticData()?.callbackSecret);
    unsubscribeScope().reply(200, { status: 'success' });
    await trigger.delete();
    expect(trigger.staticData()).toEqual({});
    const second = 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    subscribeScope().reply(200, { subscriptionId: second });
    await trigger.create();
    expect(trigger.staticData()?.callbackSecret).not.toBe(firstSecret);
    const { result, response } = await trigger.deliver({ result: VIDEO_URL }, { query: { secret: firstSecret } });
    expect(result).toEqual({ noWebhookResponse: true });
    // The earlier activation's subscription, should ScreenRec still hold it, is told to go.
    expect(response).toEqual({ statusCode: 410, body: { message: GONE_NOTIFICATION } });
  });

  it('replaces a subscription stored before callback secrets', async () => {
    const trigger = triggerWorkflow({
      staticData: { 'node:ScreenRec Trigger': { subscriptionId: SUBSCRIPTION_ID, webhookUrl: WEBHOOK_URL } },
    });
    unsubscribeScope().reply(200, { status: 'success' });
    expect(await trigger.checkExists()).toBe(false);
    expect(trigger.staticData()).toEqual({});
  });

  it('drops a subscription made for another webhook URL, so that create() subscribes the current one', async () => {
    const trigger = triggerWorkflow({
      staticData: stored({ webhookUrl: 'https://old-tunnel.example/webhook/f00dfeed/webhook' }),
    });
    unsubscribeScope().reply(200, { status: 'success' });
    expect(await trigger.checkExists()).toBe(false);
    expect(trigger.staticData()).toEqual({});
  });

  it('refuses an http webhook URL with a message that says what to change (n8n 2.3 toasts only the message), sending nothing', async () => {
    const trigger = triggerWorkflow({ webhookBaseUrl: 'http://localhost:5678/webhook' });
    const error = await failureOf(() => trigger.create());
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(
      "Set n8n's WEBHOOK_URL to this instance's public https address (for example https://n8n.example.com/) and restart n8n: ScreenRec only delivers to https, and this workflow's webhook URL is http://localhost:5678/webhook/f00dfeed/webhook.",
    );
    expect(error.description).toBe(
      "For a trial against a local ScreenRec service that accepts http, turn on 'Allow HTTP Webhook URL (Local Trials Only)' instead.",
    );
    expect(trigger.staticData()).toBeUndefined();
  });

  it('subscribes an http webhook URL when Allow HTTP Webhook URL is on', async () => {
    const trigger = triggerWorkflow({ webhookBaseUrl: 'http://192.168.1.20:5678/webhook', parameters: { allowHttpWebhook: true } });
    hookScope((body: { callback?: string }) => String(body.callback).startsWith(`${trigger.webhookUrl}?secret=`)).reply(200, {
      subscriptionId: SUBSCRIPTION_ID,
    });
    expect(await trigger.create()).toBe(true);
    expect(trigger.staticData()).toMatchObject({ subscriptionId: SUBSCRIPTION_ID });
  });

  it('names the Backend Token when the credential has none, sending nothing', async () => {
    const error = await failureOf(() => triggerWorkflow({ credential: { ...CREDENTIAL, backendToken: '' } }).create());
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe('The ScreenRec Trigger needs the Backend Token, which the ScreenRec credential leaves empty.');
  });

  it("fails activation with core's message and a hint when ScreenRec refuses, storing nothing", async () => {
    const trigger = triggerWorkflow();
    subscribeScope().reply(200, { error: 'No active subscription.' });
    const error = await failureOf(() => trigger.create());
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe(NO_ACTIVE_SUBSCRIPTION_MESSAGE);
    expect(error.description).toBe('Renew the workspace subscription in the ScreenRec dashboard; nothing needs to change in n8n.');
    expect(trigger.staticData()?.subscriptionId).toBeUndefined();
  });
});

describe('deactivation: delete', () => {
  it('unsubscribes and forgets the subscription', async () => {
    const trigger = activeTrigger();
    unsubscribeScope().reply(200, { status: 'success' });
    expect(await trigger.delete()).toBe(true);
    expect(trigger.staticData()).toEqual({});
  });

  it('forgets a subscription the service no longer knows, and logs why', async () => {
    const trigger = activeTrigger();
    unsubscribeScope().reply(200, { error: 'Internal Server Error' });
    const context = trigger.hookContext();
    const warnings = captureWarnings(context.logger);
    expect(await trigger.delete(context)).toBe(true);
    const messages = warnings.messages();
    warnings.restore();
    expect(trigger.staticData()).toEqual({});
    expect(messages).toEqual([
      `ScreenRec Trigger could not remove subscription ${SUBSCRIPTION_ID}; forgetting it anyway. ${unsubscribeRefusedMessage('Internal Server Error')}`,
    ]);
  });

  it('sends nothing when there is no subscription', async () => {
    expect(await triggerWorkflow().delete()).toBe(true);
  });
});

describe('webhook: only the service, with the current secret, starts a run', () => {
  /** Delivers a video to an active trigger (details and download on) with `query`, and checks it was refused, unrun. */
  const expectRefused = async (query: Record<string, string>, statusCode: number, message: string, warned: string[]) => {
    const { result, response, warnings } = await activeTrigger({ parameters: { includeRecording: true, download: true } }).deliver(
      { result: VIDEO_URL },
      { query },
    );
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response).toEqual({ statusCode, body: { message } });
    expect(warnings).toEqual(warned);
  };

  it.each([
    ['no secret', {}],
    ['an empty secret', { secret: '' }],
    ['the secret in another parameter', { token: SECRET }],
  ])('%s: 401 (it came from no subscription) and no run, nothing fetched', async (_case, query) => {
    await expectRefused(query, 401, UNAUTHORIZED_NOTIFICATION, [
      'ScreenRec Trigger refused a request without a secret (answered 401, no execution): it did not come from a ScreenRec subscription.',
    ]);
  });

  it.each([
    ['a stale secret of the same length (an earlier activation)', { secret: 'b'.repeat(64) }],
    ['an unknown secret of another length', { secret: 'short' }],
  ])('%s: 410 so that ScreenRec drops that subscription, and no run, nothing fetched', async (_case, query) => {
    await expectRefused(query, 410, GONE_NOTIFICATION, [
      'ScreenRec Trigger received a notification for a subscription it no longer holds (its secret is from an earlier activation, or unknown): answered 410 so ScreenRec drops that subscription; no execution.',
    ]);
  });

  it('a workflow that holds no subscription (never activated, or deactivated) answers 410 to a secret, 401 without one', async () => {
    expect((await triggerWorkflow().deliver({ result: VIDEO_URL }, { query: { secret: SECRET } })).response).toEqual({
      statusCode: 410,
      body: { message: GONE_NOTIFICATION },
    });
    expect((await triggerWorkflow().deliver({ result: VIDEO_URL }, { query: {} })).response.statusCode).toBe(401);
  });
});

describe('webhook: the video-ready notification', () => {
  const receivedAtIsNow = (receivedAt: unknown, before: number) => {
    const time = Date.parse(String(receivedAt));
    return time >= before && time <= Date.now();
  };
  /** What a run started by ScreenRec's notification of RECORDING_ID's video carries: the fresh link, confirmed. */
  const CONFIRMED_RUN = {
    videoUrl: FRESH_URL,
    videoKey: VIDEO_KEY,
    linkConfirmed: true,
    recordingId: RECORDING_ID,
    receivedAt: expect.any(String),
    detailsError: null,
  };

  it("starts the workflow with ScreenRec's fresh link, its key, the recording ID the service confirmed and the time received", async () => {
    lookup([RECORDING_ID]).reply(200, { content: [completed()], totalElements: 1, totalPages: 1 });
    presign();
    const before = Date.now();
    const { result, response } = await activeTrigger().deliver({ result: VIDEO_URL });
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.noWebhookResponse).toBe(true);
    expect(result.workflowData?.[0]).toEqual([
      {
        json: CONFIRMED_RUN,
      },
    ]);
    expect(receivedAtIsNow(result.workflowData?.[0]?.[0]?.json.receivedAt, before)).toBe(true);
  });

  it('a forged post of a foreign link naming a real recording: the run carries only the fresh link ScreenRec gives, and a warning says so', async () => {
    const forged = `https://${FORGED_HOST}/steal/${RECORDING_ID}.webm?token=1`;
    lookup([RECORDING_ID]).reply(200, { content: [completed()], totalElements: 1, totalPages: 1 });
    presign();
    const { result, response, warnings } = await activeTrigger({ parameters: { includeRecording: true } }).deliver({ result: forged });
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.workflowData?.[0]?.[0]?.json).toMatchObject({ videoUrl: FRESH_URL, videoKey: VIDEO_KEY, recordingId: RECORDING_ID });
    expect(warnings).toEqual([`ScreenRec Trigger: ${POSTED_LINK_REPLACED}`]);
    expect(JSON.stringify([result, warnings])).not.toContain(FORGED_HOST);
  });

  it('a link on another host naming no recording ScreenRec knows (a storage link) still starts one run, flagged unconfirmed, downloading nothing', async () => {
    const objectId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const storageUrl = `https://storage.example.net/bucket/${WORKSPACE_ID}/${objectId}.webm?X-Amz-Signature=abc`;
    lookup([WORKSPACE_ID, objectId]).reply(200, { content: [], totalElements: 0, totalPages: 0 });
    const { result, response, warnings } = await activeTrigger({ parameters: { includeRecording: true, download: true } }).deliver({
      result: storageUrl,
    });
    const detailsError = unconfirmedLinkMessage(REFUSED_NOT_CONFIRMED);
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.workflowData?.[0]).toEqual([
      {
        json: {
          videoUrl: storageUrl,
          videoKey: storageUrl.split('?')[0],
          linkConfirmed: false,
          recordingId: null,
          receivedAt: expect.any(String),
          detailsError,
          downloadError: foreignVideoLinkMessage('storage.example.net'),
        },
      },
    ]);
    expect(warnings).toEqual([
      `ScreenRec Trigger: ${detailsError}`,
      `ScreenRec Trigger could not download the video: ${foreignVideoLinkMessage('storage.example.net')}`,
    ]);
  });

  it("a plain http link off the Service URL's origin is refused with 400 before anything is looked up, and starts nothing", async () => {
    const { result, response, warnings } = await activeTrigger({ parameters: { download: true } }).deliver({
      result: 'http://169.254.169.254/latest/meta-data',
    });
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response).toEqual({ statusCode: 400, body: { message: PLAIN_HTTP_LINK_REFUSED } });
    expect(warnings).toEqual([`ScreenRec Trigger answered 400 and started no execution: ${PLAIN_HTTP_LINK_REFUSED}`]);
  });

  it('answers 503 (ScreenRec sends it again) and starts nothing when its credential cannot be read', async () => {
    const { result, response, warnings } = await activeTrigger({
      credential: { ...CREDENTIAL, serviceUrl: 42 as unknown as string },
    }).deliver({ result: VIDEO_URL });
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response).toEqual({ statusCode: 503, body: CREDENTIAL_UNREADABLE });
    expect(warnings).toEqual([
      expect.stringMatching(
        /^ScreenRec Trigger could not read its credential \(answered 503, so ScreenRec sends the notification again\): /,
      ),
    ]);
  });

  it("adds the recording's fields with Include Recording Details", async () => {
    lookup([RECORDING_ID]).reply(200, { content: [completed()], totalElements: 1, totalPages: 1 });
    presign();
    const { result } = await activeTrigger({ parameters: { includeRecording: true } }).deliver({ result: VIDEO_URL });
    expect(result.workflowData?.[0]?.[0]?.json).toEqual({ ...completed(), ...CONFIRMED_RUN });
  });

  it("still starts the workflow when the lookup fails, for a link on the Service URL's origin, saying why, without the key", async () => {
    lookup([RECORDING_ID]).reply(401, { message: 'Unauthorized' });
    const { result, warnings } = await activeTrigger({ parameters: { includeRecording: true } }).deliver({ result: SERVICE_VIDEO_URL });
    const detailsError = detailsLookupFailedMessage(UNAUTHORIZED_MESSAGE);
    expect(remember(result.workflowData?.[0]?.[0]?.json)).toEqual({
      videoUrl: SERVICE_VIDEO_URL,
      videoKey: SERVICE_VIDEO_KEY,
      linkConfirmed: true,
      recordingId: null,
      receivedAt: expect.any(String),
      detailsError,
    });
    expect(warnings).toEqual([`ScreenRec Trigger: ${detailsError}`]);
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('a link on another host whose lookup fails still starts one run, flagged unconfirmed, with the reason and no recording fields', async () => {
    lookup([RECORDING_ID]).reply(401, { message: 'Unauthorized' });
    const { result, response, warnings } = await activeTrigger({ parameters: { includeRecording: true } }).deliver({ result: VIDEO_URL });
    const detailsError = unconfirmedLinkMessage(refusedLookupFailedReason(UNAUTHORIZED_MESSAGE));
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.workflowData?.[0]?.[0]?.json).toEqual({
      videoUrl: VIDEO_URL,
      videoKey: VIDEO_KEY,
      linkConfirmed: false,
      recordingId: null,
      receivedAt: expect.any(String),
      detailsError,
    });
    expect(warnings).toEqual([`ScreenRec Trigger: ${detailsError}`]);
  });

  it('without an API key: no lookup, and with Include Recording Details a field says what to fill in', async () => {
    const { result } = await activeTrigger({ credential: { ...CREDENTIAL, apiKey: '' }, parameters: { includeRecording: true } }).deliver({
      result: SERVICE_VIDEO_URL,
    });
    expect(result.workflowData?.[0]?.[0]?.json).toMatchObject({
      videoUrl: SERVICE_VIDEO_URL,
      recordingId: null,
      detailsError: expect.stringContaining('has no API Key'),
    });
  });

  it('without an API key a link on another host cannot be confirmed: it still starts one run, flagged, saying what to fill in', async () => {
    const { result, response } = await activeTrigger({ credential: { ...CREDENTIAL, apiKey: '' } }).deliver({
      result: VIDEO_URL,
    });
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.workflowData?.[0]?.[0]?.json).toMatchObject({
      videoUrl: VIDEO_URL,
      linkConfirmed: false,
      recordingId: null,
      detailsError: unconfirmedLinkMessage(REFUSED_CANNOT_CONFIRM),
    });
  });

  it('Download Video: a confirmed recording is downloaded through the fresh link the run carries, without any ScreenRec secret', async () => {
    lookup([RECORDING_ID]).reply(200, { content: [completed()], totalElements: 1, totalPages: 1 });
    presign(`https://media.screenrec.test/videos/${RECORDING_ID}?fresh=1`);
    const video = Buffer.from('mp4-bytes');
    nock('https://media.screenrec.test', { badheaders: ['authorization', 'x-service-token'] })
      .get(`/videos/${RECORDING_ID}`)
      .query({ fresh: '1' })
      .reply(200, video, { 'content-type': 'video/mp4' });
    const { result } = await activeTrigger({ parameters: { download: true } }).deliver({ result: VIDEO_URL });
    expect(result.workflowData?.[0]?.[0]?.binary?.data).toMatchObject({
      data: video.toString('base64'),
      mimeType: 'video/mp4',
      fileName: `screenrec-${RECORDING_ID}.mp4`,
    });
  });

  it('Download Video: a redirect from the video host is not followed; the item still goes out, saying why', async () => {
    lookup([RECORDING_ID]).reply(200, { content: [completed()], totalElements: 1, totalPages: 1 });
    presign();
    nock('https://media.screenrec.test')
      .get(`/videos/${RECORDING_ID}`)
      .query(true)
      .reply(302, '', { location: 'http://169.254.169.254/latest/meta-data' });
    const { result } = await activeTrigger({ parameters: { download: true } }).deliver({ result: VIDEO_URL });
    const item = result.workflowData?.[0]?.[0];
    expect(item?.binary).toBeUndefined();
    expect(item?.json).toMatchObject({
      videoUrl: FRESH_URL,
      downloadError: "The video's storage answered with a redirect (HTTP 302), which is not followed.",
    });
  });

  it("Download Video: an unconfirmed link on the service's own host is fetched", async () => {
    const ownLink = `${BASE_URL}/files/video.webm?sig=1`;
    nock(BASE_URL, { badheaders: ['authorization', 'x-service-token'] })
      .get('/files/video.webm')
      .query({ sig: '1' })
      .reply(200, 'webm', { 'content-type': 'video/webm' });
    const { result } = await activeTrigger({ credential: { ...CREDENTIAL, apiKey: '' }, parameters: { download: true } }).deliver({
      result: ownLink,
    });
    expect(result.workflowData?.[0]?.[0]?.binary?.data).toMatchObject({ fileName: 'screenrec-video.webm' });
  });

  it.each([
    ['an empty body', {}],
    ['a result that is not a URL', { result: 'video ready' }],
    ["another service's event", { event: 'ping', result: 42 }],
  ])('answers %s with 400 and starts nothing', async (_case, body) => {
    const { result, response, warnings } = await activeTrigger().deliver(body);
    const message = notAVideoReadyMessage('`result`: must be a full http(s) URL');
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response).toEqual({ statusCode: 400, body: { message } });
    expect(warnings).toEqual([`ScreenRec Trigger ignored a request that is not a video-ready notification: ${message}`]);
  });
});
