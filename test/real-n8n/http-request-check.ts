/**
 * The ScreenRec credential outside our nodes, in the real n8n: the HTTP Request node with Authentication
 * "Predefined Credential Type" → ScreenRec API, and an AI Agent's HTTP Request tool signed in the same way. What
 * reached ScreenRec is read twice: at its front door (the proxy n8n knows as the Service URL, which sees the
 * headers) and in ScreenRec's own request log (method, path and the status it answered); what reached another
 * origin, in a loopback catcher.
 */
import { isDeepStrictEqual } from 'node:util';
import { Catcher } from '../support/catcher';
import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import type { SuiteContext } from './context';
import type { InterceptedRequest } from './dribbling-service';
import { OPENAI_CREDENTIAL } from './agent-workflows';
import { textOf, type ScriptedModel } from './scripted-model';
import { CREDENTIAL } from './workflows';
import { chainConnections, nodeCredentials, webhookStartNode, workflow, type Demo } from './workflow-parts';

export const HTTP_WORKFLOW_ID = 'srHttpRequestWf1';
export const OWN_HEADER_WORKFLOW_ID = 'srHttpOwnHeader1';
export const HTTP_AGENT_WORKFLOW_ID = 'srHttpAgentWf001';
const HTTP_WEBHOOK_PATH = 'screenrec-http-request';
const OWN_HEADER_WEBHOOK_PATH = 'screenrec-http-own-header';
const HTTP_AGENT_WEBHOOK_PATH = 'screenrec-http-agent';
const TAG = 'http-tool';
const TAGS_TOOL = 'Search ScreenRec tags';
const OWN_HEADER_MESSAGE = 'The request sets its own Authorization header, which the ScreenRec account credential sets itself.';
const OWN_HEADER_DESCRIPTION =
  "Remove Authorization from the request's headers: the credential adds the right ScreenRec secret for the URL. To send a header of your own instead, set Authentication to None. Nothing was sent.";

/** An HTTP Request node (4.2) as the editor saves it with Authentication: Predefined Credential Type → ScreenRec API. */
function httpRequestNode(id: string, name: string, position: [number, number], parameters: Record<string, unknown>, type = 'httpRequest') {
  return {
    id,
    name,
    type: `n8n-nodes-base.${type}`,
    typeVersion: 4.2,
    position,
    parameters: { authentication: 'predefinedCredentialType', nodeCredentialType: 'screenRecApi', options: {}, ...parameters },
    credentials: nodeCredentials(CREDENTIAL),
  };
}

const jsonBody = (body: unknown) => ({ sendBody: true, specifyBody: 'json', jsonBody: JSON.stringify(body) });
const restUrl = (demo: Demo, path: string) => `${demo.baseUrl}/public/integration/${demo.workspaceId}${path}`;

/** The workflows these checks run; built from the demo workspace, like the credential they use. */
export function httpRequestWorkflows(demo: Demo) {
  const start = (id: string, path: string) =>
    webhookStartNode({ id, name: 'Start', webhookId: `${id}-hook`, path, responseMode: 'lastNode' });
  const threeCalls = workflow({
    id: HTTP_WORKFLOW_ID,
    name: 'ScreenRec through the HTTP Request node',
    nodes: [
      start(`${HTTP_WORKFLOW_ID}-s`, HTTP_WEBHOOK_PATH),
      httpRequestNode('h1', 'REST API', [220, 0], { method: 'POST', url: restUrl(demo, '/recordings/list'), ...jsonBody({ pageSize: 1 }) }),
      httpRequestNode('h2', 'Hook', [440, 0], {
        method: 'POST',
        url: `${demo.baseUrl}/public/webhooks/N8N`,
        ...jsonBody({ action: 'PING' }),
      }),
      // The listener's address comes with the run: it is another origin, started by the check.
      httpRequestNode('h3', 'Listener', [660, 0], {
        method: 'POST',
        url: "={{ $('Start').first().json.body.listener }}",
        ...jsonBody({ hello: 'listener' }),
      }),
    ],
    connections: chainConnections(['Start', 'REST API', 'Hook', 'Listener']),
  });
  const ownHeader = workflow({
    id: OWN_HEADER_WORKFLOW_ID,
    name: 'ScreenRec HTTP Request with its own Authorization',
    nodes: [
      start(`${OWN_HEADER_WORKFLOW_ID}-s`, OWN_HEADER_WEBHOOK_PATH),
      {
        ...httpRequestNode('o1', 'Own Header', [220, 0], {
          method: 'GET',
          url: restUrl(demo, '/recordings/tags'),
          sendHeaders: true,
          headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer my-own' }] },
        }),
        onError: 'continueRegularOutput',
      },
    ],
    connections: chainConnections(['Start', 'Own Header']),
  });
  const agent = workflow({
    id: HTTP_AGENT_WORKFLOW_ID,
    name: 'ScreenRec HTTP Request tool agent',
    nodes: [
      start(`${HTTP_AGENT_WORKFLOW_ID}-s`, HTTP_AGENT_WEBHOOK_PATH),
      {
        id: 'a1',
        name: 'AI Agent',
        type: '@n8n/n8n-nodes-langchain.agent',
        typeVersion: 3,
        position: [240, 0] as [number, number],
        parameters: { promptType: 'define', text: '={{ $json.body.message }}', options: {} },
      },
      {
        id: 'a2',
        name: 'OpenAI Chat Model',
        type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
        typeVersion: 1.3,
        position: [40, 260] as [number, number],
        parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, responsesApiEnabled: false, options: {} },
        credentials: { openAiApi: { id: OPENAI_CREDENTIAL.id, name: OPENAI_CREDENTIAL.name } },
      },
      httpRequestNode(
        'a3',
        TAGS_TOOL,
        [240, 260],
        {
          descriptionType: 'manual',
          toolDescription: "Finds the tags used on the workspace's ScreenRec recordings whose name contains the text given",
          method: 'GET',
          url: restUrl(demo, '/recordings/tags'),
          sendQuery: true,
          queryParameters: {
            parameters: [{ name: 'query', value: "={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('Tag_Text', ``, 'string') }}" }],
          },
        },
        'httpRequestTool',
      ),
    ],
    connections: {
      Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
      'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
      [TAGS_TOOL]: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
    },
  });
  return [threeCalls, ownHeader, agent];
}

/** A request at ScreenRec's front door and the status ScreenRec answered it with. */
interface Arrival {
  method: string;
  path: string;
  authorization?: string;
  serviceToken?: string;
  status: number;
}

/** Records every request reaching the service while `run` runs, each forwarded as usual. */
async function arrivalsDuring<T>({ service }: SuiteContext, run: () => Promise<T>): Promise<{ result: T; arrivals: Arrival[] }> {
  const arrivals: Arrival[] = [];
  service.intercept(async (request: InterceptedRequest, forward) => {
    const answer = await forward();
    arrivals.push({
      method: request.method,
      path: request.path,
      ...secretsOf(request.headers),
      status: answer.status,
    });
    return answer;
  });
  try {
    return { result: await run(), arrivals };
  } finally {
    service.intercept(undefined);
  }
}

function secretsOf(headers: Record<string, string | string[] | undefined>): { authorization?: string; serviceToken?: string } {
  const { authorization, 'x-service-token': serviceToken } = headers;
  return {
    ...(authorization === undefined ? {} : { authorization: String(authorization) }),
    ...(serviceToken === undefined ? {} : { serviceToken: String(serviceToken) }),
  };
}

/** ScreenRec's own request log from `offset` on: each answered request's method, path and status. */
function serviceLogFrom({ server }: SuiteContext, offset: number): string[] {
  const incoming = new Map<string, string>();
  const answered: string[] = [];
  for (const line of server.logs().slice(offset).split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; req?: { method: string; path: string }; res?: { statusCode: number } };
    if (entry.reqId === undefined) continue;
    if (entry.req !== undefined) incoming.set(entry.reqId, `${entry.req.method} ${entry.req.path}`);
    if (entry.res !== undefined) answered.push(`${incoming.get(entry.reqId) ?? '?'} ${entry.res.statusCode}`);
  }
  return answered;
}

/** ScreenRec writes its log from its own process: waits until it has logged `expected.length` answers, then compares. */
async function expectServiceLogged(context: SuiteContext, offset: number, expected: string[]): Promise<void> {
  const logged = await waitUntil(
    `ScreenRec to log ${expected.length} answered request(s)`,
    async () => {
      const entries = serviceLogFrom(context, offset);
      return entries.length >= expected.length ? entries : undefined;
    },
    PROCESS_WAIT,
  );
  expectThat(isDeepStrictEqual(logged, expected), `ScreenRec's request log shows ${JSON.stringify(logged)}`);
}

async function startRun(context: SuiteContext, path: string, body: unknown): Promise<{ status: number; body: string }> {
  const response = await fetch(`${context.instance.webhookUrl}webhook/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}

export async function httpRequestChecks(context: SuiteContext, model: ScriptedModel): Promise<void> {
  const { checks, demo, n8n } = context;
  const bearer = `Bearer ${demo.apiKey}`;
  const activated = (name: string) => n8n.output().includes(`Activated workflow "${name}"`) || undefined;
  for (const { name } of httpRequestWorkflows(demo))
    await waitUntil(`n8n to activate "${name}"`, async () => activated(name), PROCESS_WAIT).catch(() => undefined);

  await checks.check(
    'HTTP Request node, Predefined Credential Type: ScreenRec API: the REST path gets only the API key, the hook only the backend token, a listener on another origin neither',
    async () => {
      const listener = new Catcher([200]);
      await listener.start();
      try {
        const logOffset = context.server.logs().length;
        const { result, arrivals } = await arrivalsDuring(context, () =>
          startRun(context, HTTP_WEBHOOK_PATH, { listener: `${listener.url}/anything` }),
        );
        expectThat(result.status === 200, `the workflow answered ${result.status}: ${result.body.slice(0, 800)}`);
        const expected: Arrival[] = [
          { method: 'POST', path: `/public/integration/${demo.workspaceId}/recordings/list`, authorization: bearer, status: 200 },
          { method: 'POST', path: '/public/webhooks/N8N', serviceToken: demo.backendToken, status: 200 },
        ];
        expectThat(isDeepStrictEqual(arrivals, expected), `ScreenRec's front door saw ${JSON.stringify(arrivals)}`);
        await expectServiceLogged(context, logOffset, [
          `POST /public/integration/${demo.workspaceId}/recordings/list 200`,
          'POST /public/webhooks/N8N 200',
        ]);
        const [caught] = await listener.waitFor(1);
        expectThat(
          caught?.path === '/anything' && isDeepStrictEqual(secretsOf(caught.headers), {}),
          `the listener got ${caught?.path} with ${JSON.stringify(secretsOf(caught?.headers ?? {}))}`,
        );
      } finally {
        await listener.stop();
      }
    },
  );

  await checks.check(
    'HTTP Request node: a request setting its own Authorization gets no secret and is not sent; n8n shows what to change',
    async () => {
      const { result, arrivals } = await arrivalsDuring(context, () => startRun(context, OWN_HEADER_WEBHOOK_PATH, {}));
      expectThat(result.status === 200, `the workflow answered ${result.status}: ${result.body.slice(0, 800)}`);
      const output = JSON.parse(result.body) as { error?: { message?: unknown; description?: unknown } };
      expectThat(
        output.error?.message === OWN_HEADER_MESSAGE && output.error.description === OWN_HEADER_DESCRIPTION,
        `the node's error output is ${result.body.slice(0, 800)}`,
      );
      // Every request to ScreenRec passes its front door before n8n can answer the run.
      expectThat(arrivals.length === 0, `ScreenRec's front door saw ${JSON.stringify(arrivals)}`);
    },
  );

  await checks.check(
    "AI Agent's HTTP Request tool with the ScreenRec credential: the call reaches ScreenRec with the API key only",
    async () => {
      const beforeCreating = context.server.logs().length;
      const created = await fetch(`${demo.baseUrl}/public/webhooks/N8N`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-token': demo.backendToken },
        body: JSON.stringify({ action: 'RECORDING', recording: { externalReference: 'http-tool-1', tags: [TAG] } }),
      });
      expectThat(created.status === 200, `creating a tagged recording answered ${created.status}`);
      await expectServiceLogged(context, beforeCreating, ['POST /public/webhooks/N8N 200']);
      let toolResult: string | undefined;
      model.play((messages) => {
        const last = messages.at(-1);
        if (last?.role !== 'tool')
          return { toolCall: { name: TAGS_TOOL.replace(/[^a-zA-Z0-9_-]+/g, '_'), arguments: { Tag_Text: 'http' } } };
        toolResult = textOf(last);
        return { answer: `ScreenRec has these tags: ${toolResult}` };
      });
      const logOffset = context.server.logs().length;
      const { result, arrivals } = await arrivalsDuring(context, () =>
        startRun(context, HTTP_AGENT_WEBHOOK_PATH, { message: 'Which ScreenRec tags contain "http"?' }),
      );
      expectThat(result.status === 200, `the agent's webhook answered ${result.status}: ${result.body.slice(0, 800)}`);
      expectThat(
        isDeepStrictEqual(arrivals, [
          { method: 'GET', path: `/public/integration/${demo.workspaceId}/recordings/tags`, authorization: bearer, status: 200 },
        ]),
        `ScreenRec's front door saw ${JSON.stringify(arrivals)}`,
      );
      await expectServiceLogged(context, logOffset, [`GET /public/integration/${demo.workspaceId}/recordings/tags 200`]);
      expectThat(toolResult?.includes(`"${TAG}"`) === true, `the model read ${toolResult}`);
      const answer = (JSON.parse(result.body) as { output?: unknown }).output;
      expectThat(answer === `ScreenRec has these tags: ${toolResult}`, `the agent answered ${JSON.stringify(answer)}`);
    },
  );
}
