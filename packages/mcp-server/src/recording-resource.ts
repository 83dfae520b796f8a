import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type ReadResourceResult,
  type Variables,
} from '@modelcontextprotocol/server';
import { callOptionsFor } from './call';
import type { Connections } from './connections';
import type { Logger } from './log';
import { describeFailure } from './results';

export const RECORDING_URI_TEMPLATE = 'screenrec://recordings/{id}';

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
    const recording = await connections.rest().getRecording(id ?? '', call);
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(recording, null, 2) }] };
  } catch (error) {
    const failure = describeFailure(error, 'rest', connections.hints);
    logger.error(`resource ${RECORDING_URI_TEMPLATE}: ${failure.code}`);
    // The current protocol's "Resource not found" is -32602 with the URI in its data (it was -32002 before).
    if (failure.code === 'NOT_FOUND') throw new ResourceNotFoundError(uri.href, failure.message);
    throw new ProtocolError(
      failure.code === 'INVALID_INPUT' ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError,
      failure.message,
    );
  }
}
