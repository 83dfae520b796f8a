import { NodeApiError, NodeOperationError, type INodeParameters } from 'n8n-workflow';
import { forgetSeenVideosInThisProcess } from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import { SUBSCRIPTION_ID, WORKFLOW_TIMEZONE, byId, runScreenRec, triggerWorkflow } from '../n8n/harness';
import { hookScope, remember, restPath, restScope, setUpNock } from '../n8n/nock-setup';
import { CASES, USER_TIME_ZONE, VIDEO_READY_CASES } from './cases';
import {
  RECEIVED_NOW,
  expectExchanges,
  type Outcome,
  type ServiceEndpoints,
  type Step,
  type VideoReadyCase,
  type VideoReadyItem,
} from './service';

// Each case delivers its own notification: the trigger's memory of videos it already received starts empty.
beforeEach(() => forgetSeenVideosInThisProcess());

setUpNock();

const endpoints: ServiceEndpoints = { rest: restScope, restPath, hook: hookScope };

/** What a user types into a comma-separated n8n field for a list. */
const commaSeparated = (values: string[] | undefined) => values?.join(', ');

/** The ScreenRec node's parameters for the step. */
function n8nParameters(step: Step): INodeParameters {
  const recording = (operation: string, parameters: Record<string, unknown>) =>
    JSON.parse(JSON.stringify({ resource: 'recording', operation, ...parameters })) as INodeParameters;
  switch (step.operation) {
    case 'createRecordingLink':
      return recording('create', { externalReference: step.externalReference, tags: commaSeparated(step.tags) });
    case 'requestRecording':
      return recording('request', {
        direction: step.direction,
        email: step.email,
        additionalFields: { tags: commaSeparated(step.tags), notificationEmails: commaSeparated(step.notifyEmails), comment: step.comment },
      });
    case 'getRecording':
      return recording('get', { recordingId: byId(step.recordingId) });
    case 'findRecordings':
      return recording('getAll', {
        limit: step.limit,
        filters: { statuses: step.statuses, tags: commaSeparated(step.tags), createdDateFrom: step.createdFrom },
      });
    case 'getVideoUrl':
      return recording('getVideoUrl', { recordingId: byId(step.recordingId) });
    case 'updateRecording':
      // An added field stays in Update Fields even when left empty: that is what "empty Tags" is on n8n.
      return recording('update', {
        recordingId: byId(step.recordingId),
        updateFields: { tags: commaSeparated(step.tags), comment: step.comment, removeAllTags: step.removeAllTags },
      });
    case 'deleteRecording':
      return recording('delete', { recordingId: byId(step.recordingId) });
    case 'searchTags':
      return { resource: 'tag', operation: 'search', query: step.query };
  }
}

interface N8nFailure {
  kind: string;
  message: string;
  httpCode: string | null;
}

async function outcomeOf(parameters: INodeParameters): Promise<{ output: unknown[] } | { failure: N8nFailure }> {
  try {
    return { output: remember(await runScreenRec(parameters)).map((item) => item.json) };
  } catch (error) {
    remember(error);
    if (error instanceof NodeApiError) return { failure: { kind: NodeApiError.name, message: error.message, httpCode: error.httpCode } };
    if (error instanceof NodeOperationError) return { failure: { kind: NodeOperationError.name, message: error.message, httpCode: null } };
    throw error;
  }
}

/** n8n's own rule: what the user typed wrong is a NodeOperationError; what ScreenRec answered, a NodeApiError with its status. */
function onN8n(outcome: Outcome): { output: unknown[] } | { failure: N8nFailure } {
  if ('output' in outcome) return outcome;
  const { code, message, status } = outcome.failure;
  const kind = code === 'INVALID_INPUT' ? NodeOperationError.name : NodeApiError.name;
  // n8n's message says what happened (core's first sentence); the hint beside it, what to do.
  const whatHappened = message.split(/(?<=[.!?])\s+(?=[A-Z])/)[0]!;
  return { failure: { kind, message: whatHappened, httpCode: status === undefined ? null : String(status) } };
}

/** The ScreenRec Trigger of an active workflow (subscribed, its secret stored), with the recording's details asked for. */
function activeTrigger(testCase: VideoReadyCase) {
  const subscribed = {
    subscriptionId: SUBSCRIPTION_ID,
    webhookUrl: 'https://n8n.example.com/webhook/f00dfeed/webhook',
    callbackSecret: 'a'.repeat(64),
  };
  return triggerWorkflow({
    staticData: { 'node:ScreenRec Trigger': subscribed },
    parameters: { includeRecording: true, download: testCase.download === true },
  });
}

/** n8n's idiom: with Include Recording Details, the recording's fields sit beside the item's own, which win. */
function videoReadyOnN8n({ recording, ...item }: VideoReadyItem): Record<string, unknown> {
  return { ...recording, ...item, receivedAt: expect.stringMatching(RECEIVED_NOW) };
}

describe('the behaviour table on n8n', () => {
  it("reads dates in the table's time zone", () => {
    expect(WORKFLOW_TIMEZONE).toBe(USER_TIME_ZONE);
  });

  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    expectExchanges(testCase.exchanges, endpoints);

    expect(await outcomeOf(n8nParameters(testCase.step))).toEqual(onN8n(testCase.outcome));
  });

  it.each(VIDEO_READY_CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    expectExchanges(testCase.exchanges, endpoints);

    const { result } = await activeTrigger(testCase).deliver(testCase.notification);

    expect(remember(result.workflowData?.[0]?.map((item) => item.json))).toEqual([videoReadyOnN8n(testCase.item)]);
  });
});
