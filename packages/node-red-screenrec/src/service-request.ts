import {
  InvalidInputError,
  createFetchTransport,
  credentialTargetOf,
  invalidInputMessage,
  isSuccess,
  secretHeadersIn,
  sleep,
  type CallOptions,
  type ClientOptions,
  type HttpMethod,
  type ScreenRecError,
  type ServiceCredentials,
} from 'screenrec';
// Core's own request machinery (deadlines, cancellation, capped reads, retries of idempotent methods, the failure
// table), reached inside core until its SDK exports a raw request(): this file is the one place that does.
import { failureOfResponse, hookRefusal, type HookActionName } from '../../core/src/errors/failure-table';
import { RequestSender } from '../../core/src/transport/request-sender';

/** One request to the service, as the caller writes it: the shape of core's ServiceRequestSpec. */
export interface ServiceRequestInput {
  method: HttpMethod;
  /** A path under the Service URL (`/public/integration/<workspace ID>/recordings/tags`), or a whole URL on it. */
  path: string;
  /** Added to the URL's query string, each value as text. */
  query?: Readonly<Record<string, string | number | boolean>>;
  /** Sent as JSON. */
  body?: unknown;
  /** The caller's own headers: none may carry a secret (the connection adds the one the URL may get). */
  headers?: Readonly<Record<string, string>>;
}

/** The service's answer, whatever its status; `body` parsed when it is JSON, the text otherwise ('' when empty). */
export class ServiceAnswer {
  constructor(
    readonly status: number,
    /** Lower-case names. */
    readonly headers: Record<string, string | undefined>,
    readonly body: unknown,
    /** Why the answer is a failure, in core's words (non-2xx); undefined for a success. */
    readonly failure: ScreenRecError | undefined,
  ) {}
}

/** How a refusal names each input, in the caller's words ("`Path`"). */
export type InputNames = Record<'path' | 'headers' | 'body', string>;

/** Only these methods may be sent twice: a POST may create, so it is sent once whatever happens. */
const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);
const HOOK_ACTIONS: readonly HookActionName[] = ['PING', 'RECORDING', 'CALLBACK_SUBSCRIBE', 'CALLBACK_UNSUBSCRIBE'];
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Sends any request to the service with the secret core's one rule (credentialTargetOf) gives its URL: the backend
 * token to the automation hook, the API key to the connection's workspace API. A URL that rule gives no secret (another
 * origin, a look-alike host, a climbing path, another workspace, a missing secret), a header of the caller's that
 * would set a secret, or a GET with a body is refused before anything is sent. Stands in for core's SDK request()
 * until core exports it; unlike that one it keeps a failed answer (its body, status and headers), which the node puts
 * on the message the Catch node receives.
 */
export class ServiceRequester {
  private readonly sender: RequestSender;

  constructor(
    private readonly credentials: ServiceCredentials,
    options: ClientOptions,
  ) {
    this.sender = new RequestSender({ transport: createFetchTransport(), sleep, ...options });
  }

  async request(input: ServiceRequestInput, names: InputNames, call?: CallOptions): Promise<ServiceAnswer> {
    const url = this.urlOf(input, names);
    const secretHeaders = secretHeadersIn(input.headers);
    if (secretHeaders.length > 0) {
      refuse(
        names.headers,
        `${secretHeaders.map((name) => `\`${name}\``).join(' and ')} would carry a secret: leave it out, the connection's own is added where the path may get it`,
      );
    }
    if (input.method === 'GET' && input.body !== undefined)
      refuse(names.body, 'a GET request has no body: put its values in the query, or choose another method');
    const target = credentialTargetOf(url, this.credentials);
    if (target.interface === undefined) refuse(names.path, target.reason.replace(/\.$/, ''));
    // The credential itself (not its header's value, "Bearer …"): scrubbed from any text of the service quoted.
    const secret = (target.interface === 'rest' ? this.credentials.apiKey : this.credentials.backendToken)?.trim() ?? '';
    const ownHeaders = Object.fromEntries(Object.entries(input.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const { pathname } = new URL(url);
    const operation = this.sender.begin({ doing: `sending ${input.method} ${pathname}` }, call);
    const response = await this.sender.send(
      {
        method: input.method,
        url,
        headers: { ...ownHeaders, ...target.headers },
        ...(input.body === undefined ? {} : { body: input.body }),
        idempotent: IDEMPOTENT.has(input.method),
        secret,
      },
      operation,
    );
    const action = target.interface === 'rest' ? 'REST' : hookActionOf(input.body);
    const body = bodyOf(response.body);
    const failure = isSuccess(response.status)
      ? refusalIn(action, body, secret)
      : failureOfResponse(response, {
          action,
          notFound: `ScreenRec has nothing at ${input.method} ${pathname} (404): check the path and the IDs in it.`,
          secret,
        });
    return new ServiceAnswer(response.status, response.headers, body, failure);
  }

  /** The whole URL: a path is put after the Service URL (and its own path), the query after whatever the path holds. */
  private urlOf(input: ServiceRequestInput, names: InputNames): string {
    const path = input.path.trim();
    if (!HAS_SCHEME.test(path) && !path.startsWith('/'))
      refuse(
        names.path,
        'start it with `/` (a path under the Service URL, such as /public/integration/{workspaceId}/recordings/tags), or give a whole URL on the Service URL',
      );
    const url = HAS_SCHEME.test(path) ? path : `${this.credentials.baseUrl.replace(/\/+$/, '')}${path}`;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) query.append(name, String(value));
    const search = query.toString();
    if (search === '') return url;
    const [beforeFragment = url] = url.split('#');
    return `${beforeFragment}${beforeFragment.includes('?') ? '&' : '?'}${search}`;
  }
}

function refuse(where: string, problem: string): never {
  throw new InvalidInputError(invalidInputMessage(`${where}: ${problem}`), { fieldErrors: [{ path: where, message: problem }] });
}

/** The hook action a request's body names, which tells what a 400 of the hook means; a recording by default. */
function hookActionOf(body: unknown): HookActionName {
  const action = typeof body === 'object' && body !== null ? (body as { action?: unknown }).action : undefined;
  return HOOK_ACTIONS.find((name) => name === action) ?? 'RECORDING';
}

/** The hook's refusals come with 200 and an `error` field, as for core's own hook actions. */
function refusalIn(action: HookActionName | 'REST', body: unknown, secret: string): ScreenRecError | undefined {
  if (action === 'REST' || typeof body !== 'object' || body === null) return undefined;
  const error: unknown = (body as { error?: unknown }).error;
  return typeof error === 'string' ? hookRefusal(action, error, secret) : undefined;
}

/** The answer parsed when it is JSON, its text otherwise ('' for an empty answer). */
function bodyOf(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
