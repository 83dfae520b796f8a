import {
  HTTPS_SERVICE_URL_REQUIRED,
  credentialTargetOf,
  invalidInputMessage,
  isPlainHttpOffLoopback,
  secretHeadersIn,
  type ServiceCredentials,
} from 'screenrec';
import type { BeforeRequestMiddleware, Bundle, HttpRequestOptions } from 'zapier-platform-core';
import { connectionSecrets, serviceCredentials } from './clients';

/**
 * Every request leaves through here, the app's own and those Zapier makes for the user outside the app's steps (the
 * API Request action, Custom Actions, the Zapier SDK, Zapier MCP's code actions), which run this middleware and none
 * of the app's step code. It gives a request the one secret core's rule (`credentialTargetOf`) allows for its URL: the
 * backend token to the hook endpoint, the API key to the connection's workspace API. A request to another path of the
 * Service URL goes without secrets; the pre-signed video link fetched for a file (storage may be elsewhere) goes as
 * it is. Anything else that would carry a secret, or a secret of the caller's choosing, is refused before it is sent,
 * saying what to change.
 */
export const credentialsByTheRule: BeforeRequestMiddleware = (request, z, bundle) => {
  const url = request.url ?? '';
  const credentials = serviceCredentials(bundle);
  const target = credentialTargetOf(url, credentials);
  const declined = target.interface === undefined ? target.reason : '';
  const refuse = (reason: string, code = 'REFUSED_REQUEST'): never => {
    throw new z.errors.Error(`Refused a request to ${shownUrl(url)}: ${reason}`, code);
  };

  if (!onServiceOrigin(url, credentials)) {
    if (request.method !== 'GET' || carriesASecret(request, bundle)) refuse(declined, 'REFUSED_HOST');
    return request;
  }
  const headers = { ...(request.headers ?? {}) };
  // The app's own clients set the very header the rule gives; any other secret header is the caller's choice.
  const chosen = secretHeadersIn(headers).filter((name) => target.headers[name.toLowerCase()] !== headers[name]);
  if (chosen.length > 0) refuse(ownSecretHeaderReason(chosen));
  for (const name of secretHeadersIn(headers)) delete headers[name];

  if (target.interface !== undefined) {
    if (isPlainHttpOffLoopback(credentials.baseUrl))
      refuse(invalidInputMessage(`"Service URL": ${HTTPS_SERVICE_URL_REQUIRED}`), 'INVALID_INPUT');
    return { ...request, headers: { ...headers, ...target.headers } };
  }
  // A path of the Service URL that is neither interface goes without secrets; any other refusal is the caller's to fix.
  if (target.because !== 'notAnInterface') refuse(declined);
  if (carriesASecret(request, bundle)) refuse(SECRET_OFF_THE_INTERFACES);
  return { ...request, headers };
};

const SECRET_OFF_THE_INTERFACES =
  "it carries a secret of the connection in its address, query or body, and this path is neither your workspace's REST API nor the automation hook: remove the secret.";

function onServiceOrigin(url: string, credentials: ServiceCredentials): boolean {
  try {
    return new URL(url).origin === new URL(credentials.baseUrl).origin;
  } catch {
    return false;
  }
}

/** Whether any secret of the connection is in the request's URL, headers, query or body, spelled out. */
function carriesASecret(request: HttpRequestOptions, bundle: Bundle): boolean {
  const sent = JSON.stringify([
    request.url,
    request.headers ?? {},
    request.params ?? {},
    typeof request.body === 'string' ? request.body : '',
  ]);
  return connectionSecrets(bundle).some((secret) => sent.includes(secret));
}

function ownSecretHeaderReason(names: readonly string[]): string {
  return (
    `it sets its own ${names.join(' and ')} header: remove it. This app adds the connection's secret itself to the ` +
    "requests that need it (the API Key to your workspace's REST API, the Backend Token to the automation hook), and nothing elsewhere."
  );
}

/** The URL as a message shows it: without its query, which may hold what is not the reader's to see. */
function shownUrl(url: string): string {
  const [withoutQuery = ''] = url.split(/[?#]/);
  return withoutQuery.length > 200 ? `${withoutQuery.slice(0, 200)}…` : withoutQuery;
}
