import { INPUT_FIELDS, OPERATIONS, exampleRecording, type OperationName, type Recording } from 'screenrec';
import nock from 'nock';
import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { fromAiButton, screenRecAgentTool } from '../support/n8n-agent-tool';
import { captureWarnings } from '../support/n8n-contexts';
import { BACKEND_TOKEN, BASE_URL, CREDENTIAL, RECORDING_ID, WEBHOOK_BASE_URL, byId, type ScreenRecCredential } from './harness';
import { hookScope, remember, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

// Core's waits between retries pass at once, and no clock is faked: see retry-waits.ts.
jest.mock('../../packages/n8n-nodes-screenrec/lib/sleep', () =>
  jest.requireActual<typeof import('./retry-waits')>('./retry-waits').sleepWithRetryWaitsPassed(),
);

// The ScreenRec node as an AI Agent's tool, built by n8n-core's own code: what the model is offered, what it reads
// back, and what a failure gives it. As a regular node the same operations keep their outputs and errors
// (screenrec-node.test.ts, errors.test.ts).

const agentTool = (name: string, parameters: INodeParameters, credential: ScreenRecCredential = CREDENTIAL) =>
  screenRecAgentTool({ credential, webhookBaseUrl: WEBHOOK_BASE_URL }, name, parameters);

const CREATE_LINK: INodeParameters = {
  resource: 'recording',
  operation: 'create',
  externalReference: fromAiButton('External_Reference'),
  tags: fromAiButton('Tags'),
};
const GET: INodeParameters = {
  resource: 'recording',
  operation: 'get',
  recordingId: { __rl: true, mode: 'id', value: fromAiButton('Recording') },
};

/** The catalogue's words for the operation: what it does and what it returns. */
const about = (name: OperationName) => `${OPERATIONS[name].summary} Returns ${OPERATIONS[name].returns}.`;

const CREATE_LINK_DESCRIPTION = [
  about('createRecordingLink'),
  'Arguments (by the names the editor gives them):',
  `- External_Reference: ${INPUT_FIELDS.externalReference.help}`,
  `- Tags: ${INPUT_FIELDS.tags.help} Separate several with commas.`,
].join('\n');

const pageUrl = `https://app.screenrec.test/r/${RECORDING_ID}`;
const serviceRecording = (overrides: Partial<Recording> = {}) =>
  exampleRecording({ id: RECORDING_ID, url: pageUrl, externalReference: 'ticket-1', comment: null, ...overrides });
const listedById = () => restScope().post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 });

describe('what the model is offered', () => {
  it("the operation's own description, with every argument the editor's button made, though the button gives them none", () => {
    const tool = agentTool('Create a recording link in ScreenRec', CREATE_LINK);
    expect(tool.name).toBe('Create_a_recording_link_in_ScreenRec');
    expect(tool.description).toBe(CREATE_LINK_DESCRIPTION);
    expect(tool.argumentDescriptions).toEqual({ External_Reference: undefined, Tags: undefined });
  });

  it.each([
    ['get', 'getRecording'],
    ['getAll', 'findRecordings'],
    ['getVideoUrl', 'getVideoUrl'],
    ['request', 'requestRecording'],
    ['update', 'updateRecording'],
    ['delete', 'deleteRecording'],
  ] as const)('%s: its own words, not n8n\'s one-line "<action> in ScreenRec"', (operation, name) => {
    expect(agentTool('ScreenRec', { resource: 'recording', operation }).description.startsWith(`${about(name)}\nArguments`)).toBe(true);
  });

  it("Find recordings names the values its list arguments take, in core's words", () => {
    const { description } = agentTool('ScreenRec', { resource: 'recording', operation: 'getAll' });
    expect(description).toContain(
      `\n- Statuses: ${INPUT_FIELDS.statuses.help} Comma-separated, from: NEW, RECORDING, REVIEWING, PROCESSING, COMPLETED.\n`,
    );
    expect(description).toContain(
      `\n- Created_After: ${INPUT_FIELDS.createdDateFrom.help} Without a time zone, it is read in the workflow's timezone (Workflow Settings). An ISO 8601 date or date-time.\n`,
    );
    expect(description).not.toContain('Download');
  });

  it("a builder's own description is what the model gets instead", () => {
    expect(agentTool('ScreenRec', { ...CREATE_LINK, toolDescription: 'Make a recording link for a support ticket.' }).description).toBe(
      'Make a recording link for a support ticket.',
    );
  });

  it('the Tool Description field exists on the tool only: a regular ScreenRec node has no such parameter', () => {
    const node = new ScreenRec();
    const toolDescription = { ...node.description, name: 'screenRecTool' };
    const parameters = { resource: 'recording', operation: 'create' };
    const stub = { typeVersion: 1 } as INode;
    expect(NodeHelpers.getNodeParameters(node.description.properties, parameters, true, false, stub, node.description)).not.toHaveProperty(
      'toolDescription',
    );
    expect(NodeHelpers.getNodeParameters(node.description.properties, parameters, true, false, stub, toolDescription)).toHaveProperty(
      'toolDescription',
      CREATE_LINK_DESCRIPTION,
    );
  });
});

describe("what the model reads back: the fields the operation's output declares, no nulls", () => {
  it('Create Recording Link: the link, the ID and status when looked up, the reference and tags', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1', tags: ['support'] } }).reply(200, { url: pageUrl });
    restScope()
      .post(restPath('/recordings/list'), { sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 100 })
      .reply(200, { content: [serviceRecording({ status: 'NEW' })], totalElements: 1, totalPages: 1 });
    const text = await agentTool('Create a recording link in ScreenRec', CREATE_LINK).invoke({
      External_Reference: 'ticket-1',
      Tags: 'support',
    });
    expect(JSON.parse(remember(text))).toEqual([
      { recordingId: RECORDING_ID, url: pageUrl, status: 'NEW', externalReference: 'ticket-1', tags: ['support'] },
    ]);
  });

  it('Create Recording Link without REST credentials: no recordingId, status or detailsError at all', async () => {
    hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1' } }).reply(200, { url: pageUrl });
    const tool = agentTool(
      'Create a recording link in ScreenRec',
      { ...CREATE_LINK, tags: '' },
      { serviceUrl: BASE_URL, backendToken: BACKEND_TOKEN },
    );
    expect(JSON.parse(await tool.invoke({ External_Reference: 'ticket-1' }))).toEqual([
      { url: pageUrl, externalReference: 'ticket-1', tags: [] },
    ]);
  });

  it('Get: every field of the recording but the empty comment', async () => {
    listedById().reply(200, { content: [serviceRecording()], totalElements: 1, totalPages: 1 });
    const { comment, ...withoutComment } = serviceRecording();
    expect(comment).toBeNull();
    expect(JSON.parse(await agentTool('Get a recording in ScreenRec', GET).invoke({ Recording: RECORDING_ID }))).toEqual([withoutComment]);
  });

  it('Get Video URL: the recording ID and the link', async () => {
    const videoUrl = 'https://videos.screenrec.test/v/abc.webm?sig=1';
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: videoUrl });
    const parameters = { ...GET, operation: 'getVideoUrl' };
    expect(
      JSON.parse(await agentTool('Get the video URL of a recording in ScreenRec', parameters).invoke({ Recording: RECORDING_ID })),
    ).toEqual([{ recordingId: RECORDING_ID, videoUrl }]);
  });
});

describe('a failure is a result the model can act on, and the agent goes on', () => {
  const CHECK_THE_RECORDING =
    'Check the recording ID: use an ID from an earlier ScreenRec result (the tool that finds recordings lists them), or ask the user which recording they mean.';
  const NOT_FIXABLE_HERE =
    'Calling the tool again will not help: tell the user that ScreenRec is not set up correctly in this workflow, so that whoever maintains the workflow can fix it.';
  const CALL_AGAIN_LATER =
    'ScreenRec could not be reached or did not answer in time: call the tool once more in a moment; if it fails again, tell the user that ScreenRec is unavailable right now.';

  const failureRead = async (parameters: INodeParameters, args: Record<string, unknown>, credential?: ScreenRecCredential) => {
    const tool = agentTool('Get a recording in ScreenRec', parameters, credential);
    const warnings = captureWarnings(tool.logger);
    try {
      const text = remember(await tool.invoke(args));
      expect(text).not.toMatch(/From List|Open the|Retry On Fail|node again/);
      // n8n-core's own notes about its execution log are not ours.
      return { result: JSON.parse(text) as unknown, warnings: warnings.messages().filter((message) => message.startsWith('ScreenRec')) };
    } finally {
      warnings.restore();
    }
  };

  it('an unknown recording: what went wrong and where to find a right ID', async () => {
    listedById().reply(200, { content: [], totalElements: 0, totalPages: 0 });
    const { result } = await failureRead(GET, { Recording: RECORDING_ID });
    expect(result).toEqual([{ error: 'ScreenRec has no recording with this ID in the workspace.', hint: CHECK_THE_RECORDING }]);
  });

  it('bad input: the field and what it must be, before anything is sent', async () => {
    const { result } = await failureRead(GET, { Recording: 'recording-7' });
    expect(result).toEqual([
      {
        error: 'Invalid input: `recordingId`: must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c.',
        hint: 'Correct the values named and call the tool again; ask the user for any value you do not know.',
      },
    ]);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('the service down: try once more, then tell the user', async () => {
    listedById()
      .times(4)
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }));
    const { result } = await failureRead(GET, { Recording: RECORDING_ID });
    expect(result).toEqual([{ error: `Could not reach ScreenRec at ${BASE_URL} (ECONNREFUSED).`, hint: CALL_AGAIN_LATER }]);
  });

  it("a wrong API key: not the model's to fix; the builder finds the fix in n8n's log", async () => {
    listedById().reply(401, { message: 'Unauthorized' });
    const { result, warnings } = await failureRead(GET, { Recording: RECORDING_ID });
    expect(result).toEqual([{ error: 'The API key was rejected: it is wrong, revoked or expired.', hint: NOT_FIXABLE_HERE }]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^ScreenRec tool "Get a recording in ScreenRec" failed: The API key was rejected: it is wrong, revoked or expired\. Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field/,
      ),
    ]);
  });

  it("a credential without the API Key: said without the builder's instructions", async () => {
    const { result } = await failureRead(GET, { Recording: RECORDING_ID }, { ...CREDENTIAL, apiKey: '' });
    expect(result).toEqual([{ error: 'Get needs the API Key, which the ScreenRec credential leaves empty.', hint: NOT_FIXABLE_HERE }]);
  });
});

it("a regular node keeps its errors: the same unknown recording fails the node with the builder's hint", async () => {
  listedById().reply(200, { content: [], totalElements: 0, totalPages: 0 });
  const { runScreenRec } = await import('./harness');
  await expect(runScreenRec({ resource: 'recording', operation: 'get', recordingId: byId(RECORDING_ID) })).rejects.toMatchObject({
    message: 'ScreenRec has no recording with this ID in the workspace.',
    description: expect.stringContaining('pick it From List'),
  });
});
