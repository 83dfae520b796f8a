/**
 * An AI Agent with n8n's OpenAI Chat Model (its credential's Base URL on our scripted model, Chat Completions: "Use
 * Responses API" off) and ScreenRec tools set up as the package README tells a builder: the ScreenRec Tool added
 * under the agent, an operation chosen, and the fields the model should fill given to it with the editor's "let the
 * model define this" button, which writes `$fromAI('<Field_Name>', '', 'string')`. One workflow answers when the
 * agent is done (JSON), the other streams the agent's words as a chat would.
 */
import { CREDENTIAL } from './workflows';
import { PACKAGE, nodeCredentials, recordingById, workflow } from './workflow-parts';

export const AGENT_WORKFLOW_ID = 'srAgentJsonWf001';
export const AGENT_STREAM_WORKFLOW_ID = 'srAgentStream001';
export const AGENT_WEBHOOK_PATH = 'screenrec-agent';
export const AGENT_STREAM_WEBHOOK_PATH = 'screenrec-agent-chat';
export const OPENAI_CREDENTIAL = { id: 'srOpenAiCred0001', name: 'Scripted model', type: 'openAiApi' };

/** The OpenAI credential as `n8n import:credentials` reads it: any key, and the scripted model's Base URL. */
export function openAiCredential(modelBaseUrl: string) {
  return { ...OPENAI_CREDENTIAL, data: { apiKey: 'sk-scripted-model', url: modelBaseUrl } };
}

/** What the editor's button writes into a field. */
const fromAiButton = (key: string) => `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${key}', \`\`, 'string') }}`;

/** Each ScreenRec tool under the agent, named as n8n names a new tool node ("<action> in ScreenRec"). */
export const AGENT_TOOLS = {
  createLink: {
    name: 'Create a recording link to send in ScreenRec',
    operation: 'create',
    parameters: { externalReference: fromAiButton('External_Reference'), tags: fromAiButton('Tags') },
    arguments: ['External_Reference', 'Tags'],
  },
  request: {
    name: 'Request a recording by email in ScreenRec',
    operation: 'request',
    parameters: { email: fromAiButton('Email'), direction: 'REQUEST', additionalFields: { tags: fromAiButton('Tags') } },
    arguments: ['Email', 'Tags'],
  },
  find: {
    name: 'Get many recordings in ScreenRec',
    operation: 'getAll',
    parameters: { returnAll: false, limit: 10, filters: { externalReference: fromAiButton('External_Reference') } },
    arguments: ['External_Reference'],
  },
  videoUrl: {
    name: 'Get the video URL of a recording in ScreenRec',
    operation: 'getVideoUrl',
    parameters: { recordingId: recordingById(fromAiButton('Recording')) },
    arguments: ['Recording'],
  },
} as const;

/** The name the model calls a tool by: n8n's nodeNameToToolName. */
export const toolName = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');

function agentWorkflow(id: string, name: string, path: string, responseMode: 'lastNode' | 'streaming') {
  const agent = 'AI Agent';
  const model = 'OpenAI Chat Model';
  const tools = Object.values(AGENT_TOOLS).map((tool, index) => ({
    id: `${id}-t${index}`,
    name: tool.name,
    type: `${PACKAGE}.screenRecTool`,
    typeVersion: 1,
    position: [200 + index * 160, 260] as [number, number],
    parameters: { resource: 'recording', operation: tool.operation, ...tool.parameters },
    credentials: nodeCredentials(CREDENTIAL),
  }));
  return workflow({
    id,
    name,
    nodes: [
      {
        id: `${id}-w`,
        name: 'Message',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2.1,
        position: [0, 0] as [number, number],
        webhookId: `${id}-hook`,
        parameters: { httpMethod: 'POST', path, responseMode, options: {} },
      },
      {
        id: `${id}-a`,
        name: agent,
        type: '@n8n/n8n-nodes-langchain.agent',
        typeVersion: 3,
        position: [240, 0] as [number, number],
        parameters: { promptType: 'define', text: '={{ $json.body.message }}', options: {} },
      },
      {
        id: `${id}-m`,
        name: model,
        type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
        typeVersion: 1.3,
        position: [40, 260] as [number, number],
        parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, responsesApiEnabled: false, options: {} },
        credentials: { openAiApi: { id: OPENAI_CREDENTIAL.id, name: OPENAI_CREDENTIAL.name } },
      },
      ...tools,
    ],
    connections: {
      Message: { main: [[{ node: agent, type: 'main', index: 0 }]] },
      [model]: { ai_languageModel: [[{ node: agent, type: 'ai_languageModel', index: 0 }]] },
      ...Object.fromEntries(tools.map((tool) => [tool.name, { ai_tool: [[{ node: agent, type: 'ai_tool', index: 0 }]] }])),
    },
  });
}

export const agentWorkflows = [
  agentWorkflow(AGENT_WORKFLOW_ID, 'ScreenRec agent', AGENT_WEBHOOK_PATH, 'lastNode'),
  agentWorkflow(AGENT_STREAM_WORKFLOW_ID, 'ScreenRec agent chat', AGENT_STREAM_WEBHOOK_PATH, 'streaming'),
];
