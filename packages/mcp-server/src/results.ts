import type { CallToolResult } from '@modelcontextprotocol/server';
import { isScreenRecError, type ErrorCode, type ServiceInterface } from 'screenrec';
import { NotConfiguredError } from './connections';

export function toolSuccess(structuredContent: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent };
}

export function toolFailure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

// Core's messages say what to change in a connection ("reconnect", "check the Service URL"); here the user
// changes an environment variable, so each message that points at a setting also names the variable.
const RESTART = 'then restart the MCP client';
const SERVICE_URL = "This server's Service URL is SCREENREC_BASE_URL.";
const NEW_TOKEN = `This server's backend token is SCREENREC_BACKEND_TOKEN: put the new token there, ${RESTART}.`;
const HINTS: Record<ServiceInterface, Partial<Record<ErrorCode, string>>> = {
  rest: {
    UNAUTHORIZED: `This server's API key is SCREENREC_API_KEY: put the new key there, ${RESTART}.`,
    FORBIDDEN: "This server's workspace ID is SCREENREC_WORKSPACE_ID and its API key SCREENREC_API_KEY.",
    NETWORK: SERVICE_URL,
    UNEXPECTED_RESPONSE: SERVICE_URL,
    RESPONSE_TOO_LARGE: SERVICE_URL,
  },
  hook: {
    // A PING's 400 means a disconnected integration (new token); a RECORDING's, a malformed request (wrong address).
    BAD_REQUEST: "This server's Service URL is SCREENREC_BASE_URL and its backend token SCREENREC_BACKEND_TOKEN.",
    FORBIDDEN: NEW_TOKEN,
    INTEGRATION_ERROR: NEW_TOKEN,
    INTEGRATION_NOT_CONNECTED: NEW_TOKEN,
    NOT_FOUND: SERVICE_URL,
    NETWORK: SERVICE_URL,
    UNEXPECTED_RESPONSE: SERVICE_URL,
    RESPONSE_TOO_LARGE: SERVICE_URL,
  },
};

export const UNEXPECTED_FAILURE =
  'The ScreenRec MCP server failed unexpectedly on this call. Try again; if it keeps happening, report it with the server log (its stderr).';

/**
 * The words a failure is reported in: core's message (plus the setting to change), ours, or a generic one. None
 * holds a secret: core quotes the service only scrubbed of the credential, ours name settings and never their
 * values, and an unexpected error's own text goes only to the log.
 */
export function describeFailure(error: unknown, serviceInterface: ServiceInterface): { code: string; message: string; expected: boolean } {
  if (isScreenRecError(error)) {
    const hint = HINTS[serviceInterface][error.code];
    return { code: error.code, message: hint === undefined ? error.message : `${error.message} ${hint}`, expected: true };
  }
  if (error instanceof NotConfiguredError) return { code: error.code, message: error.message, expected: true };
  return { code: 'UNEXPECTED', message: UNEXPECTED_FAILURE, expected: false };
}
