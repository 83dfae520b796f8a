import { OPERATIONS, inputKey, inputKind, type InputName } from 'screenrec';
import { NodeApiError, NodeOperationError, type INodeParameters, type INodeProperties } from 'n8n-workflow';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { forgetSeenVideosInThisProcess } from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import { CREDENTIAL, SUBSCRIPTION_ID, WORKFLOW_TIMEZONE, byId, runScreenRec, triggerWorkflow } from '../n8n/harness';
import { hookScope, remember, restPath, restScope, setUpNock } from '../n8n/nock-setup';
import { CASES, USER_TIME_ZONE, VIDEO_READY_CASES } from './cases';
import {
  RECEIVED_NOW,
  expectExchanges,
  stepInputs,
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

/** The ScreenRec node's parameters, as n8n's editor offers them. */
const PARAMETERS = new ScreenRec().description.properties;

/** Whether n8n's editor shows the parameter for the resource and operation. */
function shownFor(parameter: INodeProperties, resource: string, operation: string): boolean {
  const show = parameter.displayOptions?.show;
  return show?.resource?.includes(resource) === true && show.operation?.includes(operation) === true;
}

/**
 * What a user gives a parameter in n8n's editor: a recording by ID in the resource locator, a list in a
 * comma-separated text field, any other value as it is.
 */
function typedIn(name: InputName, parameter: INodeProperties, value: unknown): unknown {
  if (parameter.type === 'resourceLocator') return byId(String(value));
  if (inputKind(name).kind === 'list' && Array.isArray(value)) return value.join(', ');
  return value;
}

/**
 * The ScreenRec node's parameters for the step: the operation under the key n8n released, each input under its n8n
 * key, where the editor shows it (a parameter of its own, or a collection's option such as Additional Fields).
 */
function n8nParameters(step: Step): INodeParameters {
  const [resource = '', operation = ''] = (OPERATIONS[step.operation].keys.n8n ?? '').split('.');
  const shown = PARAMETERS.filter((parameter) => shownFor(parameter, resource, operation));
  const parameters: Record<string, unknown> = { resource, operation };
  // n8n's own paging: Return All stays off, Limit asks for the case's number.
  if ('limit' in step) {
    if (!shown.some((parameter) => parameter.name === 'limit')) throw new Error(`n8n's ${resource}.${operation} shows no Limit`);
    parameters.limit = step.limit;
  }
  for (const [name, value] of stepInputs(step)) {
    const key = inputKey(name, 'n8n');
    const own = shown.find((parameter) => parameter.name === key);
    const collection = shown.find(
      (parameter) => parameter.type === 'collection' && parameter.options?.some((option) => option.name === key),
    );
    const inCollection = collection?.options?.find((option): option is INodeProperties => option.name === key && 'type' in option);
    if (own !== undefined) parameters[key] = typedIn(name, own, value);
    else if (collection !== undefined && inCollection !== undefined)
      parameters[collection.name] = { ...(parameters[collection.name] as object | undefined), [key]: typedIn(name, inCollection, value) };
    else throw new Error(`n8n's ${resource}.${operation} shows no parameter ${key} for ${name}`);
  }
  return parameters as INodeParameters;
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

    const service = new URL(CREDENTIAL.serviceUrl).origin;
    const { result } = await activeTrigger(testCase).deliver(testCase.notification(service));

    const item = testCase.item(service);
    if (item === null) expect(result).toEqual({ noWebhookResponse: true });
    else expect(remember(result.workflowData?.[0]?.map((json) => json.json))).toEqual([videoReadyOnN8n(item)]);
  });
});
