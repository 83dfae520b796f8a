import type { CallToolResult } from '@modelcontextprotocol/server';
import { ProxyError, isScreenRecError, type ServiceInterface } from 'screenrec';
import { NotConfiguredError } from './connections';
import type { FailureHints } from './failure-hints';

export function toolSuccess(structuredContent: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent };
}

export function toolFailure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export const UNEXPECTED_FAILURE =
  'The ScreenRec MCP server failed unexpectedly on this call. Try again; if it keeps happening, report it with the server log (its stderr).';

/**
 * The words a failure is reported in: core's message (plus the setting to change), ours, or a generic one. None
 * holds a secret: core quotes the service only scrubbed of the credential, ours name settings and never their
 * values, and an unexpected error's own text goes only to the log.
 */
export function describeFailure(
  error: unknown,
  serviceInterface: ServiceInterface,
  hints: FailureHints,
): { code: string; message: string; expected: boolean } {
  if (isScreenRecError(error)) {
    const hint = error instanceof ProxyError ? hints.proxy : hints[serviceInterface][error.code];
    return { code: error.code, message: hint === undefined ? error.message : `${error.message} ${hint}`, expected: true };
  }
  if (error instanceof NotConfiguredError) return { code: error.code, message: error.message, expected: true };
  return { code: 'UNEXPECTED', message: UNEXPECTED_FAILURE, expected: false };
}
