import { SupplyDataContext } from 'n8n-core';
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { makeHandleToolInvocation } from 'n8n-core/dist/execution-engine/node-execution-context/utils/get-input-connection-data';
import { NodeConnectionTypes, type INode, type INodeParameters, type INodeType, type IRunExecutionData } from 'n8n-workflow';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { additionalDataFor, nodeOf, workflowOf, type N8nSetup } from './n8n-contexts';

// The ScreenRec node as an AI Agent gets it: n8n's `screenRecTool` variant of the node (named and wired as n8n's
// loader makes it), turned into a LangChain tool by n8n-core's own createNodeAsTool, whose calls run the node through
// n8n-core's makeHandleToolInvocation in a real SupplyDataContext, as the agent's tool calls do in n8n 2.3.

/** The editor's "let the model define this" value for a field: a $fromAI call with an empty description. */
export const fromAiButton = (key: string, type = 'string') =>
  `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${key}', \`\`, '${type}') }}`;

/** n8n's `<type>Tool` variant: the same node, named `screenRecTool`, with one AI-tool output and no input. */
function toolVariant(): INodeType {
  const node = new ScreenRec();
  const description = {
    ...node.description,
    name: 'screenRecTool',
    displayName: 'ScreenRec Tool',
    inputs: [],
    outputs: [NodeConnectionTypes.AiTool],
  };
  return Object.create(node, { description: { value: description } }) as INodeType;
}

interface LangChainTool {
  name: string;
  description: string;
  schema: { shape: Record<string, { description?: string }> };
  invoke(args: Record<string, unknown>): Promise<unknown>;
}

export interface AgentTool {
  name: string;
  description: string;
  /** The argument names of the tool's schema, and each one's description (undefined when it has none). */
  argumentDescriptions: Record<string, string | undefined>;
  /** n8n's logger, which the node's contexts share. */
  logger: { warn: (message: string) => void };
  /** Calls the tool as the agent does; returns the text the model reads. */
  invoke(args: Record<string, unknown>): Promise<string>;
}

/** The tool an AI Agent would offer its model for a ScreenRec Tool node named `name` with these parameters. */
export function screenRecAgentTool(setup: N8nSetup, name: string, parameters: INodeParameters, extra: Partial<INode> = {}): AgentTool {
  const nodeType = toolVariant();
  const workflow = workflowOf(nodeType, nodeOf(name, 'n8n-nodes-screenrec.screenRecTool', parameters, extra));
  const node = workflow.getNode(name)!;
  const agent = nodeOf('AI Agent', '@n8n/n8n-nodes-langchain.agent', {});
  const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
  const additionalData = additionalDataFor(setup, { hooks: { runHook: async () => undefined } as never, currentNodeExecutionIndex: 0 });
  const contextFactory = (runIndex: number) =>
    new SupplyDataContext(
      workflow,
      node,
      additionalData,
      'manual',
      runExecutionData,
      runIndex,
      [],
      {},
      NodeConnectionTypes.AiTool,
      { node: agent, data: { main: [[{ json: {} }]] }, source: null },
      [],
      undefined,
      agent,
    );
  const handleToolInvocation = makeHandleToolInvocation(contextFactory, node, nodeType, runExecutionData);
  // LangChain's tool type is too deep for the compiler here: only what a model is handed is read.
  const { response: tool } = createNodeAsTool({ node, nodeType, handleToolInvocation }) as unknown as { response: LangChainTool };
  const shape = tool.schema.shape;
  return {
    name: tool.name,
    description: tool.description,
    argumentDescriptions: Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.description])),
    logger: contextFactory(0).logger,
    invoke: async (args) => String(await tool.invoke(args)),
  };
}
