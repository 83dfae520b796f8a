import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { InvalidInputError, describeFieldErrors, fieldErrorsOf, invalidInputMessage } from '@screenrec/core';
import { z } from 'zod';
import { callOptionsFor, within } from './call';
import type { Connections } from './connections';
import { scrub, type Logger } from './log';
import { describeFailure, toolFailure, toolSuccess } from './results';
import type { ToolDefinition } from './tools/tool';

/**
 * Serves tools/list and tools/call for our tools. McpServer.registerTool would answer arguments that do not fit
 * the schema with the SDK's own text ("MCP error -32602: Input validation error: … Too big: expected number to
 * be <=100 at limit"); here they get core's INVALID_INPUT message, like every other failure a model reads.
 */
export function serveTools(server: Server, tools: readonly ToolDefinition[], connections: Connections, logger: Logger): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed: Tool[] = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(tool.output, { target: 'draft-7', io: 'output' }) as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  }));
  server.registerCapabilities({ tools: { listChanged: false } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = byName.get(request.params.name);
    if (tool === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${request.params.name}". This server's tools: ${[...byName.keys()].join(', ')}.`);
    }
    return runTool(tool, request.params.arguments, extra.signal, connections, logger);
  });
}

async function runTool(
  tool: ToolDefinition,
  args: unknown,
  signal: AbortSignal,
  connections: Connections,
  logger: Logger,
): Promise<CallToolResult> {
  const started = performance.now();
  const took = () => `${Math.round(performance.now() - started)} ms`;
  const call = callOptionsFor(signal, connections.toolTimeoutMs);
  try {
    const input = tool.input.safeParse(args ?? {});
    if (!input.success) {
      const fieldErrors = fieldErrorsOf(input.error);
      throw new InvalidInputError(invalidInputMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
    }
    const outcome = await within(call, connections.toolTimeoutMs, () => tool.run(input.data, call, connections));
    logger.info(`${tool.name}: ok in ${took()}`);
    return toolSuccess(outcome.structured, outcome.text);
  } catch (error) {
    const failure = describeFailure(error, tool.side);
    const detail = failure.expected ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    logger.error(`${tool.name}: ${failure.code} after ${took()}${detail}`);
    return toolFailure(scrub(failure.message, connections.secrets));
  }
}
