import { createHash, createHmac } from 'node:crypto';
import nock from 'nock';
import { ExecuteContext, WebhookContext } from 'n8n-core';
import {
  NodeOperationError,
  Workflow,
  type ICredentialsHelper,
  type IDataObject,
  type INode,
  type INodeExecutionData,
  type INodeTypes,
  type IRunExecutionData,
  type IWebhookData,
  type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { UNAUTHORIZED_MESSAGE, foreignVideoLinkMessage, refusedLookupFailedReason, unconfirmedLinkMessage } from 'screenrec';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import {
  LONGEST_WAIT_DAYS,
  NOT_AS_TOOL,
  ONE_RECORDING_PER_EXECUTION,
} from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/actions/recording/waitForVideo/waitForVideo.operation';
import {
  ALREADY_RESUMING,
  ANOTHER_RECORDING,
  LOOKUP_FAILED,
  NOT_FINISHED_YET,
  NOT_THIS_EXECUTIONS_SUBSCRIPTION,
  RESUMING,
  RESUMING_UNCONFIRMED,
  WAIT_GONE,
} from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/actions/recording/waitForVideo/waitForVideo.webhook';
import { forgetResumeClaims } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/actions/recording/waitForVideo/resume-claims';
import { BACKEND_TOKEN, CREDENTIAL, RECORDING_ID, SUBSCRIPTION_ID, byId, captureWarnings, fakeHttpResponse } from './harness';
import { failureOf, hookScope, restPath, restScope, setUpNock } from './nock-setup';

// "Wait for Video" inside n8n-core's real contexts: the execute context that puts the execution to wait (its
// $execution.resumeUrl is n8n's own), then the webhook context n8n builds for a POST to that resume URL, from the
// same stored execution data (the waiting node's stack entry included, which the node leaves as n8n made it).
// ScreenRec is nock.

setUpNock();

// Core's waits between retries pass at once, and no clock is faked: see retry-waits.ts.
jest.mock('../../packages/n8n-nodes-screenrec/lib/sleep', () =>
  jest.requireActual<typeof import('./retry-waits')>('./retry-waits').sleepWithRetryWaitsPassed(),
);

const EXECUTION_ID = '4711';
const RESUME_URL = `https://n8n.example.com/webhook-waiting/${EXECUTION_ID}`;
const CALLBACK = new RegExp(`^${RESUME_URL}\\?recording=${RECORDING_ID}&secret=[0-9a-f]{64}$`);
/** The secret the callback URL must carry, worked out here from the scheme the docs give (HMAC-SHA256 keyed by the Backend Token). */
const expectedSecret = (executionId = EXECUTION_ID, nodeName = 'Wait for Video', recordingId = RECORDING_ID) =>
  createHmac('sha256', BACKEND_TOKEN)
    .update(JSON.stringify(['screenrec-wait-for-video', executionId, nodeName, recordingId]))
    .digest('hex');
const DAY_MS = 86_400_000;
const OTHER_RECORDING_ID = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const videoLink = (id: string) => `https://media.screenrec.test/videos/${id}?expires=1900000000&signature=abc`;
/** What ScreenRec signs afresh when asked: what a resumed execution carries, whatever link was posted. */
const freshLink = (id: string) => `https://media.screenrec.test/videos/${id}?expires=1900003600&signature=fresh`;
const recording = (overrides: IDataObject = {}) => ({
  id: RECORDING_ID,
  status: 'NEW',
  tags: ['support'],
  comment: '',
  externalReference: 'T-1',
  ...overrides,
});

function standIn<T extends object>(members: Partial<T>): T {
  return new Proxy(members as T, {
    get: (target, property) =>
      property in target
        ? (target as Record<PropertyKey, unknown>)[property]
        : typeof property === 'symbol' || property === 'then'
          ? undefined
          : () => undefined,
  });
}

/** One workflow with one ScreenRec node (Wait for Video) and the stored data of one execution of it. */
function waitingWorkflow(
  parameters: IDataObject = {},
  options: {
    nodeType?: string;
    webhookBaseUrl?: string;
    staticData?: IDataObject;
    storedExecutions?: Record<string, unknown>;
    /** How the resume URL's webhook reaches the execution's custom data (n8n 2.3, the default: through expressions only). */
    webhookCustomData?: 'own (n8n 2.41)' | 'none';
  } = {},
) {
  const nodeType = new ScreenRec();
  const node: INode = {
    id: 'wait-node',
    name: 'Wait for Video',
    type: options.nodeType ?? 'n8n-nodes-screenrec.screenRec',
    typeVersion: 1,
    position: [0, 0],
    parameters: {
      resource: 'recording',
      operation: 'waitForVideo',
      recordingId: byId(RECORDING_ID),
      allowHttpWebhook: false,
      ...parameters,
    },
    credentials: { screenRecApi: { id: '1', name: 'ScreenRec account' } },
  };
  const workflow = new Workflow({
    id: 'wf-wait',
    nodes: [node],
    connections: {},
    active: true,
    nodeTypes: standIn<INodeTypes>({ getByName: () => nodeType, getByNameAndVersion: () => nodeType }),
    staticData: options.staticData ?? {},
  });
  const credentialsHelper = standIn<ICredentialsHelper>({
    getParentTypes: () => [],
    preAuthentication: async () => undefined,
    getDecrypted: async () => ({ ...CREDENTIAL }),
  });
  const additionalData = (extra: Partial<IWorkflowExecuteAdditionalData> = {}) =>
    standIn<IWorkflowExecuteAdditionalData>({
      credentialsHelper,
      executionId: EXECUTION_ID,
      webhookWaitingBaseUrl: options.webhookBaseUrl ?? 'https://n8n.example.com/webhook-waiting',
      formWaitingBaseUrl: 'https://n8n.example.com/form-waiting',
      // Other executions as n8n's database holds them (the sweep of subscriptions left behind reads them).
      getRunExecutionData: async (id: string) => options.storedExecutions?.[id] as IRunExecutionData | undefined,
      ...extra,
    });
  // What n8n stores of the execution: the wait itself and the custom data the node set.
  const execution = { resultData: { runData: {} } } as unknown as IRunExecutionData;

  /** The node's execute(), as the engine runs it in a production execution. */
  const execute = async (items: INodeExecutionData[] = [{ json: { ticket: 'T-1' } }]) => {
    const entry = { node, data: { main: [items] }, source: null };
    const context = new ExecuteContext(workflow, node, additionalData(), 'webhook', execution, 0, items, { main: [items] }, entry, []);
    const [output] = await nodeType.execute.call(context);
    // As n8n's engine does when a node put the execution to wait: its stack entry is stored to run it again.
    if (execution.waitTill !== undefined)
      execution.executionData = { nodeExecutionStack: [entry] } as unknown as IRunExecutionData['executionData'];
    return output ?? [];
  };

  /** A POST to the resume URL: n8n hands it to the node's webhook() with the stored execution data. */
  const post = async (body: unknown, query: Record<string, string>) => {
    const { response, httpResponse } = fakeHttpResponse();
    const webhookData = standIn<IWebhookData>({ webhookDescription: nodeType.description.webhooks![0]!, isTest: false });
    const context = new WebhookContext(
      workflow,
      node,
      additionalData({ httpRequest: { body, query, headers: {} } as never, httpResponse: httpResponse as never }),
      'webhook',
      webhookData,
      [],
      execution,
    );
    if (options.webhookCustomData !== undefined) reachCustomData(context, execution, options.webhookCustomData);
    const warnings = captureWarnings(context.logger);
    try {
      return { result: await nodeType.webhook.call(context), response, warnings: warnings.messages() };
    } finally {
      warnings.restore();
    }
  };
  return {
    execute,
    post,
    execution,
    notes: () => (workflow.staticData['node:Wait for Video'] as IDataObject | undefined)?.waitingExecutions,
  };
}

/**
 * n8n 2.41 gives every node context its own `customData`, and its expressions (run in an isolate) reach no function of
 * `$execution`; with 'none', neither way reaches it (the context's `customData` throws, as n8n's does without data).
 */
function reachCustomData(context: WebhookContext, execution: IRunExecutionData, how: 'own (n8n 2.41)' | 'none'): void {
  const evaluate = context.evaluateExpression.bind(context);
  Object.defineProperty(context, 'evaluateExpression', {
    value: (expression: string, itemIndex?: number) => {
      if (!expression.includes('customData')) return evaluate(expression, itemIndex);
      if (how === 'none') throw new Error('customData is not a function');
      return undefined;
    },
  });
  Object.defineProperty(context, 'customData', {
    get: () => {
      if (how === 'none') throw new Error('Cannot access customData: runExecutionData is not available in this context');
      return {
        get: (key: string) => execution.resultData.metadata?.[key],
        set: (key: string, value: string) => void ((execution.resultData.metadata ??= {})[key] = value),
      };
    },
  });
}

const presign = (id = RECORDING_ID) =>
  restScope()
    .get(restPath(`/recordings/${id}/presign`))
    .reply(200, { url: videoLink(id) });
/** ScreenRec has no GET of one recording: core lists by its id, for a Recording field and for a video's link alike. */
const lookup = (id: string, answer?: IDataObject) =>
  restScope()
    .post(restPath('/recordings/list'), { ids: [id], pageSize: 1 })
    .reply(200, { content: answer === undefined ? [] : [answer], totalElements: answer === undefined ? 0 : 1, totalPages: 1 });
const getRecording = (answer: IDataObject) => lookup(RECORDING_ID, answer);
let subscribed: string | undefined;
const subscribe = () =>
  hookScope((body: { action?: string; callback?: string }) => {
    if (body.action !== 'CALLBACK_SUBSCRIBE' || !CALLBACK.test(String(body.callback))) return false;
    subscribed = body.callback;
    return true;
  }).reply(200, { subscriptionId: SUBSCRIPTION_ID });
const unsubscribe = (subscriptionId = SUBSCRIPTION_ID) =>
  hookScope({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId }).reply(200, { status: 'success' });
/** The query of the subscribed URL, as n8n hands it to the webhook. */
const queryOf = (url: string | undefined): Record<string, string> => Object.fromEntries(new URL(String(url)).searchParams);

/** Puts a fresh execution to wait for RECORDING_ID: read, subscribe, read again, wait. */
async function waiting(parameters: IDataObject = {}, options: Parameters<typeof waitingWorkflow>[1] = {}) {
  subscribed = undefined;
  const run = waitingWorkflow(parameters, options);
  getRecording(recording());
  subscribe();
  getRecording(recording({ status: 'RECORDING' }));
  const output = await run.execute();
  return { ...run, output, query: queryOf(subscribed) };
}

/** Its video finished: the resume removes the wait's subscription itself and answers that notification 410. */
async function expectResumeRemovingItsSubscription(
  post: Awaited<ReturnType<typeof waiting>>['post'],
  query: Record<string, string>,
): Promise<void> {
  getRecording(recording({ status: 'COMPLETED' }));
  presign();
  const removed = unsubscribe();
  const { response } = await post({ result: videoLink(RECORDING_ID) }, query);
  expect(removed.isDone()).toBe(true);
  expect(response).toEqual({ statusCode: 410, body: { message: RESUMING } });
}

describe('Wait for Video: putting the execution to wait', () => {
  it("subscribes the resume URL with the recording and this wait's secret, and leaves n8n's execution data as n8n made it", async () => {
    const { output, execution, query } = await waiting();
    expect(subscribed).toMatch(CALLBACK);
    expect(query).toEqual({ recording: RECORDING_ID, secret: expectedSecret() });
    expect(output).toEqual([{ json: { ticket: 'T-1' }, pairedItem: { item: 0 } }]);
    // Neither the secret nor any state is written into what n8n stores: the waiting item is the input as it came.
    expect(JSON.stringify(execution)).not.toContain(query.secret);
    expect(execution.executionData?.nodeExecutionStack[0]?.data.main).toEqual([[{ json: { ticket: 'T-1' } }]]);
  });

  it(`without Limit Wait Time still waits at most ${LONGEST_WAIT_DAYS} days: n8n then goes on by itself`, async () => {
    const before = Date.now();
    const { execution } = await waiting();
    const waitTill = execution.waitTill!.getTime();
    expect(LONGEST_WAIT_DAYS).toBe(30);
    expect(waitTill).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(waitTill).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('waits until the Limit Wait Time when one is set', async () => {
    const before = Date.now();
    const { execution } = await waiting({ limitWaitTime: true, limitAmount: 2, limitUnit: 'hours' });
    const waitTill = execution.waitTill!.getTime();
    expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(waitTill).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
  });

  it('goes on at once, subscribing nothing, when the video is ready already', async () => {
    const run = waitingWorkflow();
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const output = await run.execute();
    expect(run.execution.waitTill).toBeUndefined();
    expect(output).toEqual([
      {
        json: expect.objectContaining({
          id: RECORDING_ID,
          status: 'COMPLETED',
          recordingId: RECORDING_ID,
          videoUrl: videoLink(RECORDING_ID),
          videoKey: `https://media.screenrec.test/videos/${RECORDING_ID}`,
        }),
        pairedItem: { item: 0 },
      },
    ]);
  });

  it('goes on at once and unsubscribes when the video became ready while it subscribed (no notification would come)', async () => {
    const run = waitingWorkflow();
    getRecording(recording());
    subscribe();
    getRecording(recording({ status: 'COMPLETED' }));
    unsubscribe();
    presign();
    const output = await run.execute();
    expect(run.execution.waitTill).toBeUndefined();
    expect(output[0]?.json).toMatchObject({ recordingId: RECORDING_ID, videoUrl: videoLink(RECORDING_ID) });
  });

  it('fails before subscribing anything for a recording ScreenRec does not know', async () => {
    const run = waitingWorkflow();
    lookup(RECORDING_ID);
    const failure = await failureOf(() => run.execute());
    expect(failure.message).toMatch(/no recording with this ID/);
    expect(run.execution.waitTill).toBeUndefined();
  });

  it('refuses an http resume URL, with the fix, unless Allow HTTP is on', async () => {
    const run = waitingWorkflow({}, { webhookBaseUrl: 'http://localhost:5678/webhook-waiting' });
    getRecording(recording());
    const failure = await failureOf(() => run.execute());
    expect(failure.message).toMatch(/^Set n8n's WEBHOOK_URL to this instance's public https address/);
    expect(run.execution.waitTill).toBeUndefined();
  });

  it('waits for one recording per execution, and not as an AI tool (the model is told so, and nothing is subscribed)', async () => {
    const several = await failureOf(() => waitingWorkflow().execute([{ json: {} }, { json: {} }]));
    expect(several).toBeInstanceOf(NodeOperationError);
    expect(several.message).toBe(ONE_RECORDING_PER_EXECUTION);
    const asTool = waitingWorkflow({}, { nodeType: 'n8n-nodes-screenrec.screenRecTool' });
    expect(await asTool.execute()).toEqual([
      {
        json: {
          error: NOT_AS_TOOL.split(' Use it as a regular node.')[0],
          hint: 'Calling the tool again will not help: tell the user that ScreenRec is not set up correctly in this workflow, so that whoever maintains the workflow can fix it.',
        },
        pairedItem: { item: 0 },
      },
    ]);
    expect(asTool.execution.waitTill).toBeUndefined();
  });
});

describe('Wait for Video: waiting again in the same execution (a workflow that loops back after the time limit)', () => {
  const NEXT = 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b';

  it("removes the earlier wait's subscription and subscribes afresh while the video is not there", async () => {
    const { execute, notes } = await waiting({ limitWaitTime: true, limitAmount: 10, limitUnit: 'minutes' });
    getRecording(recording({ status: 'RECORDING' }));
    const removed = unsubscribe();
    hookScope({ action: 'CALLBACK_SUBSCRIBE', callback: subscribed }).reply(200, { subscriptionId: NEXT });
    getRecording(recording({ status: 'RECORDING' }));
    expect(await execute()).toEqual([{ json: { ticket: 'T-1' }, pairedItem: { item: 0 } }]);
    expect(removed.isDone()).toBe(true);
    expect(notes()).toEqual({ [EXECUTION_ID]: NEXT });
  });

  it("finds the earlier wait's subscription in the execution's custom data when the resumed run does not see the static data the pause saved (n8n 2.41)", async () => {
    const staticData: IDataObject = {};
    const { execute, execution } = await waiting({ limitWaitTime: true, limitAmount: 10, limitUnit: 'minutes' }, { staticData });
    expect(execution.resultData.metadata).toEqual({ screenRecWaitSubscription: SUBSCRIPTION_ID });
    delete staticData['node:Wait for Video'];
    execution.waitTill = undefined;
    getRecording(recording({ status: 'COMPLETED' }));
    const removed = unsubscribe();
    presign();
    await execute();
    expect(removed.isDone()).toBe(true);
    expect(execution.resultData.metadata).toEqual({ screenRecWaitSubscription: '' });
  });

  it("goes on with the video when it finished meanwhile (its notification lost), removing the earlier wait's subscription", async () => {
    const { execute, execution, notes } = await waiting({ limitWaitTime: true, limitAmount: 10, limitUnit: 'minutes' });
    execution.waitTill = undefined;
    getRecording(recording({ status: 'COMPLETED' }));
    const removed = unsubscribe();
    presign();
    expect(await execute()).toEqual([
      { json: expect.objectContaining({ recordingId: RECORDING_ID, videoUrl: videoLink(RECORDING_ID) }), pairedItem: { item: 0 } },
    ]);
    expect(execution.waitTill).toBeUndefined();
    expect(removed.isDone()).toBe(true);
    expect(notes()).toEqual({});
  });
});

describe('Wait for Video: subscriptions left by executions that timed out or were stopped', () => {
  const LEFT = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
  const KEPT = 'd4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f7a';

  it("notes the waiting execution's subscription in the node's static data", async () => {
    const { notes } = await waiting();
    expect(notes()).toEqual({ [EXECUTION_ID]: SUBSCRIPTION_ID });
  });

  it('a later run removes the subscriptions of noted executions that no longer wait (stopped, timed out, deleted) and keeps the waiting ones', async () => {
    const staticData = { 'node:Wait for Video': { waitingExecutions: { '11': LEFT, '12': KEPT, '13': LEFT, '14': LEFT } } };
    const storedExecutions = {
      // Stopped: n8n leaves the wait time in the data and adds the cancellation as the error.
      '11': { waitTill: new Date(), resultData: { error: { message: 'The execution was cancelled' }, runData: {} } },
      '12': { waitTill: new Date(Date.now() + 60_000), resultData: { runData: {} } },
      // Timed out and finished: no wait time any more.
      '13': { resultData: { runData: {} } },
      // '14' was deleted.
    };
    const removed = [1, 2, 3].map(() =>
      hookScope({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: LEFT }).reply(200, { status: 'success' }),
    );
    const { notes } = await waiting({}, { staticData, storedExecutions });
    expect(removed.every((scope) => scope.isDone())).toBe(true);
    expect(notes()).toEqual({ '12': KEPT, [EXECUTION_ID]: SUBSCRIPTION_ID });
  });
});

describe('Wait for Video: a notification at the resume URL', () => {
  // Every test's execution has the same ID: a claim must not outlive its test.
  beforeEach(forgetResumeClaims);

  it("resumes with the recording and a fresh link to its video when it is this recording's video, removing the subscription and answering 410", async () => {
    const { post, query } = await waiting();
    lookup(RECORDING_ID, recording({ status: 'COMPLETED' }));
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: freshLink(RECORDING_ID) });
    const removed = unsubscribe();
    const { result, response } = await post({ result: videoLink(RECORDING_ID) }, query);
    // Removed by the node too: a 410 that never reaches ScreenRec (n8n answering after its timeout) would leave it.
    expect(removed.isDone()).toBe(true);
    expect(response).toEqual({ statusCode: 410, body: { message: RESUMING } });
    expect(result).toEqual({
      noWebhookResponse: true,
      workflowData: [
        [
          {
            json: expect.objectContaining({
              id: RECORDING_ID,
              status: 'COMPLETED',
              externalReference: 'T-1',
              recordingId: RECORDING_ID,
              videoUrl: freshLink(RECORDING_ID),
              videoKey: `https://media.screenrec.test/videos/${RECORDING_ID}`,
            }),
          },
        ],
      ],
    });
  });

  it("finds the subscription to remove in the execution's custom data, through an expression (n8n 2.3), when the static data given holds no note", async () => {
    const { post, query, notes } = await waiting();
    delete (notes() as IDataObject)[EXECUTION_ID];
    await expectResumeRemovingItsSubscription(post, query);
  });

  it("finds the subscription to remove in the context's own custom data where expressions reach none (n8n 2.41)", async () => {
    const { post, query, notes } = await waiting({}, { webhookCustomData: 'own (n8n 2.41)' });
    delete (notes() as IDataObject)[EXECUTION_ID];
    await expectResumeRemovingItsSubscription(post, query);
  });

  it('finds the subscription to remove in the static data the pause saved when no custom data can be reached', async () => {
    const { post, query } = await waiting({}, { webhookCustomData: 'none' });
    await expectResumeRemovingItsSubscription(post, query);
  });

  it('still resumes, answering 410, when ScreenRec refuses to remove the subscription (the 410 removes it then)', async () => {
    const { post, query } = await waiting();
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const refused = hookScope({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID }).reply(500, {
      error: 'Internal Server Error',
    });
    const { result, response } = await post({ result: videoLink(RECORDING_ID) }, query);
    expect(refused.isDone()).toBe(true);
    expect(response).toEqual({ statusCode: 410, body: { message: RESUMING } });
    expect(result.workflowData).toEqual([[{ json: expect.objectContaining({ recordingId: RECORDING_ID }) }]]);
  });

  it('a forged post of a foreign link naming the awaited recording resumes only with the link ScreenRec gives', async () => {
    const { post, query } = await waiting();
    lookup(RECORDING_ID, recording({ status: 'COMPLETED' }));
    presign();
    const { result } = await post({ result: `https://forger.example.org/${RECORDING_ID}.webm?token=1` }, query);
    expect(result.workflowData).toEqual([
      [{ json: expect.objectContaining({ recordingId: RECORDING_ID, videoUrl: videoLink(RECORDING_ID) }) }],
    ]);
    expect(JSON.stringify(result)).not.toContain('forger.example.org');
  });

  it.each([
    [
      "answers another recording's video 200 and leaves the execution waiting, subscribed, while its own recording is not finished",
      OTHER_RECORDING_ID,
      ANOTHER_RECORDING,
    ],
    [
      "keeps waiting, answering 200, when its own recording's notification comes before ScreenRec lists the recording as finished",
      RECORDING_ID,
      NOT_FINISHED_YET,
    ],
  ])('%s', async (_case, linkedRecordingId, message) => {
    const { post, query } = await waiting();
    getRecording(recording({ status: 'PROCESSING' }));
    const { result, response } = await post({ result: videoLink(linkedRecordingId) }, query);
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response).toEqual({ statusCode: 200, body: { message } });
  });

  it("resumes on another recording's video once its own recording is finished (its own notification was lost), with a fresh link", async () => {
    const { post, query } = await waiting();
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const { result, response } = await post({ result: videoLink(OTHER_RECORDING_ID) }, query);
    expect(response.statusCode).toBe(410);
    expect(result.workflowData).toEqual([
      [{ json: expect.objectContaining({ recordingId: RECORDING_ID, videoUrl: videoLink(RECORDING_ID) }) }],
    ]);
  });

  it('answers 503 and keeps waiting, subscribed, when ScreenRec cannot be asked and the link does not name the awaited recording', async () => {
    const { post, query } = await waiting();
    restScope().post(restPath('/recordings/list')).reply(502, 'bad gateway');
    const { result, response } = await post({ result: videoLink(OTHER_RECORDING_ID) }, query);
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response).toEqual({ statusCode: 503, body: { message: LOOKUP_FAILED } });
  });

  it('resumes, flagged, with the posted link when ScreenRec cannot be asked and the link names the awaited recording; nothing is downloaded from it', async () => {
    const { post, query } = await waiting({ download: true });
    restScope().post(restPath('/recordings/list')).reply(401, { message: 'Unauthorized' });
    const removed = unsubscribe();
    const { result, response } = await post({ result: videoLink(RECORDING_ID) }, query);
    expect(removed.isDone()).toBe(true);
    expect(response).toEqual({ statusCode: 410, body: { message: RESUMING_UNCONFIRMED } });
    expect(result.workflowData).toEqual([
      [
        {
          json: {
            recordingId: RECORDING_ID,
            videoUrl: videoLink(RECORDING_ID),
            videoKey: `https://media.screenrec.test/videos/${RECORDING_ID}`,
            linkConfirmed: false,
            detailsError: unconfirmedLinkMessage(refusedLookupFailedReason(UNAUTHORIZED_MESSAGE)),
            downloadError: foreignVideoLinkMessage('media.screenrec.test'),
          },
        },
      ],
    ]);
  });

  it('keeps waiting (503) when ScreenRec cannot be asked and the link naming the awaited recording is plain http off the Service URL', async () => {
    const { post, query } = await waiting();
    restScope().post(restPath('/recordings/list')).reply(401, { message: 'Unauthorized' });
    const { response } = await post({ result: `http://media.screenrec.test/videos/${RECORDING_ID}` }, query);
    expect(response).toEqual({ statusCode: 503, body: { message: LOOKUP_FAILED } });
  });

  it('resumes once when several notifications find the recording finished at the same moment; the others are answered 200', async () => {
    const { post, query } = await waiting();
    getRecording(recording({ status: 'COMPLETED' }));
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const [first, second] = await Promise.all([
      post({ result: videoLink(RECORDING_ID) }, query),
      post({ result: videoLink(RECORDING_ID) }, query),
    ]);
    const resumed = [first, second].filter((posted) => posted.result.workflowData !== undefined);
    const answered = [first, second].filter((posted) => posted.result.workflowData === undefined);
    expect(resumed).toHaveLength(1);
    expect(answered.map((posted) => posted.response)).toEqual([{ statusCode: 200, body: { message: ALREADY_RESUMING } }]);
  });

  it('gives its claim back when the resume cannot be prepared, so a later notification resumes the execution', async () => {
    const { post, query } = await waiting();
    getRecording(recording({ status: 'COMPLETED' }));
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(500, 'oops');
    const failed = await post({ result: videoLink(OTHER_RECORDING_ID) }, query);
    expect(failed.response.statusCode).toBe(500);
    expect(failed.result).toEqual({ noWebhookResponse: true });
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const { result } = await post({ result: videoLink(OTHER_RECORDING_ID) }, query);
    expect(result.workflowData).toBeDefined();
  });

  it('answers 401 and leaves the execution waiting without a secret (it came from no subscription)', async () => {
    const { post } = await waiting();
    for (const query of [{}, { recording: RECORDING_ID }, { recording: RECORDING_ID, secret: '' }] as Array<Record<string, string>>) {
      const { result, response, warnings } = await post({ result: videoLink(RECORDING_ID) }, query);
      expect(result).toEqual({ noWebhookResponse: true });
      expect(response).toEqual({ statusCode: 401, body: { message: NOT_THIS_EXECUTIONS_SUBSCRIPTION } });
      expect(warnings).toEqual([
        'Wait for Video refused a request without a secret (answered 401; the execution keeps waiting): it did not come from a ScreenRec subscription.',
      ]);
    }
  });

  it("answers 410 to a secret this wait does not hold (wrong, another execution's or node's, another recording's, another Backend Token's), so ScreenRec drops that subscription; the execution keeps waiting", async () => {
    const { post, query } = await waiting();
    const otherToken = createHmac('sha256', 'another-token')
      .update(JSON.stringify(['screenrec-wait-for-video', EXECUTION_ID, 'Wait for Video', RECORDING_ID]))
      .digest('hex');
    const refused: Array<Record<string, string>> = [
      { ...query, secret: 'f'.repeat(64) },
      { ...query, secret: 'short' },
      { ...query, secret: expectedSecret('4712') },
      { ...query, secret: expectedSecret(EXECUTION_ID, 'Wait for Video 2') },
      { recording: OTHER_RECORDING_ID, secret: query.secret! },
      { ...query, secret: otherToken },
    ];
    for (const refusedQuery of refused) {
      const { result, response, warnings } = await post({ result: videoLink(RECORDING_ID) }, refusedQuery);
      expect(result).toEqual({ noWebhookResponse: true });
      expect(response).toEqual({ statusCode: 410, body: { message: WAIT_GONE } });
      expect(warnings).toEqual([
        'Wait for Video received a notification for a subscription it no longer holds (a wrong secret, or one of an earlier wait): answered 410 so ScreenRec drops that subscription; the execution keeps waiting.',
      ]);
    }
    // Its own subscription still resumes it.
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    expect((await post({ result: videoLink(RECORDING_ID) }, query)).result.workflowData).toBeDefined();
  });

  it('answers 400 to a body that is not a video-ready notification', async () => {
    const { post, query } = await waiting();
    const { result, response } = await post({ hello: 'world' }, query);
    expect(result).toEqual({ noWebhookResponse: true });
    expect(response.statusCode).toBe(400);
  });

  it('with a link that names no recording, resumes only once the awaited recording is finished', async () => {
    const { post, query } = await waiting();
    const storageLink = 'https://storage.screenrec.test/objects/abc?sig=1';
    getRecording(recording({ status: 'PROCESSING' }));
    expect((await post({ result: storageLink }, query)).response).toEqual({ statusCode: 200, body: { message: ANOTHER_RECORDING } });
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const { result } = await post({ result: storageLink }, query);
    expect(result.workflowData).toEqual([
      [{ json: expect.objectContaining({ recordingId: RECORDING_ID, videoUrl: videoLink(RECORDING_ID) }) }],
    ]);
  });

  it('with Download Video, resumes with the video as binary data', async () => {
    const { post, query } = await waiting({ download: true, binaryPropertyName: 'video' });
    lookup(RECORDING_ID, recording({ status: 'COMPLETED' }));
    presign();
    const bytes = Buffer.from('webm video bytes');
    nock('https://media.screenrec.test').get(`/videos/${RECORDING_ID}`).query(true).reply(200, bytes, { 'content-type': 'video/webm' });
    const { result } = await post({ result: videoLink(RECORDING_ID) }, query);
    const item = (result.workflowData as INodeExecutionData[][])[0]![0]!;
    expect(item.json.downloadError).toBeUndefined();
    expect(item.binary?.video).toMatchObject({ mimeType: 'video/webm', fileName: `screenrec-${RECORDING_ID}.webm` });
    expect(Buffer.from(item.binary!.video!.data, 'base64')).toEqual(bytes);
  });
});

describe('Wait for Video: a wait begun by the 0.1 release, whose state rode on the waiting item', () => {
  beforeEach(forgetResumeClaims);
  const EARLIER_SECRET = 'a'.repeat(64);

  /** An execution as 0.1 left it: a random secret in the URL (no recording), its digest and the subscription on the item. */
  async function earlierWait() {
    const run = await waiting();
    const waitingItem = run.execution.executionData!.nodeExecutionStack[0]!.data.main![0]![0]!;
    waitingItem.json.waitForVideo = {
      recordingId: RECORDING_ID,
      videoReady: false,
      subscriptionId: SUBSCRIPTION_ID,
      secretDigest: createHash('sha256').update(EARLIER_SECRET).digest('hex'),
    };
    return run;
  }

  it('still resumes with the video after an update, answering 410 so ScreenRec drops its subscription', async () => {
    const { post } = await earlierWait();
    getRecording(recording({ status: 'COMPLETED' }));
    presign();
    const { result, response } = await post({ result: videoLink(RECORDING_ID) }, { secret: EARLIER_SECRET });
    expect(response).toEqual({ statusCode: 410, body: { message: RESUMING } });
    expect(result.workflowData).toEqual([
      [{ json: expect.objectContaining({ recordingId: RECORDING_ID, videoUrl: videoLink(RECORDING_ID) }) }],
    ]);
  });

  it('answers 410 to another secret, and to any secret without a recording when the item carries no such state', async () => {
    const earlier = await earlierWait();
    expect((await earlier.post({ result: videoLink(RECORDING_ID) }, { secret: 'b'.repeat(64) })).response.statusCode).toBe(410);
    const plain = await waiting();
    expect((await plain.post({ result: videoLink(RECORDING_ID) }, { secret: plain.query.secret! })).response).toEqual({
      statusCode: 410,
      body: { message: WAIT_GONE },
    });
  });
});
