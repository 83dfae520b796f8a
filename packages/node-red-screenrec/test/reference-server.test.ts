import { NOT_FOUND_RECORDING, RestClient, type Recording } from 'screenrec';
import helper from 'node-red-node-test-helper';
import { startReferenceServer, type ConnectedWorkspace, type RunningServer } from '@screenrec/test-support/reference-server';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { CONNECTION, NODE, OUT, caughtError, flowOf, loggedText, nextMessage, outcomeOf, sentBy, statusShown } from './flows';
import { watchIdentifications } from './identifications';
import { startRuntime, type Runtime } from './runtime';

jest.setTimeout(60_000);

/** The nodes against the reference ScreenRec service: real requests, real answers, real callbacks. */
let server: RunningServer;
let runtime: Runtime;
let workspace: ConnectedWorkspace;
beforeAll(async () => {
  [server, runtime] = await Promise.all([startReferenceServer(), startRuntime()]);
  workspace = await server.connectWorkspace('Node-RED Workspace', 'N8N');
});
afterAll(async () => {
  await Promise.all([runtime?.stop(), server?.stop()]);
});

const connection = () => ({ serviceUrl: server.baseUrl, workspaceId: workspace.workspaceId, publicUrl: runtime.nodeUrl });
const credentials = () => ({ [CONNECTION]: { apiKey: workspace.apiKey, backendToken: workspace.backendToken } });
const deploy = (node: Record<string, unknown>) => runtime.deploy(flowOf({ timeout: 10, ...node }, connection()), credentials());
const complete = (recordingId: string) => server.adminOk(200, 'POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });

/** The recording the wait's next check reads (each check is core's getRecording), once ScreenRec has answered it. */
function nextCheck(): Promise<Recording> {
  const check = RestClient.prototype.getRecording;
  return new Promise((resolve) => {
    const watching = jest.spyOn(RestClient.prototype, 'getRecording').mockImplementation(async function (this: RestClient, ...args) {
      const recording = await check.apply(this, args);
      watching.mockRestore();
      resolve(recording);
      return recording;
    });
  });
}

/** Asks until `holds` is true of the answer: the service's state has no event to wait for. Jest's timeout is the only limit. */
async function until<T>(ask: () => Promise<T>, holds: (answer: T) => boolean): Promise<T> {
  for (;;) {
    const answer = await ask();
    if (holds(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Any Request against the reference service', () => {
  it("reaches the hook with the Backend Token and the workspace's REST API with the API Key; a refusal keeps the service's answer", async () => {
    await deploy({ type: 'screenrec', operation: 'anyRequest', method: 'POST', path: '/public/webhooks/N8N', body: '{"action":"PING"}' });
    const ping = (await outcomeOf({})).out;
    expect({ statusCode: ping?.statusCode, payload: ping?.payload }).toEqual({
      statusCode: 200,
      payload: { status: 'success', workspace: 'Node-RED Workspace' },
    });
    const listed = (await outcomeOf({ payload: { path: '/public/integration/{workspaceId}/recordings/list', body: { pageSize: 1 } } })).out;
    expect({ statusCode: listed?.statusCode, payload: listed?.payload }).toEqual({
      statusCode: 200,
      payload: expect.objectContaining({ totalElements: expect.any(Number), content: expect.any(Array) }),
    });
    expect(listed?.headers).toEqual(expect.objectContaining({ 'content-type': expect.stringContaining('application/json') }));

    const unknown = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    await deploy({ type: 'screenrec', operation: 'anyRequest', path: `/public/integration/{workspaceId}/recordings/${unknown}/presign` });
    const { caught } = await outcomeOf({});
    expect(caughtError(caught).code).toBe('NOT_FOUND');
    expect(caught?.statusCode).toBe(404);
    expectNoSecretsIn([caught, loggedText()], [workspace.apiKey, workspace.backendToken]);
  });
});

describe('the action node against the reference service', () => {
  it('creates a recording link (finding the token integration), then gets, finds, updates, tags and deletes the recording', async () => {
    await deploy({ type: 'screenrec', operation: 'create', externalReference: 'nr-ticket-1', tags: 'node-red' });
    const created = (await outcomeOf({})).out?.payload as Record<string, unknown>;
    expect(created).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
      externalReference: 'nr-ticket-1',
      tags: ['node-red'],
      status: 'NEW',
      detailsError: null,
    });
    const recordingId = String(created.recordingId);

    await deploy({ type: 'screenrec', operation: 'get' });
    expect((await outcomeOf({ payload: { recordingId } })).out?.payload).toMatchObject({
      id: recordingId,
      status: 'NEW',
      externalReference: 'nr-ticket-1',
    });
    expect((await outcomeOf({ operation: 'getAll', payload: { externalReference: 'nr-ticket-1' } })).out?.payload).toEqual([
      expect.objectContaining({ id: recordingId }),
    ]);
    expect((await outcomeOf({ operation: 'update', payload: { recordingId, tags: ['node-red', 'updated'] } })).out?.payload).toMatchObject({
      tags: ['node-red', 'updated'],
    });
    expect((await outcomeOf({ operation: 'searchTags', payload: { query: 'UPDAT' } })).out?.payload).toEqual(['updated']);
    expect((await outcomeOf({ operation: 'delete', payload: { recordingId } })).out?.payload).toMatchObject({
      id: recordingId,
      deleted: true,
    });
    expect(caughtError((await outcomeOf({ payload: { recordingId } })).caught)).toEqual({
      message: expect.stringContaining(NOT_FOUND_RECORDING),
      code: 'NOT_FOUND',
    });
  });

  it('requests a recording by e-mail and holds a message in Wait for Video until it is finished', async () => {
    await deploy({ type: 'screenrec', operation: 'request', email: 'ana@example.com' });
    const requested = (await outcomeOf({})).out?.payload as { id: string; status: string };
    expect(requested.status).toBe('NEW');

    await deploy({ type: 'screenrec-wait', timeLimit: 1 });
    const released = nextMessage(OUT);
    const firstCheck = nextCheck();
    helper.getNode('node-under-test')?.receive({ payload: requested });
    // The wait has asked once and found it not finished (not a set delay that a slow machine could outlast first).
    expect((await firstCheck).status).toBe('NEW');
    await complete(requested.id);
    expect((await released).payload).toMatchObject({
      id: requested.id,
      recordingId: requested.id,
      status: 'COMPLETED',
      videoUrl: expect.stringContaining(requested.id),
    });
  });
});

describe('Video Ready against the reference service', () => {
  it('subscribes on deploy, sends one message for a finished recording delivered twice, keeps its subscription across a full redeploy, and leaves none once removed', async () => {
    await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 2 });
    const subscriptions = () => server.adminOk<unknown[]>(200, 'GET', `/admin/workspaces/${workspace.workspaceId}/subscriptions`);
    await deploy({ type: 'screenrec', operation: 'request' });
    const requested = (await outcomeOf({})).out?.payload as { id: string };

    await deploy({ type: 'screenrec-video-ready' });
    // The node shows it is listening once ScreenRec has answered its subscription.
    await statusShown(NODE, 'screenrec-video-ready.status.listening');
    expect(await subscriptions()).toHaveLength(1);
    const sent = jest.fn();
    helper.getNode(OUT)?.on('input', sent);
    const message = nextMessage(OUT);
    const identifications = watchIdentifications();
    try {
      await complete(requested.id);
      expect((await message).payload).toMatchObject({
        recordingId: requested.id,
        recording: expect.objectContaining({ status: 'COMPLETED' }),
        detailsError: null,
      });
      // Both deliveries answered by the node, which starts whatever it does for one before answering it: once that has
      // ended, the count of messages is final, on any machine.
      const deliveries = await until(
        async () =>
          (await server.adminOk<Array<{ recordingId: string; state: string }>>(200, 'GET', '/admin/deliveries')).filter(
            (delivery) => delivery.recordingId === requested.id,
          ),
        (ofIt) => ofIt.length === 2 && ofIt.every((delivery) => delivery.state === 'DELIVERED'),
      );
      expect(deliveries).toHaveLength(2);
      await identifications.allEnded();
    } finally {
      identifications.restore();
    }
    expect(sentBy(NODE)).toBe(1);
    expect(sent).toHaveBeenCalledTimes(1);

    const [subscription] = await subscriptions();
    const flow = flowOf({ timeout: 10, type: 'screenrec-video-ready' }, connection());
    await runtime.redeploy(flow, credentials());
    // The same subscription, the same address: nothing is unsubscribed or subscribed by a redeploy that keeps the node.
    expect(await subscriptions()).toEqual([subscription]);
    await runtime.redeploy(
      flow.filter((node) => (node as { id?: string }).id !== NODE),
      credentials(),
    );
    expect(await subscriptions()).toEqual([]);
    await runtime.undeploy();
    await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 1 });
    expectNoSecretsIn([loggedText(), helper._redNodes.getFlows()], [workspace.apiKey, workspace.backendToken]);
  });
});
