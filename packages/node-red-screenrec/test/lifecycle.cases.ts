import { exampleRecording } from 'screenrec';
import helper from 'node-red-node-test-helper';
import { BASE_URL, RECORDING_ID, SUBSCRIPTION_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import type { NodeMessage } from '../src/red';
import { CAUGHT, NODE, OUT, flowOf, loggedText, sentBy, statusShown } from './flows';
import { runtime } from './nock-runtime';
import { suiteService } from './suite-service';
import { holdSleeps } from './wait-sleeps';

const { PAGE_URL, VIDEO_URL, service, CREDENTIALS, page } = suiteService('11fe');
const CONNECTION_PROPERTIES = { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, integration: 'N8N' };

/** The messages node `id` (its instance deployed now) receives from now on. */
function received(id: string): { messages: NodeMessage[]; count(n: number): Promise<NodeMessage[]> } {
  const node = helper.getNode(id);
  if (node === null) throw new Error(`no node ${id} is deployed`);
  const messages: NodeMessage[] = [];
  const waiters: Array<() => void> = [];
  node.on('input', (msg: NodeMessage) => {
    messages.push(msg);
    for (const waiter of waiters) waiter();
  });
  return {
    messages,
    count: (n) =>
      new Promise((resolve) => {
        const check = () => {
          if (messages.length >= n) resolve([...messages]);
        };
        waiters.push(check);
        check();
      }),
  };
}

/** A reply held until `release()`; `asked` resolves once the request has come. */
/** Stops the flows and checks that the stop logged no error. */
async function undeployWithNoErrorLogged(): Promise<void> {
  await runtime().undeploy();
  expect(
    runtime()
      .runtimeLog()
      .filter(({ level }) => level === 'error'),
  ).toEqual([]);
}

function heldReply(status: number, body: Record<string, string>) {
  let release = () => {};
  let arrived = () => {};
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const reply = (_uri: string, _body: unknown, callback: (error: null, answer: [number, Record<string, string>]) => void) => {
    arrived();
    void released.then(() => callback(null, [status, body]));
  };
  return { reply, asked, release };
}

/**
 * What becomes of the messages a node holds when Node-RED closes it (run by test/behaviour/node-red-nock.test.ts):
 * a full deploy, the editor's default, restarts every node; a node deleted from the flow is removed.
 */
export function lifecycleCases(): void {
  describe('no held message ends in silence when its node closes', () => {
    const waitFlow = () => flowOf({ type: 'screenrec-wait', timeLimit: 10 }, CONNECTION_PROPERTIES);
    const withoutNode = (flow: object[]) => flow.filter((node) => (node as { id?: string }).id !== NODE);

    it('Wait for Video: a full redeploy hands the held messages to the new instance, which sends each on once when its video is ready', async () => {
      let finished = false;
      service
        .restScope()
        .post(service.restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
        .times(100)
        .optionally()
        .reply(200, () => page([exampleRecording({ id: RECORDING_ID, url: PAGE_URL, status: finished ? 'COMPLETED' : 'NEW' })]));
      service
        .restScope()
        .get(service.restPath(`/recordings/${RECORDING_ID}/presign`))
        .times(2)
        .reply(200, { url: VIDEO_URL });
      // Each wait pauses after a check until woken: the redeploy comes while both are paused, and the video is ready
      // only once the new instance has checked both (NEW) and paused, on any machine.
      const pauses = holdSleeps();
      try {
        await runtime().deploy(waitFlow(), CREDENTIALS);
        helper.getNode(NODE)?.receive({ payload: { recordingId: RECORDING_ID }, topic: 'first' });
        helper.getNode(NODE)?.receive({ payload: { recordingId: RECORDING_ID }, topic: 'second' });
        await pauses.held(2);
        await runtime().redeploy(waitFlow(), CREDENTIALS);
        await pauses.held(4);
        const out = received(OUT);
        const caught = received(CAUGHT);
        finished = true;
        pauses.wake();
        const messages = await out.count(2);
        expect(messages.map((msg) => msg.topic).sort()).toEqual(['first', 'second']);
        for (const msg of messages) expect(msg.payload).toMatchObject({ recordingId: RECORDING_ID, videoUrl: VIDEO_URL });
        // Both waits are over: nothing is held, so nothing more can come.
        expect(pauses.pending()).toEqual([]);
        expect(sentBy(NODE)).toBe(2);
        expect(caught.messages).toEqual([]);
        expect(loggedText()).not.toContain('screenrec-wait.log.ended');
      } finally {
        pauses.restore();
      }
      // Nothing was held at the stop, so nothing is reported.
      await undeployWithNoErrorLogged();
    });

    it('Wait for Video: deleted from the flow while it holds a message, it logs an error naming the recording and sends nothing', async () => {
      service
        .restScope()
        .post(service.restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
        .times(100)
        .optionally()
        .reply(200, page([exampleRecording({ id: RECORDING_ID, url: PAGE_URL, status: 'NEW' })]));
      const pauses = holdSleeps();
      try {
        await runtime().deploy(waitFlow(), CREDENTIALS);
        helper.getNode(NODE)?.receive({ payload: { recordingId: RECORDING_ID } });
        await pauses.held(1);
        await runtime().redeploy(withoutNode(waitFlow()), CREDENTIALS);
        // The wait ended with the node: nothing is left to check again, so nothing can be sent.
        expect(pauses.pending()).toEqual([]);
        expect(loggedText()).toMatch(
          new RegExp(`screenrec-wait\\.log\\.endedByRemoval [^"]*\\{\\\\"recordingId\\\\":\\\\"${RECORDING_ID}`),
        );
      } finally {
        pauses.restore();
      }
      await undeployWithNoErrorLogged();
    });

    const actionFlow = () =>
      flowOf({ type: 'screenrec', operation: 'create', externalReference: 'ticket-9', timeout: 30 }, CONNECTION_PROPERTIES);
    /** The create's hook call, answered when released; then (unless the create is cancelled first) its lookup. */
    const createHeld = ({ lookedUp = true } = {}) => {
      const held = heldReply(200, { url: PAGE_URL });
      service.hookScope('N8N', (body: { action?: string }) => body.action === 'RECORDING').reply(held.reply);
      if (lookedUp)
        service
          .restScope()
          .post(service.restPath('/recordings/list'))
          .reply(200, page([exampleRecording({ id: RECORDING_ID, url: PAGE_URL, status: 'NEW' })]));
      return held;
    };

    it('the action node: a create under way at a full redeploy is not cut short, and its message goes out of the new instance', async () => {
      const create = createHeld();
      await runtime().deploy(actionFlow(), CREDENTIALS);
      helper.getNode(NODE)?.receive({ payload: 'go', topic: 'kept' });
      await create.asked;
      await runtime().redeploy(actionFlow(), CREDENTIALS);
      const out = received(OUT);
      create.release();
      const [msg] = await out.count(1);
      expect(msg).toMatchObject({ topic: 'kept', payload: { recordingId: RECORDING_ID, url: PAGE_URL } });
      await runtime().undeploy();
    });

    it('the action node: deleted while a create is under way, it logs an error naming the recording made', async () => {
      const create = createHeld();
      await runtime().deploy(actionFlow(), CREDENTIALS);
      helper.getNode(NODE)?.receive({ payload: 'go' });
      await create.asked;
      await runtime().redeploy(withoutNode(actionFlow()), CREDENTIALS);
      create.release();
      const line = await runtime().logLine('screenrec.log.finishedWithoutNode');
      expect(line).toContain(RECORDING_ID);
      await runtime().undeploy();
    });

    it('the action node: Node-RED stopping while a create is under way logs an error saying its outcome is unknown', async () => {
      // Never answered: the stop cancels the call, and no lookup follows.
      const create = createHeld({ lookedUp: false });
      await runtime().deploy(actionFlow(), CREDENTIALS);
      helper.getNode(NODE)?.receive({ payload: 'go' });
      await create.asked;
      await runtime().undeploy();
      expect(runtime().runtimeLog()).toEqual([
        { level: 'error', text: expect.stringContaining('screenrec.log.stoppedUnderWay') as unknown as string },
      ]);
    });

    describe('Video Ready', () => {
      const PUBLIC_URL = 'https://nodered.example/';
      // A video no other case delivered: a node remembers the videos it sent across restarts.
      const VIDEO_ID = '2d9e4f3a-5b6c-4d7e-9f8a-0b1c2d3e4f5a';
      const VIDEO_URL = `${BASE_URL}/videos/${VIDEO_ID}?expires=1&signature=abc`;
      const FRESH_URL = `${BASE_URL}/videos/${VIDEO_ID}?expires=2&signature=fresh`;
      const videoReadyFlow = (publicUrl = PUBLIC_URL) => flowOf({ type: 'screenrec-video-ready' }, { ...CONNECTION_PROPERTIES, publicUrl });
      const local = (callback: string) => `${runtime().nodeUrl}${new URL(callback).pathname}`;
      const notify = (url: string) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: VIDEO_URL }) }).then(
          (answer) => answer.status,
        );
      /** Every CALLBACK_SUBSCRIBE from now on, by the callback it gives; each answered with SUBSCRIPTION_ID (or `id`). */
      const watchSubscribes = (id = SUBSCRIPTION_ID) => {
        const callbacks: string[] = [];
        service
          .hookScope('N8N', (body: { action?: string; callback?: string }) => {
            if (body.action !== 'CALLBACK_SUBSCRIBE' || body.callback === undefined) return false;
            callbacks.push(body.callback);
            return true;
          })
          .times(5)
          .optionally()
          .reply(200, { subscriptionId: id });
        return callbacks;
      };
      /** Every CALLBACK_UNSUBSCRIBE from now on, by the subscription it names; `next` resolves with the next one. */
      const watchUnsubscribes = () => {
        const ids: string[] = [];
        let told = (_id: string) => {};
        const next = () => new Promise<string>((resolve) => (told = resolve));
        service
          .hookScope('N8N', (body: { action?: string; subscriptionId?: string }) => {
            if (body.action !== 'CALLBACK_UNSUBSCRIBE' || body.subscriptionId === undefined) return false;
            ids.push(body.subscriptionId);
            told(body.subscriptionId);
            return true;
          })
          .times(5)
          .optionally()
          .reply(200, { status: 'success' });
        return { ids, next };
      };

      /** The ID lookup of VIDEO_ID, held: it answers with the recording once released. */
      const heldLookup = () => {
        const recording = exampleRecording({ id: VIDEO_ID, url: `${BASE_URL}/r/${VIDEO_ID}` });
        const lookup = heldReply(200, {});
        service
          .restScope()
          .post(service.restPath('/recordings/list'), { ids: [VIDEO_ID], pageSize: 1 })
          .reply((uri, body, callback) => lookup.reply(uri, body, () => callback(null, [200, page([recording])])));
        return lookup;
      };

      it('a full redeploy keeps its address and subscription (no unsubscribe, no new subscribe), and a video looked up across it is sent on by the new instance', async () => {
        const subscribes = watchSubscribes();
        const unsubscribes = watchUnsubscribes();
        await runtime().deploy(videoReadyFlow(), CREDENTIALS);
        await statusShown(NODE, 'screenrec-video-ready.status.listening');
        const callback = local(subscribes[0]!);
        const lookup = heldLookup();
        service
          .restScope()
          .get(service.restPath(`/recordings/${VIDEO_ID}/presign`))
          .reply(200, { url: FRESH_URL });
        expect(await notify(callback)).toBe(200);
        // The lookup is under way when the node restarts.
        await lookup.asked;
        await runtime().redeploy(videoReadyFlow(), CREDENTIALS);
        const out = received(OUT);
        lookup.release();
        const [msg] = await out.count(1);
        expect(msg?.payload).toMatchObject({ recordingId: VIDEO_ID, videoUrl: FRESH_URL });
        // The same address is still the node's: a repeat of the video is answered and sends nothing.
        expect(await notify(callback)).toBe(200);
        expect(subscribes).toHaveLength(1);
        expect(unsubscribes.ids).toEqual([]);
        expect(sentBy(NODE)).toBe(1);
        await runtime().undeploy();
        expect(unsubscribes.ids).toEqual([]);
      });

      it('a redeploy that changes its connection unsubscribes the old subscription and subscribes a new address; the old one answers 410', async () => {
        const subscribes = watchSubscribes();
        const unsubscribes = watchUnsubscribes();
        await runtime().deploy(videoReadyFlow(), CREDENTIALS);
        await statusShown(NODE, 'screenrec-video-ready.status.listening');
        const unsubscribed = unsubscribes.next();
        await runtime().redeploy(videoReadyFlow('https://other.example/'), CREDENTIALS);
        expect(await unsubscribed).toBe(SUBSCRIPTION_ID);
        await statusShown(NODE, 'screenrec-video-ready.status.listening');
        expect(subscribes).toHaveLength(2);
        expect(subscribes[1]).toMatch(/^https:\/\/other\.example\//);
        expect(await notify(local(subscribes[0]!))).toBe(410);
        await runtime().undeploy();
      });

      it('removed while its subscribe is under way, it unsubscribes the subscription that subscribe returns', async () => {
        const subscribe = heldReply(200, { subscriptionId: SUBSCRIPTION_ID });
        service.hookScope('N8N', (body: { action?: string }) => body.action === 'CALLBACK_SUBSCRIBE').reply(subscribe.reply);
        const unsubscribes = watchUnsubscribes();
        await runtime().deploy(videoReadyFlow(), CREDENTIALS);
        await subscribe.asked;
        await runtime().redeploy(withoutNode(videoReadyFlow()), CREDENTIALS);
        const unsubscribed = unsubscribes.next();
        subscribe.release();
        expect(await unsubscribed).toBe(SUBSCRIPTION_ID);
        await runtime().undeploy();
      });

      /** Deploys the node, posts VIDEO_URL and holds its lookup: resolves once the lookup is under way. */
      const lookupUnderWay = async () => {
        const subscribes = watchSubscribes();
        const unsubscribes = watchUnsubscribes();
        await runtime().deploy(videoReadyFlow(), CREDENTIALS);
        await statusShown(NODE, 'screenrec-video-ready.status.listening');
        const lookup = heldLookup();
        expect(await notify(local(subscribes[0]!))).toBe(200);
        await lookup.asked;
        return { lookup, unsubscribes };
      };

      it('removed while a notification it answered is looked up, it logs an error naming the recording whose message goes nowhere', async () => {
        const { lookup, unsubscribes } = await lookupUnderWay();
        service
          .restScope()
          .get(service.restPath(`/recordings/${VIDEO_ID}/presign`))
          .reply(200, { url: FRESH_URL });
        const unsubscribed = unsubscribes.next();
        await runtime().redeploy(withoutNode(videoReadyFlow()), CREDENTIALS);
        expect(await unsubscribed).toBe(SUBSCRIPTION_ID);
        lookup.release();
        const line = await runtime().logLine('screenrec-video-ready.log.notSentOn');
        expect(line).toContain(VIDEO_ID);
        await runtime().undeploy();
      });

      it('when Node-RED stops while a notification it answered is looked up, it logs that no message was sent for it', async () => {
        const { lookup } = await lookupUnderWay();
        await runtime().undeploy();
        const line = await runtime().logLine('screenrec-video-ready.log.stoppedLookingUp');
        expect(line).toContain(NODE);
        // The stop cancelled the lookup: its answer, should it come, sends nothing.
        lookup.release();
      });
    });
  });
}
