import * as z from 'zod/v4';
import { InvalidInputError, type ScreenRecError } from '../errors/error-classes.js';
import { failureOfResponse, hookRefusal, type HookActionName } from '../errors/failure-table.js';
import { GET_WITH_BODY, NOT_FOUND_AT_PATH, PATH_FORM, nothingSentMessage, secretHeaderGivenMessage } from '../errors/messages.js';
import { parseJson, validateInput } from '../errors/schema-checks.js';
import type { CallOptions } from '../transport/call-bounds.js';
import { RequestSender, type ClientOptions } from '../transport/request-sender.js';
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

/** The service's answer to a request, whatever its status: `failure` is the typed error it means, if any. */
export interface ServiceResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  /** Parsed JSON, else the text; undefined when empty. */
  body: unknown;
  /** Undefined for a success; else the failure table's error (a 4xx, a 5xx, or the hook's 200 with `error`). */
  failure: ScreenRecError | undefined;
}

/**
 * Sends any request to the service with the secret the one rule (credential-routing.ts) gives its URL, out of those
 * of `credentials`, and the client's deadlines, cancellation, retries (GET, PUT and DELETE only) and capped read.
 * Refused before anything is sent (INVALID_INPUT, saying what to change): a URL the rule gives no secret, a header of
 * the caller's that sets a secret, a GET with a body, a path that is neither `/…` nor a whole URL. For a connector
 * that holds both secrets (Node-RED's Any Request); each client's `request` is the same with its own.
 */
export class ServiceRequester {
  private readonly sender: RequestSender;

  constructor(
    private readonly credentials: ServiceCredentials,
    options: Omit<ClientOptions, 'baseUrl'> = {},
  ) {
    this.sender = new RequestSender({ ...options, baseUrl: credentials.baseUrl });
  }

  /** The answer whatever its status, for a caller that keeps a failed answer (its body) beside its error. */
  async send(spec: ServiceRequestSpec, options?: CallOptions): Promise<ServiceResponse> {
    return exchange(this.sender, this.credentials, spec, options);
  }

  /** The answer's body; any answer but a success throws its typed error. */
  async request(spec: ServiceRequestSpec, options?: CallOptions): Promise<unknown> {
    return bodyOrFailure(await this.send(spec, options));
  }
}

/** A client's `request`: the answer's body, or its typed error. `options.onResponse` is told the status and headers. */
export async function sendServiceRequest(
  sender: RequestSender,
  credentials: ServiceCredentials,
  spec: ServiceRequestSpec,
  options?: CallOptions,
): Promise<unknown> {
  return bodyOrFailure(await exchange(sender, credentials, spec, options));
}

function bodyOrFailure({ body, failure }: ServiceResponse): unknown {
  if (failure !== undefined) throw failure;
  return body;
}

async function exchange(
  sender: RequestSender,
  credentials: ServiceCredentials,
  spec: ServiceRequestSpec,
  options?: CallOptions,
): Promise<ServiceResponse> {
  const { method, path, query, body, headers = {} } = validateInput(Spec, spec);
  const ownSecrets = secretHeadersIn(headers);
  if (ownSecrets.length > 0) throw new InvalidInputError(secretHeaderGivenMessage(ownSecrets));
  if (method === 'GET' && body !== undefined) throw new InvalidInputError(nothingSentMessage(GET_WITH_BODY));
  const whole = path.startsWith('/') ? `${sender.baseUrl}${path}` : path;
  if (!/^https?:\/\//i.test(whole)) throw new InvalidInputError(nothingSentMessage(PATH_FORM));
  // The rule reads the path as written: URL parsing would already have taken out the dot segments it refuses.
  const target = credentialTargetOf(whole, credentials);
  if (target.interface === undefined) throw new InvalidInputError(nothingSentMessage(target.reason));
  const url = new URL(whole);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.append(name, String(value));
  const secret = (target.interface === 'hook' ? credentials.backendToken : credentials.apiKey)?.trim() ?? '';
  const operation = sender.begin({ doing: `sending ${method} ${url.pathname}` }, options);
  const response = await sender.send(
    { method, url: url.href, headers: { ...headers, ...target.headers }, body, idempotent: IDEMPOTENT.includes(method), secret },
    operation,
  );
  const action = target.interface === 'hook' ? hookActionOf(body) : 'REST';
  const json = parseJson(response.body);
  const answer = { status: response.status, headers: response.headers, body: json ?? (response.body === '' ? undefined : response.body) };
  if (!isSuccess(response.status))
    return { ...answer, failure: failureOfResponse(response, { action, notFound: NOT_FOUND_AT_PATH, secret }) };
  // The hook's refusals come with 200 and an `error` field, as for the client's own actions.
  const error: unknown = action !== 'REST' && typeof json === 'object' && json !== null ? Reflect.get(json, 'error') : undefined;
  return { ...answer, failure: typeof error === 'string' && action !== 'REST' ? hookRefusal(action, error, secret) : undefined };
}

function hookActionOf(body: unknown): HookActionName {
  const action: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'action') : undefined;
  return action === 'PING' || action === 'CALLBACK_SUBSCRIBE' || action === 'CALLBACK_UNSUBSCRIBE' ? action : 'RECORDING';
}
