import { REFUSED_NOT_CONFIRMED, foreignVideoLinkMessage, unconfirmedLinkMessage } from 'screenrec';
import {
  HookClient,
  LINK_NOT_CONFIRMED,
  NO_INTEGRATION_MESSAGE,
  RestClient,
  hookRefusedMessage,
  unsubscribeRefusedMessage,
} from 'screenrec';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { forgetSeenVideosInThisProcess } from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import { ALREADY_RECEIVED, RECEIVED } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/video-ready';
import { Catcher } from '../support/catcher';
import {
  captureWarnings,
  pollingTrigger,
  runScreenRecNode,
  shutDownN8nContexts,
  triggerWorkflow,
  type TriggerWorkflow,
} from '../support/n8n-contexts';
import { N8N_HINT } from '../support/n8n-hints';
import { ISO_INSTANT, answeredRecording } from '../support/recordings';
import { VIDEO_LINK_MODES } from '../support/reference-server';
import { failureOf, servicesByLinkMode, startN8nE2E, videoLinkPattern, type N8nE2E, type N8nWorkspace } from './n8n/environment';
import { openRecordingPage, uploadFromPage } from './zapier/recording-page';
import { smallWebm } from './zapier/webm';

jest.setTimeout(60_000);

let e2e: N8nE2E;
/** A service per other shape of video link (paths that do not name the recording), started when a test needs it. */
const { serviceIn, stopOthers } = servicesByLinkMode(() => e2e);
/** Stands in for n8n's webhook server: the service delivers to it, the test hands each body to webhook(). */
const n8nWebhooks = new Catcher();

beforeAll(async () => {
  [e2e] = await Promise.all([startN8nE2E('service'), n8nWebhooks.start()]);
});
// Each test is a fresh n8n: its workflows share an id, and the trigger remembers received videos per workflow.
beforeEach(() => forgetSeenVideosInThisProcess());
afterAll(async () => {
  shutDownN8nContexts();
  await Promise.all([e2e?.stop(), stopOthers(), n8nWebhooks.stop()]);
});

/** The trigger of one active workflow whose n8n serves webhooks on the catcher, over http (a local trial). */
function activeTrigger(workspace: N8nWorkspace, parameters: Record<string, unknown> = {}): TriggerWorkflow {
  return triggerWorkflow({
    credential: workspace.credential,
    webhookBaseUrl: `${n8nWebhooks.url}/webhook`,
    parameters: { allowHttpWebhook: true, ...parameters },
  });
}

/** Create (through the hook) and record one recording: the participant uploads `video` from the recording page. */
async function recordOne(
  workspace: N8nWorkspace,
  externalReference: string,
  video: Buffer,
): Promise<{ recordingId: string; pageUrl: string }> {
  const [created] = await runScreenRecNode(
    { credential: workspace.credential, webhookBaseUrl: `${n8nWebhooks.url}/webhook` },
    { resource: 'recording', operation: 'create', externalReference, tags: 'e2e' },
  );
  const pageUrl = String(created!.json.url);
  await expect(uploadFromPage(pageUrl, await openRecordingPage(pageUrl), video)).resolves.toEqual({
    status: 200,
    body: { status: 'COMPLETED' },
  });
  return { recordingId: pageUrl.split('/').pop()!, pageUrl };
}

describe.each(VIDEO_LINK_MODES)('ScreenRec Trigger lifecycle against the service (%s video links)', (mode) => {
  it('activates, receives a finished video as the documented item with details and binary, refuses strangers, and deactivates', async () => {
    const e2e = await serviceIn(mode);
    const workspace = await e2e.connectWorkspace(`n8n Trigger Workspace (${mode})`);
    const trigger = activeTrigger(workspace, { includeRecording: true, download: true });
    const webm = smallWebm();

    // Activation: nothing stored yet, so n8n calls create(), which subscribes the workflow's webhook URL.
    expect(trigger.webhookUrl).toBe(`${n8nWebhooks.url}/webhook/f00dfeed/webhook`);
    expect(await trigger.checkExists()).toBe(false);
    expect(await trigger.create()).toBe(true);
    const stored = trigger.staticData();
    expect(stored).toEqual({
      subscriptionId: expect.any(String),
      webhookUrl: trigger.webhookUrl,
      callbackSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await e2e.subscriptionsOf(workspace.workspaceId)).toEqual([
      {
        subscriptionId: stored!.subscriptionId,
        provider: 'N8N',
        callback: `${trigger.webhookUrl}?secret=${String(stored!.callbackSecret)}`,
      },
    ]);
    expect(await trigger.checkExists()).toBe(true);

    // The participant records; the service POSTs the video link to the webhook URL, here twice (as an at-least-once
    // sender may: two deliveries of one notification).
    await e2e.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 2 });
    const { recordingId, pageUrl } = await recordOne(workspace, 'ticket-7', webm);
    await n8nWebhooks.waitFor(2);
    await e2e.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 1 });
    // Taken off the catcher, which both link modes share.
    const [delivery, copy] = n8nWebhooks.received.splice(0, 2);
    // The service posts to the exact URL registered, secret included.
    expect(delivery).toMatchObject({
      method: 'POST',
      path: `/webhook${trigger.webhookPath}?secret=${String(stored!.callbackSecret)}`,
      headers: { 'content-type': expect.stringMatching(/^application\/json/) },
    });
    const body = JSON.parse(delivery!.body) as { result: string };
    expect(body).toEqual({ result: expect.stringMatching(videoLinkPattern(e2e, recordingId)) });

    // n8n hands exactly that request to webhook(); the workflow starts with one item.
    const { result, response, warnings } = await trigger.deliverCaught(delivery!);

    const notification = {
      videoUrl: body.result,
      videoKey: body.result.split('?')[0],
      linkConfirmed: true,
      receivedAt: expect.stringMatching(ISO_INSTANT),
    };
    if (mode === 'service') {
      // The link names the recording and the service confirms it: the item carries its details.
      expect([response, warnings]).toEqual([{ statusCode: 200, body: RECEIVED }, []]);
      expect(result.workflowData).toEqual([
        [
          {
            json: {
              ...answeredRecording({
                id: recordingId,
                direction: 'REQUEST',
                status: 'COMPLETED',
                tags: ['e2e'],
                userId: workspace.ownerUserId,
                externalReference: 'ticket-7',
                url: pageUrl,
              }),
              ...notification,
              // A fresh link the service signed for the confirmed recording, as of the moment the trigger asked.
              videoUrl: expect.stringMatching(videoLinkPattern(e2e, recordingId)),
              recordingId,
              detailsError: null,
            },
            binary: {
              data: expect.objectContaining({ mimeType: 'video/webm', fileName: `screenrec-${recordingId}.webm`, fileExtension: 'webm' }),
            },
          },
        ],
      ]);
    } else if (mode === 'storage-host') {
      // The storage's link on a host of its own, naming no recording: still one run, flagged unconfirmed, and nothing
      // downloaded from a host ScreenRec did not vouch for.
      const detailsError = unconfirmedLinkMessage(REFUSED_NOT_CONFIRMED);
      const downloadError = foreignVideoLinkMessage(new URL(body.result).host);
      expect([response, warnings]).toEqual([
        { statusCode: 200, body: RECEIVED },
        [`ScreenRec Trigger: ${detailsError}`, `ScreenRec Trigger could not download the video: ${downloadError}`],
      ]);
      expect(result.workflowData).toEqual([
        [{ json: { ...notification, linkConfirmed: false, recordingId: null, detailsError, downloadError } }],
      ]);
    } else {
      // A storage link does not name the recording (its UUID is the workspace's): nothing is guessed, the item still
      // goes out with the link and says why details are missing, and the video comes from the service's own host.
      expect([response, warnings]).toEqual([{ statusCode: 200, body: RECEIVED }, [`ScreenRec Trigger: ${LINK_NOT_CONFIRMED}`]]);
      expect(result.workflowData).toEqual([
        [
          {
            json: { ...notification, recordingId: null, detailsError: LINK_NOT_CONFIRMED },
            binary: { data: expect.objectContaining({ mimeType: 'video/webm', fileName: 'screenrec-video.webm', fileExtension: 'webm' }) },
          },
        ],
      ]);
    }
    if (mode !== 'storage-host') {
      const video = result.workflowData![0]![0]!.binary!.data!;
      expect(Buffer.from(video.data, 'base64').equals(webm)).toBe(true);
    }

    // The second copy of the same notification is answered 200 (the service stops sending it) and starts nothing.
    const repeat = await trigger.deliverCaught(copy!);
    expect((JSON.parse(copy!.body) as { result: string }).result.split('?')[0]).toBe(notification.videoKey);
    expect([repeat.result, repeat.response]).toEqual([{ noWebhookResponse: true }, { statusCode: 200, body: ALREADY_RECEIVED }]);

    // The same body from anyone without the secret (a stranger who learned the webhook URL) starts nothing.
    const stranger = await trigger.deliver(body, { query: {} });
    expect([stranger.result, stranger.response.statusCode]).toEqual([{ noWebhookResponse: true }, 401]);

    // Deactivation unsubscribes and forgets; a later completion reaches nobody.
    expect(await trigger.delete()).toBe(true);
    // The memory of received videos stays (bounded): it is no secret, and a later activation starts from it.
    expect(trigger.staticData()).toEqual({ seenVideos: [expect.any(String)] });
    expect(await e2e.subscriptionsOf(workspace.workspaceId)).toEqual([]);
    expect(await trigger.checkExists()).toBe(false);
    const later = await recordOne(workspace, 'after-deactivation', webm);
    const deliveries = await e2e.adminOk<Array<{ recordingId: string }>>(200, 'GET', '/admin/deliveries');
    expect(deliveries.filter((entry) => entry.recordingId === later.recordingId)).toEqual([]);
    expect(n8nWebhooks.received).toHaveLength(0);
  });
});

describe('ScreenRec Trigger failures against the service', () => {
  /** Activates a trigger of a workspace connected as `name`, after `spoil` has broken what it needs: how it fails. */
  async function failedActivation(
    name: string,
    { spoil, parameters = {} }: { spoil?: (workspace: N8nWorkspace) => Promise<unknown>; parameters?: Record<string, unknown> },
  ) {
    const workspace = await e2e.connectWorkspace(name);
    await spoil?.(workspace);
    const trigger = activeTrigger(workspace, parameters);
    return { workspace, trigger, error: await failureOf(workspace, () => trigger.create()) };
  }

  it('deactivation still forgets a subscription the service already dropped, and says so in the log', async () => {
    const workspace = await e2e.connectWorkspace('n8n Dropped Subscription Workspace');
    const trigger = activeTrigger(workspace);
    expect(await trigger.create()).toBe(true);
    const { subscriptionId } = trigger.staticData() as { subscriptionId: string };
    // Someone else removed it (another instance, a support engineer): the service no longer knows the id.
    const hook = new HookClient({ baseUrl: e2e.server.baseUrl, backendToken: workspace.backendToken, provider: 'N8N' });
    await hook.unsubscribe(subscriptionId);
    expect(await e2e.subscriptionsOf(workspace.workspaceId)).toEqual([]);

    const context = trigger.hookContext();
    const warnings = captureWarnings(context.logger);
    try {
      expect(await trigger.delete(context)).toBe(true);
    } finally {
      warnings.restore();
    }
    const logged = warnings.messages();

    expect(trigger.staticData()).toEqual({});
    expect(logged).toEqual([
      `ScreenRec Trigger could not remove subscription ${subscriptionId}; forgetting it anyway. ${unsubscribeRefusedMessage('Internal Server Error')}`,
    ]);
  });

  it('refuses an http webhook URL without "Allow HTTP Webhook URL", subscribing nothing', async () => {
    const { workspace, trigger, error } = await failedActivation('n8n Http Refused Workspace', {
      parameters: { allowHttpWebhook: false },
    });

    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toBe(
      `Set n8n's WEBHOOK_URL to this instance's public https address (for example https://n8n.example.com/) and restart n8n: ScreenRec only delivers to https, and this workflow's webhook URL is ${trigger.webhookUrl}.`,
    );
    expect(await e2e.subscriptionsOf(workspace.workspaceId)).toEqual([]);
    expect(trigger.staticData()).toBeUndefined();
  });

  it('fails activation with a NodeApiError when the integration was disconnected, storing nothing', async () => {
    const { workspace, trigger, error } = await failedActivation('n8n Trigger Disconnected Workspace', {
      spoil: ({ workspaceId }) => e2e.adminOk(204, 'DELETE', `/admin/workspaces/${workspaceId}/integrations/N8N`),
    });

    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.message).toBe(hookRefusedMessage('Internal Server Error'));
    expect(await e2e.subscriptionsOf(workspace.workspaceId)).toEqual([]);
    expect(trigger.staticData()?.subscriptionId).toBeUndefined();
  });

  it('fails activation with a NodeApiError naming the rejected token after a newer Setup replaced it', async () => {
    const { error } = await failedActivation('n8n Rotated Token Workspace', {
      spoil: ({ workspaceId }) => e2e.adminOk(201, 'POST', `/admin/workspaces/${workspaceId}/integrations/N8N`),
    });

    expect(error).toBeInstanceOf(NodeApiError);
    expect([error.message, error.httpCode, error.description]).toEqual([NO_INTEGRATION_MESSAGE, '424', N8N_HINT.newBackendToken]);
  });
});

describe('ScreenRec New Recording Trigger (polling) against the service', () => {
  it('reports each recording created after activation once, with the chosen filters, oldest first', async () => {
    const workspace = await e2e.connectWorkspace('n8n Polling Workspace');
    const rest = new RestClient({ baseUrl: e2e.server.baseUrl, workspaceId: workspace.workspaceId, apiKey: workspace.apiKey });
    await rest.requestRecording({ direction: 'REQUEST', tags: ['support'] });
    const trigger = pollingTrigger({
      credential: workspace.credential,
      webhookBaseUrl: `${n8nWebhooks.url}/webhook`,
      parameters: { filters: { directions: ['REQUEST'], tags: 'support' } },
    });

    expect(await trigger.poll()).toBeNull();
    const first = await rest.requestRecording({ direction: 'REQUEST', tags: ['support'] });
    await rest.requestRecording({ direction: 'RESPONSE', tags: ['support'] });
    await rest.requestRecording({ direction: 'REQUEST', tags: ['billing'] });
    const second = await rest.requestRecording({ direction: 'REQUEST', tags: ['support', 'vip'] });

    const output = await trigger.poll();
    expect(output?.[0]?.map((item) => item.json.id)).toEqual([first.id, second.id]);
    expect(await trigger.poll()).toBeNull();
    expect((await trigger.poll('manual'))?.[0]?.map((item) => item.json.id)).toEqual([second.id]);
  });
});
