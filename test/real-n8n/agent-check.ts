import { isDeepStrictEqual } from 'node:util';
import { RECORDING_FIELD_KEYS, RestClient } from 'screenrec';
import { NODE_OPERATIONS } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/actions/node-operations';
import { toolDescriptionOf } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/actions/tool-description';
import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import type { SuiteContext } from './context';
import { AGENT_STREAM_WEBHOOK_PATH, AGENT_TOOLS, AGENT_WEBHOOK_PATH, agentWorkflows, toolName } from './agent-workflows';
import { textOf, type ChatMessage, type ChatRequest, type ScriptedModel } from './scripted-model';

// n8n's AI Agent with the ScreenRec tools, in the real n8n: what the model is offered, that each call reaches the
// reference server, what the model reads back, and the agent's answer, for the README's four uses and a failure.

type Tool = (typeof AGENT_TOOLS)[keyof typeof AGENT_TOOLS];
type ToolResult = Record<string, unknown>[];
const REFERENCE = 'agent-ticket-7';
const INVITED = 'ana@example.com';

/** Plays one exchange: the model calls `tool` with `args`, then answers from what the tool gave it. */
async function converse(
  { instance }: SuiteContext,
  model: ScriptedModel,
  exchange: { message: string; tool: Tool; args: Record<string, string>; answer: (result: ToolResult) => string; stream?: boolean },
) {
  const first = model.requests.length;
  let result: ToolResult | undefined;
  model.play((messages: ChatMessage[]) => {
    const last = messages.at(-1);
    if (last?.role !== 'tool') return { toolCall: { name: toolName(exchange.tool.name), arguments: exchange.args } };
    result = JSON.parse(textOf(last)) as ToolResult;
    return { answer: exchange.answer(result) };
  });
  const path = exchange.stream === true ? AGENT_STREAM_WEBHOOK_PATH : AGENT_WEBHOOK_PATH;
  const response = await fetch(`${instance.webhookUrl}webhook/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: exchange.message }),
  });
  const body = await response.text();
  expectThat(response.status === 200, `the agent's webhook answered ${response.status}: ${body.slice(0, 500)}`);
  const requests = model.requests.slice(first);
  expectThat(
    result !== undefined,
    `the model never read a tool result (${requests.length} request(s)); the webhook answered: ${body.slice(0, 500)}`,
  );
  return { result, body, requests };
}

/** The agent's words in a streamed answer: n8n sends one JSON object per line, the words in its "item" chunks. */
function streamedWords(body: string): string {
  return body
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as { type?: string; content?: unknown })
    .filter((chunk) => chunk.type === 'item' && typeof chunk.content === 'string')
    .map((chunk) => chunk.content as string)
    .join('');
}

/** A recording's fields but those it holds no value in (null). */
const recordingFieldsBut = (...empty: string[]): string[] => RECORDING_FIELD_KEYS.filter((key) => !empty.includes(key));

function expectAnswer(body: string, expected: string, streamed = false): void {
  const answer = streamed ? streamedWords(body) : (JSON.parse(body) as { output?: unknown }).output;
  expectThat(answer === expected, `the agent answered ${JSON.stringify(answer)}, expected ${JSON.stringify(expected)}`);
}

/** Exactly these keys, none null: the fields the operation's output declares that hold a value. */
function expectLean(item: Record<string, unknown> | undefined, keys: string[], what: string): void {
  const present = Object.keys(item ?? {}).sort();
  expectThat(
    isDeepStrictEqual(present, [...keys].sort()),
    `${what}: the model read the keys ${present.join(', ')}, expected ${[...keys].sort().join(', ')}`,
  );
  const nulls = Object.entries(item ?? {}).filter(([, value]) => value === null);
  expectThat(nulls.length === 0, `${what}: the model read null fields ${nulls.map(([key]) => key).join(', ')}`);
}

/** The tools of the first request: name, description and argument schema as n8n hands them to the model. */
function expectOffered(request: ChatRequest | undefined): void {
  const offered = request?.tools ?? [];
  const expectedNames = Object.values(AGENT_TOOLS)
    .map((tool) => toolName(tool.name))
    .sort();
  const names = offered.map((tool) => tool.function.name).sort();
  expectThat(isDeepStrictEqual(names, expectedNames), `the model was offered ${names.join(', ')}, expected ${expectedNames.join(', ')}`);
  for (const tool of Object.values(AGENT_TOOLS)) {
    const fn = offered.find((candidate) => candidate.function.name === toolName(tool.name))!.function;
    const expected = toolDescriptionOf(NODE_OPERATIONS.recording![tool.operation]!);
    expectThat(
      fn.description === expected,
      `${tool.name}: the model read the description ${JSON.stringify(fn.description)}, expected the operation's own ${JSON.stringify(expected)}`,
    );
    const schema = fn.parameters as { properties?: Record<string, { type?: string }>; required?: string[] } | undefined;
    const properties = Object.keys(schema?.properties ?? {}).sort();
    expectThat(
      isDeepStrictEqual(properties, [...tool.arguments].sort()),
      `${tool.name}: the arguments offered are ${properties.join(', ')}, expected ${tool.arguments.join(', ')}`,
    );
    const untyped = tool.arguments.filter((key) => schema?.properties?.[key]?.type !== 'string');
    expectThat(untyped.length === 0, `${tool.name}: ${untyped.join(', ')} not offered as strings`);
    for (const key of tool.arguments)
      expectThat(expected.includes(`\n- ${key}: `), `${tool.name}: the description does not explain ${key}`);
  }
}

/** The demo workspace's REST API, to see what the tool calls did. */
const screenRec = ({ demo }: SuiteContext) => new RestClient({ baseUrl: demo.baseUrl, workspaceId: demo.workspaceId, apiKey: demo.apiKey });

const CHECK_THE_RECORDING =
  'Check the recording ID: use an ID from an earlier ScreenRec result (the tool that finds recordings lists them), or ask the user which recording they mean.';

export async function agentChecks(context: SuiteContext, model: ScriptedModel): Promise<void> {
  const { checks, server, n8n } = context;
  let recordingId: string | undefined;
  // n8n answers before it has activated every workflow; their webhooks are served from then on.
  const activated = (name: string) => n8n.output().includes(`Activated workflow "${name}"`) || undefined;
  for (const workflow of agentWorkflows)
    await waitUntil(`n8n to activate "${workflow.name}"`, async () => activated(workflow.name), PROCESS_WAIT).catch(() => undefined);

  await checks.check(
    'AI Agent: the model is offered each ScreenRec tool with its own description and arguments; Create Recording Link reaches ScreenRec and the agent answers with the link',
    async () => {
      const { result, body, requests } = await converse(context, model, {
        message: `Please get the customer of ticket ${REFERENCE} to record their screen.`,
        tool: AGENT_TOOLS.createLink,
        args: { External_Reference: REFERENCE, Tags: 'agent' },
        answer: ([link]) => `Send the customer this link to record their screen: ${String(link?.url)}`,
      });
      expectOffered(requests[0]);
      expectThat(
        requests.every((request) => request.stream !== true),
        'the JSON webhook made the model stream',
      );
      expectLean(result[0], ['recordingId', 'status', 'url', 'externalReference', 'tags'], 'Create Recording Link');
      recordingId = String(result[0]!.recordingId);
      const stored = await screenRec(context).getRecording(recordingId);
      expectThat(
        stored.externalReference === REFERENCE && isDeepStrictEqual(stored.tags, ['agent']),
        `ScreenRec holds ${JSON.stringify(stored)}`,
      );
      expectThat(String(result[0]!.url).endsWith(recordingId), `the link ${String(result[0]!.url)} is not recording ${recordingId}'s page`);
      expectAnswer(body, `Send the customer this link to record their screen: ${String(result[0]!.url)}`);
    },
  );

  await checks.check(
    'AI Agent: Request Recording by Email makes ScreenRec e-mail the person; the model reads the new recording without nulls',
    async () => {
      const { result, body } = await converse(context, model, {
        message: `Ask ${INVITED} by e-mail to record their screen.`,
        tool: AGENT_TOOLS.request,
        args: { Email: INVITED, Tags: 'agent' },
        answer: ([recording]) => `ScreenRec e-mailed ${INVITED} an invitation (recording ${String(recording?.id)}).`,
      });
      expectLean(result[0], recordingFieldsBut('comment', 'externalReference'), 'Request Recording by Email');
      const stored = await screenRec(context).getRecording(String(result[0]!.id));
      expectThat(stored.direction === 'REQUEST' && isDeepStrictEqual(stored.tags, ['agent']), `ScreenRec holds ${JSON.stringify(stored)}`);
      const outbox = await server.adminOk<{ to: string }[]>(200, 'GET', '/admin/outbox');
      expectThat(
        outbox.some((mail) => mail.to === INVITED),
        `ScreenRec's outbox has no mail to ${INVITED}: ${JSON.stringify(outbox.map((mail) => mail.to))}`,
      );
      expectAnswer(body, `ScreenRec e-mailed ${INVITED} an invitation (recording ${String(result[0]!.id)}).`);
    },
  );

  await checks.check('AI Agent: Get Many finds the recording by its external reference', async () => {
    const { result, body } = await converse(context, model, {
      message: `Has the customer of ticket ${REFERENCE} recorded anything?`,
      tool: AGENT_TOOLS.find,
      args: { External_Reference: REFERENCE },
      answer: (found) =>
        `Found ${found.length}: ${found.map((recording) => `${String(recording.id)} (${String(recording.status)})`).join(', ')}`,
    });
    expectThat(
      result.length === 1 && result[0]!.id === recordingId,
      `the model read ${JSON.stringify(result)}, expected recording ${recordingId}`,
    );
    expectLean(result[0], recordingFieldsBut('comment'), 'Get Many');
    expectAnswer(body, `Found 1: ${recordingId} (NEW)`);
  });

  await checks.check("AI Agent: Get Video URL gives the model the finished recording's video link", async () => {
    expectThat(recordingId !== undefined, 'no recording was created');
    await server.adminOk(200, 'POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
    const { result, body } = await converse(context, model, {
      message: `Where is the video of recording ${recordingId}?`,
      tool: AGENT_TOOLS.videoUrl,
      args: { Recording: recordingId },
      answer: ([video]) => `Here is the video: ${String(video?.videoUrl)}`,
    });
    expectLean(result[0], ['recordingId', 'videoUrl'], 'Get Video URL');
    const video = await fetch(String(result[0]!.videoUrl));
    expectThat(video.status === 200, `the video link answered ${video.status}`);
    expectAnswer(body, `Here is the video: ${String(result[0]!.videoUrl)}`);
  });

  for (const stream of [false, true]) {
    const how = stream ? 'streamed to a chat (the model streams too)' : 'answered as JSON';
    await checks.check(
      `AI Agent, ${how}: an unknown recording is a result the model acts on, the workflow goes on, and nobody reads the builder's advice`,
      async () => {
        const unknown = '5e0c8a1b-9f3d-4a6e-8b2c-7d1e0f9a3b4c';
        const { result, body, requests } = await converse(context, model, {
          message: `Where is the video of recording ${unknown}?`,
          tool: AGENT_TOOLS.videoUrl,
          args: { Recording: unknown },
          answer: ([failure]) => `I could not get that video: ${String(failure?.error)} Which recording do you mean?`,
          stream,
        });
        expectThat(
          isDeepStrictEqual(result, [
            {
              error:
                'ScreenRec has no video for this recording: the recording does not exist in this workspace, or it has not been recorded yet.',
              hint: CHECK_THE_RECORDING,
            },
          ]),
          `the model read ${JSON.stringify(result)}`,
        );
        if (stream)
          expectThat(
            requests.every((request) => request.stream === true),
            'the chat webhook did not make the model stream',
          );
        expectAnswer(body, `I could not get that video: ${String(result[0]!.error)} Which recording do you mean?`, stream);
        expectThat(
          !/From List|ScreenRec trigger|credential|Retry On Fail/.test(body),
          `the person reads the builder's advice: ${body.slice(0, 800)}`,
        );
      },
    );
  }
}
