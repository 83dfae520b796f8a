import * as z from 'zod/v4';
import { InvalidInputError } from '../errors/error-classes.js';
import { failureOfResponse, hookRefusal, type HookActionName } from '../errors/failure-table.js';
import { NOT_FOUND_AT_PATH, nothingSentMessage, secretHeaderGivenMessage } from '../errors/messages.js';
import { parseJson, validateInput } from '../errors/schema-checks.js';
import type { CallOptions } from '../transport/call-bounds.js';
import type { RequestSender } from '../transport/request-sender.js';
import { credentialTargetOf, secretHeadersIn, type ServiceCredentials } from '../wire/credential-routing.js';
import { isSuccess, type HttpMethod } from '../wire/protocol.js';

/**
 * A request the client has no method for: any path of the service, sent with the client's own secret where the
 * one rule (credential-routing.ts) gives it, and with the client's deadlines, cancellation, retries, capped read and
 * typed errors.
 */
export interface ServiceRequestSpec {
  method: HttpMethod;
  /** A path from the Service URL (`/public/integration/<workspace ID>/recordings/tags`), or a whole URL on it. */
  path: string;
  /** Added to the URL's query string. */
  query?: Record<string, string | number | boolean>;
  /** Sent as JSON. */
  body?: unknown;
  /** Headers of the caller's own; never Authorization or x-service-token, which the client sets. */
  headers?: Record<string, string>;
}

const Spec = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  path: z.string().trim().min(1),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

// Sent again after a network failure, a 5xx or a 429 only where a repeat changes nothing.
const IDEMPOTENT: readonly HttpMethod[] = ['GET', 'PUT', 'DELETE'];

/**
 * Sends the request and answers its body, parsed (JSON, else the text; undefined when empty). Refused before
 * anything is sent (INVALID_INPUT, saying what to change) when the URL is not where this client's secret goes, or
 * when the caller's headers try to set a secret; any answer but a 2xx is the failure table's typed error, as for
 * the client's own methods. `options.onResponse` is told the status and headers.
 */
export async function sendServiceRequest(
  sender: RequestSender,
  credentials: ServiceCredentials,
  spec: ServiceRequestSpec,
  options?: CallOptions,
): Promise<unknown> {
  const { method, path, query, body, headers = {} } = validateInput(Spec, spec);
  const ownSecrets = secretHeadersIn(headers);
  if (ownSecrets.length > 0) throw new InvalidInputError(secretHeaderGivenMessage(ownSecrets));
  const url = new URL(path.startsWith('/') ? `${sender.baseUrl}${path}` : path);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.append(name, String(value));
  // The path as written: URL parsing would already have taken out the dot segments the rule refuses.
  const target = credentialTargetOf(path.startsWith('/') ? `${sender.baseUrl}${path}` : path, credentials);
  if (target.interface === undefined) throw new InvalidInputError(nothingSentMessage(target.reason));
  const secret = target.interface === 'hook' ? (credentials.backendToken ?? '') : (credentials.apiKey ?? '');
  const operation = sender.begin({ doing: `sending ${method} ${url.pathname}` }, options);
  const response = await sender.send(
    { method, url: url.href, headers: { ...headers, ...target.headers }, body, idempotent: IDEMPOTENT.includes(method), secret },
    operation,
  );
  const action = target.interface === 'hook' ? hookActionOf(body) : 'REST';
  if (!isSuccess(response.status)) throw failureOfResponse(response, { action, notFound: NOT_FOUND_AT_PATH, secret });
  const json = parseJson(response.body);
  // The hook's refusals come with 200 and an `error` field, as for the client's own actions.
  const error: unknown = target.interface === 'hook' && typeof json === 'object' && json !== null ? Reflect.get(json, 'error') : undefined;
  if (action !== 'REST' && typeof error === 'string') throw hookRefusal(action, error, secret);
  // A body that is not JSON is given as its text.
  return json ?? (response.body === '' ? undefined : response.body);
}

function hookActionOf(body: unknown): HookActionName {
  const action: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'action') : undefined;
  return action === 'PING' || action === 'CALLBACK_SUBSCRIBE' || action === 'CALLBACK_UNSUBSCRIBE' ? action : 'RECORDING';
}
