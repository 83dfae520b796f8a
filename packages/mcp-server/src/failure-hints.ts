import type { ErrorCode, ServiceInterface } from 'screenrec';
import { CREDENTIAL_HEADERS } from './hosted/credentials';

/** What a user changes for each failure, beside core's message: it depends on where they set the credentials. */
export interface FailureHints extends Record<ServiceInterface, Partial<Record<ErrorCode, string>>> {
  /** For a ProxyError, in place of its code's (NETWORK) hint: the proxy settings are at fault, not the Service URL. */
  proxy: string;
}

// Core's messages say what to change in a connection ("reconnect", "check the Service URL"); here the user
// changes an environment variable, so each message that points at a setting also names the variable.
const RESTART = 'then restart the MCP client';
const SERVICE_URL = "This server's Service URL is SCREENREC_BASE_URL.";
const NEW_TOKEN = `This server's backend token is SCREENREC_BACKEND_TOKEN: put the new token there, ${RESTART}.`;
export const ENVIRONMENT_HINTS: FailureHints = {
  proxy: `This server's proxy is HTTPS_PROXY or HTTP_PROXY, and NO_PROXY lists the hosts it reaches directly: change them in its environment, ${RESTART}.`,
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

// The hosted endpoint: the caller sends the key, workspace and token in its MCP client's headers, and the service
// address is the deployment's, which the caller cannot change (only report).
const CLIENT_CONFIG = "in your MCP client's configuration of this server";
const DEPLOYMENT = "This endpoint's ScreenRec address is set by whoever deployed it: tell them.";
const NEW_HEADER_TOKEN = `The backend token is the header ${CREDENTIAL_HEADERS.backendToken} ${CLIENT_CONFIG}: put the new token there.`;
export const HEADER_HINTS: FailureHints = {
  // No header sets a proxy: like the address, it is the deployment's.
  proxy: "This endpoint's proxy (HTTPS_PROXY, HTTP_PROXY and NO_PROXY in its environment) is set by whoever deployed it: tell them.",
  rest: {
    UNAUTHORIZED: `The API key is the header "Authorization: Bearer <API key>" ${CLIENT_CONFIG}: put the new key there.`,
    FORBIDDEN: `The workspace ID is the header ${CREDENTIAL_HEADERS.workspaceId} (or the address's end) and the API key the Authorization header, ${CLIENT_CONFIG}.`,
    NETWORK: DEPLOYMENT,
    UNEXPECTED_RESPONSE: DEPLOYMENT,
    RESPONSE_TOO_LARGE: DEPLOYMENT,
  },
  hook: {
    BAD_REQUEST: `The backend token is the header ${CREDENTIAL_HEADERS.backendToken} ${CLIENT_CONFIG}; ${DEPLOYMENT}`,
    FORBIDDEN: NEW_HEADER_TOKEN,
    INTEGRATION_ERROR: NEW_HEADER_TOKEN,
    INTEGRATION_NOT_CONNECTED: NEW_HEADER_TOKEN,
    NOT_FOUND: DEPLOYMENT,
    NETWORK: DEPLOYMENT,
    UNEXPECTED_RESPONSE: DEPLOYMENT,
    RESPONSE_TOO_LARGE: DEPLOYMENT,
  },
};
