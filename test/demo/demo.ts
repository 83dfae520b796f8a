import type { ConnectionTestResult } from '../../packages/zapier/src/authentication';
import type { CreatedRecording } from '../../packages/zapier/src/creates/create-recording';
import type { VideoReadyItem } from '../../packages/zapier/src/triggers/video-ready';
import { startZapierE2E, type AuthData, type ZapierE2E } from '../e2e/zapier/environment';
import { openRecordingPage, uploadFromPage } from '../e2e/zapier/recording-page';
import { smallWebm } from '../e2e/zapier/webm';
import { Catcher, notificationNaming, videoReadyBodyOf, type CaughtRequest } from '../support/catcher';
import {
  runScreenRecNode,
  shutDownN8nContexts,
  testCredential,
  triggerWorkflow,
  type N8nSetup,
  type TriggerWorkflow,
} from '../support/n8n-contexts';
import type { VideoLinkMode } from '../support/reference-server';
import { Narrator, check } from './narrator';

const ZAP_HOOK_PATH = '/hooks/catch/demo/';

/** What the walk shares between its steps. */
interface Loop {
  /** The shape of the video links the service hands out: `storage` links do not name the recording. */
  videoLinks: VideoLinkMode;
  /** The links name no recording (`storage`, and `storage-host`, which serves them from a host of their own). */
  linksNameNoRecording: boolean;
  e2e: ZapierE2E;
  zapier: AuthData & { workspaceId: string; apiKey: string };
  n8n: N8nSetup;
  trigger: TriggerWorkflow;
  zapSubscription: { id: string; subscriptionId: string };
  zapRecording: CreatedRecording;
  n8nRecordingUrl: string;
  zapItem: VideoReadyItem | undefined;
  video: Buffer;
  zapNotifications: CaughtRequest[];
  n8nNotifications: CaughtRequest[];
}

const recordingIdOf = (pageUrl: string) => pageUrl.split('/').pop() ?? '';
const sizeOf = (bytes: Buffer) => `${bytes.length} bytes`;

/**
 * The notification of one recording among those an app received. A service link names its recording; a storage
 * link does not, and both videos are the same recording here, so any notification will do.
 */
function notificationFor(loop: Loop, received: CaughtRequest[], recordingId: string): CaughtRequest {
  const found = loop.linksNameNoRecording ? received[0] : notificationNaming(received, recordingId);
  check(found !== undefined, `no notification names recording ${recordingId}`);
  return found;
}

/**
 * The whole loop a no-code user cares about, through both apps against a fresh reference server:
 * connect, create, the participant records, "video ready" arrives, the file downloads, unsubscribe.
 * Resolves with the verdict line; `narrator.failure` says whether it worked.
 */
export async function runDemo(
  write: (line: string) => void,
  videoLinks: VideoLinkMode = 'service',
): Promise<{ verdict: string; ok: boolean }> {
  const narrator = new Narrator(write);
  const zapHook = new Catcher();
  const n8nWebhooks = new Catcher();
  const loop: Partial<Loop> = { video: smallWebm(), videoLinks, linksNameNoRecording: videoLinks !== 'service' };
  narrator.say('ScreenRec demo: a recording requested through Zapier and one through n8n, from connecting to the downloaded video.\n');
  try {
    await walk(narrator, loop as Loop, zapHook, n8nWebhooks);
  } catch {
    // The narrator has told which step failed and why.
  } finally {
    await Promise.allSettled([loop.e2e?.stop(), zapHook.stop(), n8nWebhooks.stop()]);
    shutDownN8nContexts();
  }
  const verdict = narrator.verdict();
  write(`\n${verdict}`);
  return { verdict, ok: narrator.failure === undefined };
}

async function walk(narrator: Narrator, loop: Loop, zapHook: Catcher, n8nWebhooks: Catcher): Promise<void> {
  await narrator.step('Start the ScreenRec service', async () => {
    const [e2e] = await Promise.all([startZapierE2E(loop.videoLinks), zapHook.start(), n8nWebhooks.start()]);
    loop.e2e = e2e;
    const { baseUrl, demo } = e2e.server;
    loop.zapier = { baseUrl, backendToken: demo.tokens.ZAPIER, workspaceId: demo.workspaceId, apiKey: demo.apiKey };
    loop.n8n = {
      credential: { serviceUrl: baseUrl, workspaceId: demo.workspaceId, backendToken: demo.tokens.N8N, apiKey: demo.apiKey },
      // n8n would serve its webhooks here; a local stand-in receives them instead.
      webhookBaseUrl: `${n8nWebhooks.url}/webhook`,
    };
    const links = {
      service: 'links that name the recording',
      storage: 'storage links that do not name the recording',
      'storage-host': 'storage links on a host of their own that do not name the recording',
    }[loop.videoLinks];
    return `Started a fresh ScreenRec service at ${baseUrl}, with the workspace "${demo.workspaceName}"; its video links are ${links}.`;
  });

  await narrator.step('Connect Zapier', async () => {
    const { app } = loop.e2e;
    const result = await loop.e2e.run<ConnectionTestResult>(app.authentication.test, { authData: loop.zapier });
    const label = app.authentication.connectionLabel.replace(/{{\s*(\w+)\s*}}/g, (_, key: string) =>
      String((result as unknown as Record<string, unknown>)[key] ?? ''),
    );
    check(label === loop.e2e.server.demo.workspaceName, `the connection is labelled "${label}" instead of the workspace name`);
    return `Zapier connected to ScreenRec: the connection test passed and the connection is labelled "${label}".`;
  });

  await narrator.step('Connect n8n', async () => {
    const result = await testCredential(loop.n8n.credential!);
    check(result.status === 'OK', `the ScreenRec credential failed its test: ${result.message}`);
    const workspace = /workspace "([^"]*)"/.exec(result.message)?.[1];
    check(workspace === loop.e2e.server.demo.workspaceName, `the credential test did not name the workspace: ${result.message}`);
    return `n8n connected to ScreenRec: the ScreenRec account credential passes "Test connection" (backend token and API key; ScreenRec answered the ping for "${workspace}").`;
  });

  await narrator.step('Turn the Zap on', async () => {
    const videoReady = loop.e2e.operation('triggers', 'videoReady');
    loop.zapSubscription = await loop.e2e.run(videoReady.performSubscribe, {
      authData: loop.zapier,
      targetUrl: `${zapHook.url}${ZAP_HOOK_PATH}`,
    });
    return 'A Zap starting with "Video Ready" was turned on: ScreenRec will notify Zapier when a video is ready.';
  });

  await narrator.step('Activate the n8n workflow', async () => {
    loop.trigger = triggerWorkflow({ ...loop.n8n, parameters: { allowHttpWebhook: true, includeRecording: true, download: true } });
    check((await loop.trigger.checkExists()) === false, 'the new workflow believed it was already subscribed');
    await loop.trigger.create();
    check((await loop.trigger.checkExists()) === true, 'the workflow did not keep its subscription');
    const subscriptions = await subscriptionsOf(loop);
    check(subscriptions.length === 2, `ScreenRec lists ${subscriptions.length} subscriptions instead of 2 (Zapier and n8n)`);
    return 'An n8n workflow starting with the ScreenRec Trigger was activated: ScreenRec now has 2 subscriptions, one per app.';
  });

  await narrator.step('Create a recording request in Zapier', async () => {
    loop.zapRecording = await loop.e2e.run<CreatedRecording>(loop.e2e.operation('creates', 'createRecording').perform, {
      authData: loop.zapier,
      inputData: { externalReference: 'zap-ticket-101', tags: ['support'] },
    });
    return `A Zap step "Create Recording" asked for a recording (reference "zap-ticket-101"); the participant's link is ${loop.zapRecording.url}`;
  });

  await narrator.step('Create a recording request in n8n', async () => {
    const [item] = await runScreenRecNode(loop.n8n, {
      resource: 'recording',
      operation: 'create',
      externalReference: 'n8n-ticket-202',
      tags: 'support',
    });
    loop.n8nRecordingUrl = String(item?.json.url ?? '');
    check(loop.n8nRecordingUrl.startsWith(`${loop.e2e.server.baseUrl}/r/`), `Create gave no recording link: ${JSON.stringify(item?.json)}`);
    return `An n8n ScreenRec node "Create" asked for a recording (reference "n8n-ticket-202"); the participant's link is ${loop.n8nRecordingUrl}`;
  });

  await narrator.step('The participant records', async () => {
    for (const pageUrl of [loop.zapRecording.url, loop.n8nRecordingUrl]) {
      const page = await openRecordingPage(pageUrl);
      const upload = await uploadFromPage(pageUrl, page, loop.video);
      check(upload.status === 200, `the recording page's upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
    }
    return `The participant opened both links and recorded their screen; the page uploaded each video (${sizeOf(loop.video)} of WebM).`;
  });

  await narrator.step('"Video ready" arrives', async () => {
    [loop.zapNotifications, loop.n8nNotifications] = await Promise.all([zapHook.waitFor(2), n8nWebhooks.waitFor(2)]);
    check(
      [...loop.zapNotifications, ...loop.n8nNotifications].every((request) => request.method === 'POST'),
      'a notification was not a POST',
    );
    const secret = String(loop.trigger.staticData()?.callbackSecret ?? '');
    check(
      loop.n8nNotifications.every((request) => request.path === `/webhook${loop.trigger.webhookPath}?secret=${secret}`),
      "a notification missed the workflow's webhook URL and its secret",
    );
    return 'ScreenRec sent "video ready" for both recordings to both apps: 2 notifications reached Zapier and 2 reached n8n.';
  });

  await narrator.step('Zapier turns the notification into a trigger item', async () => {
    const recordingId = recordingIdOf(loop.zapRecording.url);
    const body = videoReadyBodyOf(notificationFor(loop, loop.zapNotifications, recordingId));
    const videoReady = loop.e2e.operation('triggers', 'videoReady');
    const [item] = await loop.e2e.run<VideoReadyItem[]>(videoReady.perform, { authData: loop.zapier, cleanedRequest: body });
    loop.zapItem = item;
    if (loop.videoLinks === 'storage-host') {
      check(
        item !== undefined && item.linkConfirmed === false && item.recordingId === null && item.videoUrl === body.result,
        `the Zap's item did not pass the storage's link on flagged unconfirmed: ${JSON.stringify(item)}`,
      );
      return `The Zap fired with the video's link, flagged unconfirmed, since it is on another host and names no recording ("${item.detailsError ?? ''}").`;
    }
    if (loop.videoLinks === 'storage') {
      check(
        item !== undefined && item.recordingId === null && item.videoUrl === body.result,
        `the Zap's item guessed a recording or lost the link: ${JSON.stringify(item)}`,
      );
      check(
        typeof item.detailsError === 'string' && item.detailsError !== '',
        "the Zap's item does not say why its recording's details are missing",
      );
      return `The Zap fired with the video's link; the link does not name its recording, so the item says so instead of guessing ("${item.detailsError}").`;
    }
    check(
      item?.recording?.externalReference === 'zap-ticket-101',
      `the Zap's item does not carry its recording's details: ${JSON.stringify(item)}`,
    );
    // The link is a fresh one the service signed for the confirmed recording: the same video as the one posted, its
    // signature and expiry those of the moment the Zap asked.
    const sameVideo = (link: string) => `${new URL(link).origin}${new URL(link).pathname}`;
    check(
      typeof item.videoUrl === 'string' && sameVideo(item.videoUrl) === sameVideo(body.result) && item.videoFile !== undefined,
      "the Zap's item has no link to this video from ScreenRec, or no file",
    );
    return `The Zap fired with recording ${recordingId}: reference "${item.recording.externalReference}", status ${item.recording.status}, the video's link and a video file.`;
  });

  await narrator.step('n8n starts its workflow with the video attached', async () => {
    const recordingId = recordingIdOf(loop.n8nRecordingUrl);
    // n8n hands webhook() the request as it came: body, and the query that carries the subscription's secret.
    const { result, response } = await loop.trigger.deliverCaught(notificationFor(loop, loop.n8nNotifications, recordingId));
    // The trigger answers ScreenRec itself, before its lookup and download, so a slow download never makes ScreenRec resend.
    check(
      response.statusCode === 200,
      `n8n answered the notification with ${String(response.statusCode)}: ${JSON.stringify(response.body)}`,
    );
    const item = result.workflowData?.[0]?.[0];
    if (loop.videoLinks === 'storage-host') {
      check(
        item?.json.linkConfirmed === false && item.binary === undefined && typeof item.json.downloadError === 'string',
        `the workflow's item did not pass the storage's link on flagged, or fetched from it: ${JSON.stringify(item?.json)}`,
      );
      return `The n8n workflow started with the video's link, flagged unconfirmed, and downloaded nothing from a host ScreenRec did not vouch for ("${item.json.downloadError}").`;
    }
    const file = item?.binary?.data;
    check(file !== undefined, `the workflow's item has no video attached: ${JSON.stringify(item?.json)}`);
    const bytes = Buffer.from(file.data, 'base64');
    check(bytes.equals(loop.video), `the attached video (${sizeOf(bytes)}) differs from the one recorded`);
    if (loop.videoLinks === 'storage') {
      check(
        item!.json.recordingId === null && typeof item!.json.detailsError === 'string',
        `the workflow's item guessed a recording: ${JSON.stringify(item?.json)}`,
      );
      return `The n8n workflow started with the video's link and the video downloaded from ScreenRec's own host as ${file.fileName} (${sizeOf(bytes)}, identical to the recording); the item says why the recording's details are missing.`;
    }
    check(
      item!.json.externalReference === 'n8n-ticket-202',
      `the workflow's item does not carry its recording's details: ${JSON.stringify(item?.json)}`,
    );
    return `The n8n workflow started with recording ${recordingId}: reference "${String(item!.json.externalReference)}", status ${String(item!.json.status)}, and the video downloaded as ${file.fileName} (${sizeOf(bytes)}, identical to the recording).`;
  });

  await narrator.step('Zapier downloads the video file', async () => {
    if (loop.linksNameNoRecording) {
      // No confirmed recording, so no file field: a later Zap step downloads from the link itself.
      const response = await fetch(loop.zapItem!.videoUrl);
      const bytes = Buffer.from(await response.arrayBuffer());
      check(
        response.status === 200 && bytes.equals(loop.video),
        `the video link answered ${response.status} with ${sizeOf(bytes)} that differ from the recording`,
      );
      return `A later Zap step downloaded the video from the item's link (${sizeOf(bytes)}, identical to the recording).`;
    }
    const recordingId = recordingIdOf(loop.zapRecording.url);
    const fileUrl = await loop.e2e.run<string>(loop.e2e.app.hydrators.videoFile, { authData: loop.zapier, inputData: { recordingId } });
    const stashed = loop.e2e.files.stashed.at(-1);
    check(stashed !== undefined && fileUrl.startsWith(loop.e2e.files.url), 'Zapier stored no file');
    check(stashed.bytes.equals(loop.video), `the file Zapier stored (${sizeOf(stashed.bytes)}) differs from the one recorded`);
    return `When a later Zap step used the file, Zapier fetched the video through a fresh link and stored it as ${stashed.filename} (${sizeOf(stashed.bytes)}, identical to the recording).`;
  });

  await narrator.step('Unsubscribe both apps', async () => {
    const videoReady = loop.e2e.operation('triggers', 'videoReady');
    await loop.e2e.run(videoReady.performUnsubscribe, { authData: loop.zapier, subscribeData: loop.zapSubscription });
    await loop.trigger.delete();
    const left = await subscriptionsOf(loop);
    check(left.length === 0, `ScreenRec still lists ${left.length} subscription(s)`);
    return 'The Zap was turned off and the n8n workflow deactivated: ScreenRec has no subscriptions left, so nothing is sent anywhere any more.';
  });
}

async function subscriptionsOf(loop: Loop): Promise<unknown[]> {
  return await loop.e2e.adminOk<unknown[]>(200, 'GET', `/admin/workspaces/${loop.e2e.server.demo.workspaceId}/subscriptions`);
}
