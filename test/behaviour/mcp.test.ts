import { OPERATIONS, OPERATION_NAMES, inputKey, invalidInputMessage, type ErrorCode, type OperationName } from 'screenrec';
import {
  BACKEND_TOKEN,
  RECORDING_ID,
  REST_ENV,
  callTool,
  connectEachTest,
  hookScope,
  recording,
  restPath,
  restScope,
  textOf,
} from '../../packages/mcp-server/test/harness';
import { useNock } from '../support/nock';
import { CASES } from './cases';
import { expectExchanges, onMcp, stepInputs, type Outcome, type ServiceEndpoints, type Step } from './service';

useNock();

const connected = connectEachTest({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN, SCREENREC_HOOK_PROVIDER: 'N8N' });

const endpoints: ServiceEndpoints = { rest: restScope, restPath, hook: (body) => hookScope('N8N', body) };

type Items = (result: Record<string, unknown>) => unknown[];

/** Where a tool's structured result holds the items, for the tools that give more than one; any other gives one. */
const ITEMS: Partial<Record<OperationName, Items>> = {
  findRecordings: (result) => result.recordings as unknown[],
  searchTags: (result) => (result.tags as string[]).map((tag) => ({ tag })),
};

/** The arguments a model gives the step's tool: each input under its MCP name, a value as JSON holds it. */
function mcpArguments(step: Step): Record<string, unknown> {
  const args = Object.fromEntries(stepInputs(step).map(([name, value]) => [inputKey(name, 'mcp'), value]));
  // find_recordings' own paging: the number of results asked for.
  if ('limit' in step) args.limit = step.limit;
  // MCP's one way to say "remove every tag" is tags: [].
  if ('removeAllTags' in args) {
    const { removeAllTags, ...others } = args;
    return removeAllTags === true ? { ...others, [inputKey('newTags', 'mcp')]: [] } : others;
  }
  return args;
}

/** A tool's result in the table's terms; a failure's code is the one the server logged, since the model sees only the text. */
async function outcomeOf(step: Step): Promise<Outcome> {
  const tool = OPERATIONS[step.operation].keys.mcp!;
  const args = mcpArguments(step);
  const offered = (await connected.client.listTools()).tools.find((listed) => listed.name === tool);
  const unknownArguments = Object.keys(args).filter((name) => !Object.hasOwn(offered?.inputSchema.properties ?? {}, name));
  expect({ tool, unknownArguments }).toEqual({ tool, unknownArguments: [] });
  const result = await callTool(connected.client, tool, args);
  const items = ITEMS[step.operation] ?? ((one: Record<string, unknown>) => [one]);
  if (result.isError !== true) return { output: items(result.structuredContent ?? {}) as Array<Record<string, unknown>> };
  const logged = new RegExp(`^${tool}: ([A-Z_]+) after`).exec(connected.logs.at(-1) ?? '');
  return { failure: { code: (logged?.[1] ?? 'none logged') as ErrorCode, message: textOf(result) } };
}

/** What the model reads: no HTTP status. */
function expectedOnMcp(outcome: Outcome): Outcome {
  if ('output' in outcome) return outcome;
  const { code, message } = outcome.failure;
  return { failure: { code, message } };
}

describe('the behaviour table on MCP', () => {
  const played = CASES.map((testCase) => ({ testCase, onMcp: onMcp(testCase) }));

  it.each(
    played.filter(({ onMcp: mcp }) => mcp !== undefined).map(({ testCase, onMcp: mcp }) => [testCase.name, testCase.step, mcp!] as const),
  )('%s', async (_name, step, mcp) => {
    expectExchanges(mcp.exchanges, endpoints);

    expect(await outcomeOf(step)).toEqual(expectedOnMcp(mcp.outcome));
  });

  it('has a case for every catalogue operation MCP offers as a tool', () => {
    const played = new Set(CASES.filter((testCase) => onMcp(testCase) !== undefined).map((testCase) => testCase.step.operation));
    const offered = OPERATION_NAMES.filter((name) => OPERATIONS[name].keys.mcp !== undefined);
    // wait_for_recording waits over several checks, which a table of single exchanges cannot hold:
    // packages/mcp-server/test/wait-for-recording.test.ts.
    expect(offered.filter((name) => !played.has(name as Step['operation']))).toEqual(['waitForVideo']);
  });

  it('says why each case it does not offer is not an MCP input', () => {
    const notOffered = played.filter(({ onMcp: mcp }) => mcp === undefined).map(({ testCase }) => testCase.mcp?.why);
    expect(notOffered).toEqual([expect.stringMatching(/^MCP has one tags field/)]);
  });
});

describe("update_recording's JSON, where a model writes values rather than leaving form fields empty", () => {
  const updated = (body: { tags?: string[]; comment?: string }) =>
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), body)
      .reply(200, { ...recording, ...body });

  it.each([
    ['tags: [] removes every tag (a form has Remove All Tags for it)', { tags: [] }, { tags: [] }],
    ['comment: "" clears the comment (a form\'s empty Comment keeps it)', { comment: '' }, { comment: '' }],
    ['both at once', { tags: [], comment: '' }, { tags: [], comment: '' }],
    [
      "tags are trimmed and each kept once, by core's rule",
      { tags: [' vip ', 'vip', 'support'], comment: 'Seen' },
      { tags: ['vip', 'support'], comment: 'Seen' },
    ],
  ])('%s', async (_what, args, sent) => {
    updated(sent);
    const result = await callTool(connected.client, 'update_recording', { recordingId: RECORDING_ID, ...args });
    expect(result.structuredContent).toEqual({ ...recording, ...sent });
  });

  it('refuses a blank tag, naming it, before anything is sent', async () => {
    const result = await callTool(connected.client, 'update_recording', { recordingId: RECORDING_ID, tags: ['vip', ' '] });
    expect(textOf(result)).toBe(invalidInputMessage('`tags.1`: must not be empty'));
  });
});
