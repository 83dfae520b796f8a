import { ErrorCode, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { Variables } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { callOptionsFor, within } from './call';
import type { Connections } from './connections';
import { scrub, type Logger } from './log';
import { describeFailure } from './results';

export const RECORDING_URI_TEMPLATE = 'screenrec://recordings/{id}';

/**
 * The SDK answers a thrown error with its `code` and `message` as they are (an McpError's message would carry
 * a second "MCP error -32603:" prefix once the client adds its own).
 */
class ResourceReadError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The MCP specification's code for "Resource not found". */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A recording as JSON. A resource read has no "error result" the way a tool call has, so a failure is a
 * protocol error carrying the same message a tool would give.
 */
export async function readRecordingResource(
  uri: URL,
  variables: Variables,
  signal: AbortSignal,
  connections: Connections,
  logger: Logger,
): Promise<ReadResourceResult> {
  const id = Array.isArray(variables.id) ? variables.id[0] : variables.id;
  const call = callOptionsFor(signal, connections.toolTimeoutMs);
  try {
    const recording = await within(call, connections.toolTimeoutMs, () => connections.rest().getRecording(id ?? '', call));
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(recording, null, 2) }] };
  } catch (error) {
    const failure = describeFailure(error, 'rest');
    logger.error(`resource ${RECORDING_URI_TEMPLATE}: ${failure.code}`);
    const code = failure.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : failure.code === 'INVALID_INPUT' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
    throw new ResourceReadError(code, scrub(failure.message, connections.secrets));
  }
}
