import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeParameters } from 'n8n-workflow';
import { AGENT_TOOLS, toolName } from '../real-n8n/agent-workflows';
import { screenRecAgentTool } from '../support/n8n-agent-tool';
import { REPO_ROOT } from '../support/reference-server';
import { CREDENTIAL, WEBHOOK_BASE_URL } from './harness';

// The package README's example workflow (docs/ai-agent-workflow.json) is the real-agent suite's: the same ScreenRec
// tools, set up the same way, so what the README says the model sees is what the suite checks in a real n8n.

interface ExampleNode {
  name: string;
  type: string;
  parameters: INodeParameters;
}

const example = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/n8n-nodes-screenrec/docs/ai-agent-workflow.json'), 'utf8')) as {
  nodes: ExampleNode[];
  connections: Record<string, Record<string, unknown>>;
};
const tools = example.nodes.filter((node) => node.type === 'n8n-nodes-screenrec.screenRecTool');

it('holds the ScreenRec tools the real-agent suite runs, each connected to the AI Agent', () => {
  expect(tools.map(({ name, parameters }) => ({ name, parameters }))).toEqual(
    Object.values(AGENT_TOOLS).map((tool) => ({
      name: tool.name,
      parameters: { resource: 'recording', operation: tool.operation, ...tool.parameters },
    })),
  );
  for (const tool of tools)
    expect(example.connections[tool.name]).toEqual({ ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] });
});

it.each(Object.values(AGENT_TOOLS))("$name: the model gets its tool name, the operation's description and its arguments", (tool) => {
  const node = tools.find((candidate) => candidate.name === tool.name)!;
  const offered = screenRecAgentTool({ credential: CREDENTIAL, webhookBaseUrl: WEBHOOK_BASE_URL }, node.name, node.parameters);
  expect(offered.name).toBe(toolName(tool.name));
  expect(Object.keys(offered.argumentDescriptions).sort()).toEqual([...tool.arguments].sort());
  for (const key of tool.arguments) expect(offered.description).toContain(`\n- ${key}: `);
});

it("the AI agents page quotes Create Recording Link's tool description as the model reads it", () => {
  const page = readFileSync(path.join(REPO_ROOT, 'packages/n8n-nodes-screenrec/docs/ai-agents.md'), 'utf8');
  const quoted = /```text\n([\s\S]*?)\n\s*```/.exec(page)?.[1];
  const lines = quoted?.split('\n').map((line) => line.trim());
  const create = tools.find((tool) => tool.parameters.operation === 'create')!;
  expect(lines?.join('\n')).toBe(
    screenRecAgentTool({ credential: CREDENTIAL, webhookBaseUrl: WEBHOOK_BASE_URL }, create.name, create.parameters).description,
  );
});
