import {
  NOT_FOUND_RECORDING,
  POSTED_LINK_REPLACED,
  REFUSED_CANNOT_CONFIRM,
  REFUSED_NOT_CONFIRMED,
  deadlineMessage,
  exampleRecording,
  unconfirmedLinkMessage,
} from 'screenrec';
import helper from 'node-red-node-test-helper';
import nock from 'nock';
import { MAX_NOTIFICATION_BYTES, RECEIVER_PATH } from '../src/video-ready/receiver';
import { BASE_URL, RECORDING_ID, SUBSCRIPTION_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import {
  CONNECTION,
  NODE,
  OUT,
  caughtError,
  describeOperation,
  flowOf,
  loggedText,
  nextMessage,
  outcomeOf,
  sentBy,
  statusShown,
} from './flows';
import { watchIdentifications } from './identifications';
import { suiteService } from './suite-service';
import { holdSleeps } from './wait-sleeps';

const OTHER_RECORDING_ID = '1c8d3e2f-4a5b-4c6d-8e7f-8a9b0c1d2e3f';
const { API_KEY, BACKEND_TOKEN, PAGE_URL, VIDEO_URL, service, CREDENTIALS, page } = suiteService('w41t');
const listById = (id = RECORDING_ID) => service.restScope().post(service.restPath('/recordings/list'), { ids: [id], pageSize: 1 });
/** The link ScreenRec signs afresh for a confirmed recording: a message carries this one, never the posted link. */
const FRESH_URL = `${BASE_URL}/videos/${RECORDING_ID}?expires=2&signature=fresh`;
const presign = () =>
  service
    .restScope()
    .get(service.restPath(`/recordings/${RECORDING_ID}/presign`))
    .reply(200, { url: FRESH_URL });
/** A host someone who learned the callback address controls: it must reach no message and no log line. */
const FORGED_HOST = 'forger.example.org';

import { runtime } from './nock-runtime';

/**
 * Wait for Video and Video Ready in a Node-RED runtime, against nock (run by test/behaviour/node-red-nock.test.ts, which starts the
 * runtime once).
 */
export function waitAndVideoReadyCases(): void {
  /** The statuses a node showed so far, oldest first. */
  function statusesOf(id: string): unknown[] {
    const node = helper.getNode(id);
    if (node === null) throw new Error(`No node ${id} in the deployed flow`);
    return node.status.getCalls().map((call) => call.args[0]);
  }

  describeOperation('waitForVideo', () => {
    const deployWait = (properties: Record<string, unknown> = {}) =>
      runtime().deploy(
        flowOf({ type: 'screenrec-wait', timeLimit: 1, ...properties }, { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID }),
        CREDENTIALS,
      );

    it('holds the message until the recording is COMPLETED, then sends it on with the video link', async () => {
      listById().reply(200, page([exampleRecording({ id: RECORDING_ID, url: PAGE_URL, status: 'RECORDING' })]));
      listById().reply(200, page([exampleRecording({ id: RECORDING_ID, url: PAGE_URL, status: 'COMPLETED' })]));
      service
        .restScope()
        .get(service.restPath(`/recordings/${RECORDING_ID}/presign`))
        .reply(200, { url: VIDEO_URL });
      await deployWait();
      const { out } = await outcomeOf({ payload: { id: RECORDING_ID }, topic: 'kept' });
      expect(out).toMatchObject({
        topic: 'kept',
        payload: {
          ...exampleRecording({ id: RECORDING_ID, url: PAGE_URL }),
          recordingId: RECORDING_ID,
          videoUrl: VIDEO_URL,
          videoKey: `${BASE_URL}/videos/${RECORDING_ID}`,
        },
      });
      // This runtime keeps context in memory only: the status says a restart ends the wait.
      expect(statusesOf(NODE)).toContainEqual({ fill: 'blue', shape: 'ring', text: 'screenrec-wait.status.waitingInMemory' });
      expect(loggedText()).toContain('screenrec-wait.log.memoryOnly');
    });

    // However long the checks take: a check still under way at the limit ends the wait with the same error.
    it('ends at its Time Limit with a DEADLINE error the Catch node receives, naming the recording', async () => {
      listById()
        .times(100)
        .optionally()
        .reply(200, page([exampleRecording({ id: RECORDING_ID, url: PAGE_URL, status: 'NEW' })]));
      await deployWait({ timeLimit: 0.005, recordingId: RECORDING_ID });
      const { caught } = await outcomeOf({});
      expect(caughtError(caught)).toEqual({
        message: expect.stringContaining(
          deadlineMessage(
            `waiting for recording ${RECORDING_ID} to finish`,
            300,
            'give the wait a longer Time Limit, or check that the recording was made',
          ),
        ),
        code: 'DEADLINE',
      });
    });

    it('fails an unknown recording at once, in core words', async () => {
      listById().reply(200, page([]));
      await deployWait({ recordingId: RECORDING_ID });
      expect(caughtError((await outcomeOf({})).caught)).toEqual({
        message: expect.stringContaining(NOT_FOUND_RECORDING),
        code: 'NOT_FOUND',
      });
    });

    it('when Node-RED stops with memory-only context, ends every wait with an error naming its recording: no further request, no message', async () => {
      let checks = 0;
      for (const id of [RECORDING_ID, OTHER_RECORDING_ID])
        listById(id)
          .times(100)
          .optionally()
          .reply(200, () => {
            checks += 1;
            return page([exampleRecording({ id, url: PAGE_URL, status: 'NEW' })]);
          });
      // Each wait's pause before its next check is held until its signal fires: once both are paused, each has checked
      // once and has no request under way, and the stop comes then, on any machine (no set delay for the checks, none
      // for the stop to take effect, no answer still on its way to count).
      const pauses = holdSleeps();
      try {
        await deployWait({ timeLimit: 10 });
        const released = jest.fn();
        helper.getNode(OUT)?.on('input', released);
        helper.getNode(NODE)?.receive({ payload: { recordingId: RECORDING_ID } });
        helper.getNode(NODE)?.receive({ payload: { recordingId: OTHER_RECORDING_ID } });
        await pauses.held(2);
        expect(checks).toBeGreaterThan(0);
        const atStop = checks;
        await runtime().undeploy();
        // The stop ended both pauses: no wait is left to check again, and a call whose signal fired sends nothing more.
        expect(pauses.pending()).toEqual([]);
        expect(checks).toBe(atStop);
        expect(released).not.toHaveBeenCalled();
        // No silence: each dropped message is an error in the log, naming its recording.
        const errors = runtime()
          .runtimeLog()
          .filter(({ level }) => level === 'error')
          .map(({ text }) => text);
        expect(errors).toEqual([
          expect.stringMatching(new RegExp(`^screenrec-wait\\.log\\.endedByStop .*"recordingId":"${RECORDING_ID}"`)),
          expect.stringMatching(new RegExp(`^screenrec-wait\\.log\\.endedByStop .*"recordingId":"${OTHER_RECORDING_ID}"`)),
        ]);
        expect(loggedText()).not.toMatch(/cancel/i);
      } finally {
        pauses.restore();
      }
    });

    it('names Recording ID when neither the node nor the message gives it', async () => {
      await deployWait();
      expect(caughtError((await outcomeOf({ payload: 'x' })).caught).message).toContain('`Recording ID` is required');
    });
  });

  describeOperation('videoReady', () => {
    // ScreenRec calls https addresses only: the Public URL is a proxy's, which hands requests to Node-RED's HTTP server.
    const publicUrl = 'https://nodered.example/';
    /** The address at Node-RED that the proxy forwards a callback URL to. */
    const local = (callback: string) => `${runtime().nodeUrl}${new URL(callback).pathname}`;
    const deployVideoReady = (connection: Record<string, string> = {}, credentials: Record<string, Record<string, string>> = CREDENTIALS) =>
      runtime().deploy(
        flowOf(
          { type: 'screenrec-video-ready' },
          { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, integration: 'N8N', publicUrl, ...connection },
        ),
        credentials,
      );
    /** Expects the CALLBACK_SUBSCRIBE of a deploy and resolves with the callback URL it registered. */
    const expectSubscribe = () =>
      new Promise<string>((resolve) => {
        service
          .hookScope('N8N', (body: { action?: string; callback?: string }) => {
            if (body.action !== 'CALLBACK_SUBSCRIBE' || body.callback === undefined) return false;
            resolve(body.callback);
            return true;
          })
          .reply(200, { subscriptionId: SUBSCRIPTION_ID });
      });
    /** Deploys the node and resolves with the Node-RED address of the callback its deploy subscribed. */
    const listening = async () => {
      const subscribed = expectSubscribe();
      await deployVideoReady();
      return local(await subscribed);
    };
    /** A mock that every message the Out node receives from now on is passed to. */
    const watchSent = () => {
      const sent = jest.fn();
      helper.getNode(OUT)?.on('input', sent);
      return sent;
    };
    /**
     * Runs `posts` and proves they started nothing: no lookup, no message. Whatever the node starts for a notification
     * it starts before answering it: with every answer in, a count of none is final on any machine (no set delay for a
     * message to show).
     */
    const startsNothing = async (posts: () => Promise<void>) => {
      const sent = watchSent();
      const identifications = watchIdentifications();
      try {
        await posts();
        expect(identifications.started()).toBe(0);
      } finally {
        identifications.restore();
      }
      expect(sentBy(NODE)).toBe(0);
      expect(sent).not.toHaveBeenCalled();
    };
    const notify = (url: string, body: unknown) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        (answer) => answer.status,
      );
    /** The node's status event itself, however long the subscription takes: jest's timeout is the only limit. */
    const waitForStatus = (text: string) => statusShown(NODE, text);

    it('subscribes a secret address of its own on deploy, and unsubscribes when the node is removed', async () => {
      const subscribed = expectSubscribe();
      await deployVideoReady();
      const registered = await subscribed;
      expect(registered).toMatch(new RegExp(`^https://nodered.example${RECEIVER_PATH}/[0-9a-f]{64}$`));
      const callback = local(registered);
      await waitForStatus('screenrec-video-ready.status.listening');
      const unsubscribed = service
        .hookScope('N8N', { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID })
        .reply(200, { status: 'success' });
      // A deploy without the node removes it: the node's close waits for the unsubscribe's answer.
      await runtime().redeploy(
        flowOf(
          { type: 'screenrec-video-ready' },
          { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, integration: 'N8N', publicUrl },
        ).filter((node) => (node as { id?: string }).id !== NODE),
        CREDENTIALS,
      );
      expect(unsubscribed.isDone()).toBe(true);
      // The removed node's address takes nothing any more, and tells ScreenRec to drop whatever still posts there.
      expect(await notify(callback, { result: VIDEO_URL })).toBe(410);
      await runtime().undeploy();
    });

    it('keeps its subscription when Node-RED stops (no unsubscribe); while the flows are stopped its address answers 503 (send later), not 410', async () => {
      const callback = await listening();
      await waitForStatus('screenrec-video-ready.status.listening');
      let unsubscribed = false;
      service
        .hookScope('N8N', { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID })
        .optionally()
        .reply(200, () => {
          unsubscribed = true;
          return { status: 'success' };
        });
      // The node's close would wait for an unsubscribe's answer: none was asked for.
      await runtime().undeploy();
      expect(unsubscribed).toBe(false);
      nock.cleanAll();
      // As while Node-RED starts up: ScreenRec sends it again rather than dropping the subscription.
      expect(await notify(callback, { result: VIDEO_URL })).toBe(503);
    });

    it('answers at once, looks the video up, and sends one message for a video delivered twice', async () => {
      const callback = await listening();
      const recording = exampleRecording({ id: RECORDING_ID, url: PAGE_URL });
      // The lookups are held until both deliveries are answered: ScreenRec gets its answer before anything is looked up.
      // Both are looked up (the key that decides is the one ScreenRec gives), and one message goes out.
      let releaseLookup = () => {};
      const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
      listById()
        .times(2)
        .reply((_uri, _body, reply) => void lookupHeld.then(() => reply(null, [200, page([recording])])));
      presign();
      presign();
      const sent = watchSent();
      const message = nextMessage(OUT);
      // The node starts a lookup before it answers: once both answers are in, every lookup it will make has started,
      // and once those have ended the count of messages is final (no set delay for a second one to show).
      const identifications = watchIdentifications();
      try {
        expect(await notify(callback, { result: VIDEO_URL })).toBe(200);
        expect(await notify(callback, { result: VIDEO_URL.replace('signature=abc', 'signature=def') })).toBe(200);
        expect(sent).not.toHaveBeenCalled();
        releaseLookup();
        expect((await message).payload).toEqual({
          videoUrl: FRESH_URL,
          videoKey: `${BASE_URL}/videos/${RECORDING_ID}`,
          linkConfirmed: true,
          recordingId: RECORDING_ID,
          recording,
          detailsError: null,
        });
        expect(await identifications.allEnded()).toBe(2);
        expect(sentBy(NODE)).toBe(1);
        expect(sent).toHaveBeenCalledTimes(1);
        // A later repeat is known by its key alone: answered, and nothing looked up.
        expect(await notify(callback, { result: VIDEO_URL.replace('signature=abc', 'signature=ghi') })).toBe(200);
        expect(identifications.started()).toBe(2);
      } finally {
        identifications.restore();
      }
      expect(await notify(callback, { nothing: 'here' })).toBe(400);
      await runtime().undeploy();
    });

    it('refuses a stranger without the secret (or with an oversized body) and starts nothing', async () => {
      const callback = await listening();
      await startsNothing(async () => {
        // A secret no node holds: a subscription of a node stopped since, which ScreenRec is told to drop.
        expect(await notify(`${runtime().nodeUrl}${RECEIVER_PATH}/${'0'.repeat(64)}`, { result: VIDEO_URL })).toBe(410);
        expect(loggedText()).toContain('screenrec-video-ready.log.gone');
        // No secret at all: not from a subscription.
        expect(await notify(`${runtime().nodeUrl}${RECEIVER_PATH}/`, { result: VIDEO_URL })).toBe(401);
        expect(await notify(`${runtime().nodeUrl}${RECEIVER_PATH}`, { result: VIDEO_URL })).toBe(401);
        expect(await notify(callback, { result: VIDEO_URL, padding: 'x'.repeat(MAX_NOTIFICATION_BYTES) })).toBe(400);
      });
      await runtime().undeploy();
      expectNoSecretsIn([loggedText(), helper._redNodes.getFlows()], [API_KEY, BACKEND_TOKEN, callback.split('/').pop()!]);
    });

    it('a forged post of a foreign link naming a real recording sends only the fresh link ScreenRec gives, and warns', async () => {
      const callback = await listening();
      const recording = exampleRecording({ id: RECORDING_ID, url: PAGE_URL });
      listById().reply(200, page([recording]));
      service
        .restScope()
        .get(service.restPath(`/recordings/${RECORDING_ID}/presign`))
        .reply(200, { url: `https://media.screenrec.test/videos/${RECORDING_ID}?signature=fresh` });
      const message = nextMessage(OUT);
      expect(await notify(callback, { result: `https://${FORGED_HOST}/${RECORDING_ID}.webm?steal=1` })).toBe(200);
      const { payload } = await message;
      expect(payload).toEqual({
        videoUrl: `https://media.screenrec.test/videos/${RECORDING_ID}?signature=fresh`,
        videoKey: `https://media.screenrec.test/videos/${RECORDING_ID}`,
        linkConfirmed: true,
        recordingId: RECORDING_ID,
        recording,
        detailsError: null,
      });
      expect(loggedText()).toContain(POSTED_LINK_REPLACED);
      expect(JSON.stringify(payload) + loggedText()).not.toContain(FORGED_HOST);
      await runtime().undeploy();
    });

    it("refuses a plain http link off the Service URL's origin: 400 before any lookup, no message", async () => {
      const callback = await listening();
      await startsNothing(async () => {
        expect(await notify(callback, { result: `http://${FORGED_HOST}/${RECORDING_ID}.webm` })).toBe(400);
      });
      expect(loggedText()).toContain('screenrec-video-ready.log.refused');
      expect(loggedText()).not.toContain(FORGED_HOST);
      await runtime().undeploy();
    });

    it('sends on an https link on another host that ScreenRec does not confirm, flagged, with the reason and a warning', async () => {
      const storageLink = `https://storage.example.net/bucket/${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}.webm?X-Amz-Signature=s`;
      const callback = await listening();
      service.restScope().post(service.restPath('/recordings/list')).reply(200, page([]));
      const message = nextMessage(OUT);
      expect(await notify(callback, { result: storageLink })).toBe(200);
      const detailsError = unconfirmedLinkMessage(REFUSED_NOT_CONFIRMED);
      expect((await message).payload).toEqual({
        videoUrl: storageLink,
        videoKey: storageLink.split('?')[0],
        linkConfirmed: false,
        recordingId: null,
        recording: null,
        detailsError,
      });
      expect(loggedText()).toContain(detailsError);
      await runtime().undeploy();
      // Without an API key nothing can confirm it: sent on all the same, saying so.
      const subscribedAgain = expectSubscribe();
      await deployVideoReady({}, { [CONNECTION]: { backendToken: BACKEND_TOKEN } });
      const withoutKey = local(await subscribedAgain);
      await waitForStatus('screenrec-video-ready.status.listening');
      const unasked = nextMessage(OUT);
      // Another video: the first one's key is remembered, and a repeat sends nothing.
      expect(await notify(withoutKey, { result: storageLink.replace('.webm', '-2.webm') })).toBe(200);
      expect((await unasked).payload).toMatchObject({ linkConfirmed: false, detailsError: unconfirmedLinkMessage(REFUSED_CANNOT_CONFIRM) });
      await runtime().undeploy();
    });

    it('without a Backend Token says what it needs, and subscribes nothing', async () => {
      await deployVideoReady({}, { [CONNECTION]: { apiKey: API_KEY } });
      expect(statusesOf(NODE)).toContainEqual({ fill: 'red', shape: 'ring', text: 'screenrec-video-ready.status.needsToken' });
      await runtime().undeploy();
    });

    it('without a Public URL says what it needs', async () => {
      await deployVideoReady({ publicUrl: '' });
      expect(statusesOf(NODE)).toContainEqual({ fill: 'red', shape: 'ring', text: 'screenrec-video-ready.status.needsPublicUrl' });
      await runtime().undeploy();
    });

    it('reports a refused subscription on the node, in core words', async () => {
      service.hookScope('N8N').reply(403, {});
      await deployVideoReady();
      await waitForStatus('screenrec-video-ready.status.failed');
      expect(loggedText()).toContain('The backend token was rejected.');
      await runtime().undeploy();
    });
  });
}
