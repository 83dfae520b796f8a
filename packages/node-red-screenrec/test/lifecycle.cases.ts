import { exampleRecording } from 'screenrec';
import helper from 'node-red-node-test-helper';
import { BASE_URL, RECORDING_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { serviceMock } from '@screenrec/test-support/service-mock';
import type { NodeMessage } from '../src/red';
import { CAUGHT, CONNECTION, NODE, OUT, flowOf, loggedText, sentBy } from './flows';
import { runtime } from './nock-runtime';
import { holdSleeps } from './wait-sleeps';

const API_KEY = 'node-red-api-key-11fe';
const BACKEND_TOKEN = 'node-red-backend-token-11fe';
const PAGE_URL = `${BASE_URL}/r/${RECORDING_ID}`;
const VIDEO_URL = `${BASE_URL}/videos/${RECORDING_ID}?expires=1&signature=abc`;
const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });
const CREDENTIALS = { [CONNECTION]: { apiKey: API_KEY, backendToken: BACKEND_TOKEN } };
const page = (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1 });
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
      await runtime().undeploy();
      // Nothing was held at the stop, so nothing is reported.
      expect(
        runtime()
          .runtimeLog()
          .filter(({ level }) => level === 'error'),
      ).toEqual([]);
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
      await runtime().undeploy();
      expect(
        runtime()
          .runtimeLog()
          .filter(({ level }) => level === 'error'),
      ).toEqual([]);
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
  });
}
