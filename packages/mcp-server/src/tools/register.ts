import type { CallToolResult, InputRequiredResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { callOptionsFor } from '../call';
import { CARD_TOOL_META } from '../card/resource';
import { askToConfirm, confirmationOf } from './confirm';
import type { Connections } from '../connections';
import type { Logger } from '../log';
import { progressOf } from './progress';
import { describeFailure, toolFailure, toolSuccess } from '../results';
import { advertisedSchema } from './schemas';
import type { Tool } from './tool';

/** Registers our tools on one server instance, in the order given (tools/list keeps it). */
export function registerTools(server: McpServer, tools: readonly Tool[], connections: Connections, logger: Logger): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertisedSchema(tool.input),
        // Core has parsed what ScreenRec sent with these same schemas: checking it again would only cost time.
        outputSchema: advertisedSchema(tool.output),
        annotations: { title: tool.title, ...tool.annotations },
        icons: tool.icons,
        ...(tool.showsCard ? { _meta: CARD_TOOL_META } : {}),
      },
      (args, ctx) => runTool(tool, args, ctx, server, connections, logger),
    );
  }
}

async function runTool(
  tool: Tool,
  args: unknown,
  ctx: ServerContext,
  server: McpServer,
  connections: Connections,
  logger: Logger,
): Promise<CallToolResult | InputRequiredResult> {
  const started = performance.now();
  const took = () => `${Math.round(performance.now() - started)} ms`;
  const { requestSignal } = connections;
  const signal = requestSignal === undefined ? ctx.mcpReq.signal : AbortSignal.any([ctx.mcpReq.signal, requestSignal]);
  const call = callOptionsFor(signal, connections.toolTimeoutMs);
  try {
    const context = { confirmation: () => confirmationOf(ctx, server), progress: progressOf(ctx) };
    const outcome = await tool.run(args, call, connections, context);
    if ('ask' in outcome) {
      logger.info(`${tool.name}: asking the user to confirm, after ${took()}`);
      return askToConfirm(outcome.ask);
    }
    if ('declined' in outcome) {
      logger.info(`${tool.name}: DECLINED after ${took()}`);
      return toolFailure(outcome.declined);
    }
    logger.info(`${tool.name}: ok in ${took()}`);
    return toolSuccess(outcome.structured, outcome.text);
  } catch (error) {
    const failure = describeFailure(error, tool.serviceInterface, connections.hints);
    const detail = failure.expected ? '' : `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    logger.error(`${tool.name}: ${failure.code} after ${took()}${detail}`);
    return toolFailure(failure.message);
  }
}
