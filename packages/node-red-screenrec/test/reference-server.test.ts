import { NOT_FOUND_RECORDING } from '@screenrec/core';
import helper from 'node-red-node-test-helper';
import { startReferenceServer, type ConnectedWorkspace, type RunningServer } from '@screenrec/test-support/reference-server';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { CONNECTION, OUT, caughtError, flowOf, loggedText, nextMessage, outcomeOf } from './flows';
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
    helper.getNode('node-under-test')?.receive({ payload: requested });
    await new Promise((resolve) => setTimeout(resolve, 100));
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
  it('subscribes on deploy, sends one message for a finished recording delivered twice, and leaves no subscription after it is stopped', async () => {
    await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 2 });
    const subscriptions = () => server.adminOk<unknown[]>(200, 'GET', `/admin/workspaces/${workspace.workspaceId}/subscriptions`);
    await deploy({ type: 'screenrec', operation: 'request' });
    const requested = (await outcomeOf({})).out?.payload as { id: string };

    await deploy({ type: 'screenrec-video-ready' });
    for (let tries = 0; (await subscriptions()).length === 0; tries++) {
      if (tries > 100) throw new Error('Video Ready did not subscribe');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sent = jest.fn();
    helper.getNode(OUT)?.on('input', sent);
    const message = nextMessage(OUT);
    await complete(requested.id);
    expect((await message).payload).toMatchObject({
      recordingId: requested.id,
      recording: expect.objectContaining({ status: 'COMPLETED' }),
      detailsError: null,
    });
    for (let tries = 0; (await server.adminOk<unknown[]>(200, 'GET', '/admin/deliveries')).length < 2; tries++) {
      if (tries > 100) throw new Error('the service did not deliver twice');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toHaveBeenCalledTimes(1);

    await runtime.undeploy();
    expect(await subscriptions()).toEqual([]);
    await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 1 });
    expectNoSecretsIn([loggedText(), helper._redNodes.getFlows()], [workspace.apiKey, workspace.backendToken]);
  });
});
