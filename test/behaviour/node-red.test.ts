import { InvalidInputError, NotFoundError, OPERATIONS, inputKey, inputKind, type ErrorCode } from 'screenrec';
import { actionOfKey } from '../../packages/node-red-screenrec/src/action/operations';
import { CONNECTION, caughtError, flowOf, outcomeOf } from '../../packages/node-red-screenrec/test/flows';
import { runtime, useNockRuntime } from '../../packages/node-red-screenrec/test/nock-runtime';
import { BASE_URL, WORKSPACE_ID } from '../support/sample-connection';
import { serviceMock } from '../support/service-mock';
import { CASES } from './cases';
import { expectExchanges, playedOn, stepInputs, type Outcome, type ServiceEndpoints, type Step } from './service';

const API_KEY = 'node-red-api-key-b3h4';
const BACKEND_TOKEN = 'node-red-backend-token-b3h4';
const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });
const endpoints: ServiceEndpoints = { rest: service.restScope, restPath: service.restPath, hook: (body) => service.hookScope('N8N', body) };

useNockRuntime();

/**
 * The action node's form for the step, as a user fills it in: each input under the property Node-RED released for it,
 * a list as comma-separated text, a choice of several as the chosen values; Limit is Node-RED's own paging field.
 */
function formOf(step: Step): Record<string, unknown> {
  const action = actionOfKey(OPERATIONS[step.operation].keys.nodeRed);
  if (action === undefined) throw new Error(`Node-RED's action node offers no ${step.operation}`);
  const fields: readonly string[] = action.fields;
  const form = Object.fromEntries(
    stepInputs(step).map(([name, value]) => {
      if (!fields.includes(name)) throw new Error(`Node-RED's ${action.key} has no field for ${name}`);
      return [inputKey(name, 'nodeRed'), inputKind(name).kind === 'list' && Array.isArray(value) ? value.join(', ') : value];
    }),
  );
  if (!('limit' in step)) return form;
  if (!fields.includes('limit')) throw new Error(`Node-RED's ${action.key} has no Limit`);
  return { ...form, limit: step.limit };
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
