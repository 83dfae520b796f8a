import { REFUSED_NOT_CONFIRMED, unconfirmedLinkMessage } from 'screenrec';
import type { CreatedRecording } from '../../packages/zapier/src/creates/create-recording';
import type { ConnectionTestResult } from '../../packages/zapier/src/authentication';
import type { VideoReadyItem } from '../../packages/zapier/src/triggers/video-ready';
import { Catcher } from '../support/catcher';
import { VIDEO_LINK_MODES, type VideoLinkMode } from '../support/reference-server';
import { startZapierE2E, type AuthData, type ZapierE2E } from './zapier/environment';
import { openRecordingPage, uploadFromPage } from './zapier/recording-page';
import { smallWebm } from './zapier/webm';
import { ISO_INSTANT, requestRecordingOutput } from './zapier-recording';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The path part of a Zapier hook URL, so the test sees that the exact target URL is called. */
const ZAP_HOOK_PATH = '/hooks/standard/4711/e2e/';

/** Renders a connection label the way Zapier does: `{{field}}` from the connection test's result. */
function renderLabel(template: string, testResult: Record<string, unknown>): string {
  return template.replace(/{{\s*([\w.]+)\s*}}/g, (_, key: string) => String(testResult[key] ?? ''));
}

function parseDehydrated(pointer: string): { type: string; method: string; bundle: Record<string, unknown> } {
  const match = /^hydrate\|\|\|(.*)\|\|\|hydrate$/s.exec(pointer);
  if (match?.[1] === undefined) throw new Error(`not a dehydrated pointer: ${pointer}`);
  return JSON.parse(match[1]) as { type: string; method: string; bundle: Record<string, unknown> };
}

describe.each(VIDEO_LINK_MODES)('video links handed out by the %s', (mode: VideoLinkMode) => {
  let e2e: ZapierE2E;
  /** The built trigger's sample: what the Zap editor documents. */
  const documentedItem = () => e2e.operation('triggers', 'videoReady').sample ?? {};
  const zapHook = new Catcher();

  beforeAll(async () => {
    [e2e] = await Promise.all([startZapierE2E(mode), zapHook.start()]);
  });
  afterAll(async () => {
    await Promise.all([e2e?.stop(), zapHook.stop()]);
  });

  describe('Zapier connection against the reference server', () => {
    it('tests the demo connection and labels it with the workspace name', async () => {
      const { baseUrl, demo } = e2e.server;
      const authData: AuthData = { baseUrl, backendToken: demo.tokens.ZAPIER, workspaceId: demo.workspaceId, apiKey: demo.apiKey };

      const result = await e2e.run<ConnectionTestResult>(e2e.app.authentication.test, { authData });

      expect(result).toEqual({ workspace: 'Demo Workspace', restApi: 'connected' });
      expect(renderLabel(e2e.app.authentication.connectionLabel, { ...result })).toBe('Demo Workspace');
    });

    it('accepts a connection without the REST fields, and says so', async () => {
      const connection = await e2e.connectWorkspace('Hook Only Workspace');
      const { baseUrl, backendToken } = connection.authData;

      const result = await e2e.run<ConnectionTestResult>(e2e.app.authentication.test, { authData: { baseUrl, backendToken } });

      expect(result).toEqual({ workspace: 'Hook Only Workspace', restApi: 'not configured' });
    });
  });

  describe('Video Ready end to end: Create Recording, the participant uploads, the Zap fires', () => {
    it('delivers the finished recording to the subscribed Zap as the documented item, with the uploaded video as its file', async () => {
      const connection = await e2e.connectWorkspace('Video Ready Workspace');
      const { authData } = connection;
      const videoReady = e2e.operation('triggers', 'videoReady');
      const webm = smallWebm();

      // Turning the Zap on subscribes its hook URL (before anything is recorded, or the notification goes nowhere).
      const subscribeData = await e2e.run<{ id: string; subscriptionId: string }>(videoReady.performSubscribe, {
        authData,
        targetUrl: `${zapHook.url}${ZAP_HOOK_PATH}`,
      });
      expect(subscribeData).toEqual({ id: expect.stringMatching(UUID), subscriptionId: subscribeData.id });

      // A Zap step asks for a recording; its page is what the participant opens.
      const created = await e2e.run<CreatedRecording>(e2e.operation('creates', 'createRecording').perform, {
        authData,
        inputData: { externalReference: 'ticket-4711', tags: ['support', ' '] },
      });
      // With REST credentials the create also names the new recording: its recordingId (and `id`, for Find or
      // Create) and status.
      expect(created).toEqual({
        recordingId: expect.stringMatching(UUID),
        id: created.recordingId,
        status: 'NEW',
        url: `${e2e.server.baseUrl}/r/${created.recordingId}`,
        externalReference: 'ticket-4711',
        tags: ['support'],
        detailsError: null,
      });
      const recordingId = created.recordingId!;

      const page = await openRecordingPage(created.url);
      expect([page.status, page.contentType]).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.html).toContain('<h1>Record your screen</h1>');
      expect(page.config).toMatchObject({ recordingId, status: 'NEW' });

      await expect(uploadFromPage(created.url, page, webm)).resolves.toEqual({ status: 200, body: { status: 'COMPLETED' } });

      // The service calls the Zap's hook URL; Zapier hands exactly that body to perform as cleanedRequest.
      const [notification] = await zapHook.waitFor(1);
      expect(notification).toMatchObject({
        method: 'POST',
        path: ZAP_HOOK_PATH,
        headers: { 'content-type': expect.stringMatching(/^application\/json/) },
      });
      const body = JSON.parse(notification!.body) as { result: string };
      expect(body).toEqual({ result: expect.stringMatching(/^https?:\/\//) });
      const link = new URL(body.result);
      // The service's own links name the recording; a storage link names a bucket, the workspace and an opaque object.
      expect(link.pathname.includes(recordingId)).toBe(mode === 'service');

      const items = await e2e.run<VideoReadyItem[]>(videoReady.perform, { authData, cleanedRequest: body });

      if (mode !== 'service') {
        // Nothing in the link is a recording ScreenRec confirms: the Zap gets the link and the reason, and no file is
        // bound to an id guessed from the path. The link itself serves the video. On a host of its own (as an object
        // store's), the link is still passed on, flagged unconfirmed.
        const ownHost = mode === 'storage-host';
        expect(link.origin).toBe(ownHost ? e2e.server.storageUrl : e2e.server.baseUrl);
        expect(items).toEqual([
          {
            videoKey: `${link.origin}${link.pathname}`,
            id: `${link.origin}${link.pathname}`,
            videoUrl: body.result,
            linkConfirmed: !ownHost,
            receivedAt: expect.stringMatching(ISO_INSTANT),
            recordingId: null,
            recording: {
              id: null,
              status: null,
              direction: null,
              tags: [],
              notifications: [],
              comment: null,
              createdDate: null,
              userId: null,
              externalReference: null,
              url: null,
            },
            videoFile: null,
            detailsError: ownHost
              ? unconfirmedLinkMessage(REFUSED_NOT_CONFIRMED)
              : expect.stringMatching(/^ScreenRec has no recording in this workspace that matches the video link/),
          },
        ]);
        // The same keys as the built trigger's sample, at both levels, though nothing is known of the recording.
        expect(Object.keys(items[0]!).sort()).toEqual(Object.keys(documentedItem()).sort());
        expect(Object.keys(items[0]!.recording!).sort()).toEqual(Object.keys(documentedItem().recording ?? {}).sort());
        const download = await fetch(body.result);
        expect(Buffer.from(await download.arrayBuffer()).equals(webm)).toBe(true);
        await expect(e2e.run(videoReady.performUnsubscribe, { authData, subscribeData })).resolves.toEqual({ status: 'success' });
        return;
      }

      expect(items).toEqual([
        {
          videoKey: `${link.origin}${link.pathname}`,
          id: `${link.origin}${link.pathname}`,
          // A fresh link the service signed for the confirmed recording, as of the moment the Zap asked.
          videoUrl: expect.stringMatching(`^${link.origin}${link.pathname}\\?`),
          linkConfirmed: true,
          receivedAt: expect.stringMatching(ISO_INSTANT),
          recordingId,
          recording: requestRecordingOutput({
            id: recordingId,
            status: 'COMPLETED',
            tags: ['support'],
            userId: connection.ownerUserId,
            externalReference: 'ticket-4711',
            url: created.url,
          }),
          videoFile: expect.stringMatching(/^hydrate\|\|\|.*\|\|\|hydrate$/),
          detailsError: null,
        },
      ]);
      // The item has exactly the documented shape: the keys of the trigger's sample, at both levels.
      expect(Object.keys(items[0]!).sort()).toEqual(Object.keys(documentedItem()).sort());
      expect(Object.keys(items[0]!.recording!).sort()).toEqual(Object.keys(documentedItem().recording ?? {}).sort());

      // The link in the notification itself serves the uploaded bytes.
      const download = await fetch(body.result);
      expect(Buffer.from(await download.arrayBuffer()).equals(webm)).toBe(true);

      // A later step that uses the file makes Zapier call the hydrator named in the pointer, with its bundle.
      const pointer = parseDehydrated(items[0]!.videoFile!);
      expect(pointer).toEqual({ type: 'file', method: 'hydrators.videoFile', bundle: { recordingId } });
      const stashedUrl = await e2e.run<string>(e2e.app.hydrators.videoFile, { authData, inputData: pointer.bundle });

      expect(stashedUrl).toBe(`${e2e.files.url}/uploads/stash/1/file`);
      expect(e2e.files.stashed).toHaveLength(1);
      const [stashed] = e2e.files.stashed;
      expect([stashed!.filename, stashed!.contentType]).toEqual([`${recordingId}.webm`, 'video/webm']);
      expect(stashed!.bytes.equals(webm)).toBe(true);

      // Turning the Zap off.
      await expect(e2e.run(videoReady.performUnsubscribe, { authData, subscribeData })).resolves.toEqual({ status: 'success' });
    });

    it('after performUnsubscribe, a later completion reaches only the Zaps still subscribed', async () => {
      const { authData } = await e2e.connectWorkspace('Unsubscribe Workspace');
      const videoReady = e2e.operation('triggers', 'videoReady');
      const leavingZap = new Catcher();
      const stayingZap = new Catcher();
      await Promise.all([leavingZap.start(), stayingZap.start()]);
      try {
        const leaving = await e2e.run<{ id: string }>(videoReady.performSubscribe, {
          authData,
          targetUrl: `${leavingZap.url}/hooks/leaving`,
        });
        const staying = await e2e.run<{ id: string }>(videoReady.performSubscribe, {
          authData,
          targetUrl: `${stayingZap.url}/hooks/staying`,
        });

        await expect(e2e.run(videoReady.performUnsubscribe, { authData, subscribeData: leaving })).resolves.toEqual({ status: 'success' });

        const created = await e2e.run<CreatedRecording>(e2e.operation('creates', 'createRecording').perform, {
          authData,
          inputData: { externalReference: 'after-unsubscribe' },
        });
        const recordingId = created.recordingId!;
        await e2e.adminOk(200, 'POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });

        // The Zap still on is notified; by then the service has sent every notification of this completion.
        const [notification] = await stayingZap.waitFor(1);
        expect(JSON.parse(notification!.body)).toEqual({ result: expect.stringMatching(/^https?:\/\//) });
        const deliveries = await e2e.adminOk<Array<{ subscriptionId: string; recordingId: string; state: string }>>(
          200,
          'GET',
          '/admin/deliveries',
        );
        expect(deliveries.filter((delivery) => delivery.recordingId === recordingId).map((delivery) => delivery.subscriptionId)).toEqual([
          staying.id,
        ]);
        expect(leavingZap.received).toEqual([]);

        await e2e.run(videoReady.performUnsubscribe, { authData, subscribeData: staying });
      } finally {
        await Promise.all([leavingZap.stop(), stayingZap.stop()]);
      }
    });
  });
});
