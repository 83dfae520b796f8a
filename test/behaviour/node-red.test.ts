import { InvalidInputError, NotFoundError, OPERATIONS, inputKey, type ErrorCode, type InputName } from '@screenrec/core';
import { CONNECTION, caughtError, flowOf, outcomeOf } from '../node-red/flows';
import { runtime, useNockRuntime } from '../node-red/nock-runtime';
import { BASE_URL, WORKSPACE_ID } from '../support/sample-connection';
import { serviceMock } from '../support/service-mock';
import { CASES } from './cases';
import { expectExchanges, playedOn, type Outcome, type ServiceEndpoints, type Step } from './service';

const API_KEY = 'node-red-api-key-b3h4';
const BACKEND_TOKEN = 'node-red-backend-token-b3h4';
const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });
const endpoints: ServiceEndpoints = { rest: service.restScope, restPath: service.restPath, hook: (body) => service.hookScope('N8N', body) };

useNockRuntime();

/** What a user types into a Node-RED text field for a list. */
const commaSeparated = (values: string[] | undefined) => values?.join(', ');

/** The action node's properties for catalogue inputs, under the keys Node-RED released; left-out inputs stay absent. */
function form(inputs: Partial<Record<InputName, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(inputs) as InputName[])
      .filter((name) => inputs[name] !== undefined)
      .map((name) => [inputKey(name, 'nodeRed'), inputs[name]]),
  );
}

/** The action node's form for the step, as a user fills it in (lists as comma-separated text). */
function formOf(step: Step): Record<string, unknown> {
  switch (step.operation) {
    case 'createRecordingLink':
      return form({ externalReference: step.externalReference, tags: commaSeparated(step.tags) });
    case 'requestRecording':
      return form({
        direction: step.direction,
        email: step.email,
        tags: commaSeparated(step.tags),
        notificationEmails: commaSeparated(step.notifyEmails),
        comment: step.comment,
      });
    case 'getRecording':
    case 'getVideoUrl':
    case 'deleteRecording':
      return form({ recordingId: step.recordingId });
    case 'findRecordings':
      // Limit is Node-RED's own field, not a catalogue input.
      return {
        limit: step.limit,
        ...form({ statuses: step.statuses, filterTags: commaSeparated(step.tags), createdDateFrom: step.createdFrom }),
      };
    case 'updateRecording':
      return form({
        recordingId: step.recordingId,
        newTags: commaSeparated(step.tags),
        newComment: step.comment,
        removeAllTags: step.removeAllTags,
      });
    case 'searchTags':
      return form({ query: step.query });
  }
}

/** The step in a deployed flow: the action node set to its operation's Node-RED key, one message sent in. */
async function outcomeOfStep(step: Step): Promise<Outcome> {
  const node = { type: 'screenrec', operation: OPERATIONS[step.operation].keys.nodeRed, timeout: 5, ...formOf(step) };
  await runtime().deploy(flowOf(node, connection), CREDENTIALS);
  const { out, caught } = await outcomeOf({});
  if (caught !== undefined) {
    const { message, code } = caughtError(caught);
    return { failure: { code: code as ErrorCode, message } };
  }
  const payload = out?.payload;
  // A list is one message whose payload is the array; Search Tags gives the tags as texts.
  const items = Array.isArray(payload) ? payload : [payload];
  return { output: items.map((item: unknown) => (typeof item === 'string' ? { tag: item } : item)) as Array<Record<string, unknown>> };
}

const connection = { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, integration: 'N8N' };
const CREDENTIALS = { [CONNECTION]: { apiKey: API_KEY, backendToken: BACKEND_TOKEN } };

/** The error classes of the codes the table's failures have: Node-RED shows an error as "<its class>: <its message>". */
const ERROR_CLASSES: Partial<Record<ErrorCode, string>> = { INVALID_INPUT: InvalidInputError.name, NOT_FOUND: NotFoundError.name };

/** Node-RED's idiom: the Catch node reads the error's class and message, and no HTTP status. */
function expectedOnNodeRed(outcome: Outcome): Outcome {
  if ('output' in outcome) return outcome;
  const { code, message } = outcome.failure;
  const errorClass = ERROR_CLASSES[code];
  if (errorClass === undefined) throw new Error(`a case fails with ${code}: name its error class in ERROR_CLASSES`);
  return { failure: { code, message: `${errorClass}: ${message}` } };
}

describe('the behaviour table on Node-RED', () => {
  const played = CASES.map((testCase) => ({ testCase, onNodeRed: playedOn(testCase, 'nodeRed') }));

  it.each(
    played
      .filter(({ onNodeRed }) => onNodeRed !== undefined)
      .map(({ testCase, onNodeRed }) => [testCase.name, testCase.step, onNodeRed!] as const),
  )('%s', async (_name, step, nodeRed) => {
    expectExchanges(nodeRed.exchanges, endpoints);

    expect(await outcomeOfStep(step)).toEqual(expectedOnNodeRed(nodeRed.outcome));
  });
});
