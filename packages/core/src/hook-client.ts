import { z } from 'zod/v4';
import {
  BadRequestError,
  ForbiddenError,
  IntegrationError,
  IntegrationNotConnectedError,
  NoActiveSubscriptionError,
  NotFoundError,
  ServiceError,
  type ScreenRecError,
} from './errors';
import { Exchange, invalidInput, parseJson, rateLimitedError, readAnswer, validateInput, type Answer, type ClientOptions } from './exchange';
import {
  BACKEND_TOKEN_REQUIRED,
  HOOK_MALFORMED_MESSAGE,
  HTTPS_CALLBACK_REQUIRED,
  HOOK_NOT_FOUND_MESSAGE,
  INTEGRATION_NOT_CONNECTED_MESSAGE,
  NO_ACTIVE_SUBSCRIPTION_MESSAGE,
  NO_INTEGRATION_MESSAGE,
  PING_DISCONNECTED_MESSAGE,
  TOKEN_REJECTED_MESSAGE,
  hookRefusedMessage,
  hookRefusedStatusMessage,
  quoteServiceText,
  serverErrorMessage,
  unsubscribeRefusedMessage,
} from './messages';
import type { CallOptions, OperationLabel } from './operation';
import {
  CallbackSubscribeAction,
  CallbackUnsubscribeAction,
  HookErrorAnswer,
  HookProvider,
  PingAnswer,
  PingAction,
  RecordingAction,
  RecordingAnswer,
  SubscribeAnswer,
  UnsubscribeAnswer,
} from './schemas';

export interface HookClientOptions extends ClientOptions {
  provider: HookProvider;
  /** The backend token from the integration's Setup button. */
  backendToken: string;
  /**
   * Allow http: callback URLs. Default: only when the service itself is on this machine over http
   * (a local reference server), since the real service accepts https callbacks only.
   */
  allowHttpCallbacks?: boolean;
}

export interface CreateHookRecordingInput {
  /** The caller's own id for this request (an execution, task or ticket id). */
  externalReference: string;
  tags?: string[];
}

const PING_BODY = PingAction.parse({ action: 'PING' });

type HookActionName = 'PING' | 'RECORDING' | 'CALLBACK_SUBSCRIBE' | 'CALLBACK_UNSUBSCRIBE';

/** What each action is doing, for a DEADLINE message. */
const DOING: Record<HookActionName, OperationLabel> = {
  PING: { doing: 'checking the connection' },
  RECORDING: { doing: 'creating the recording link' },
  CALLBACK_SUBSCRIBE: { doing: 'subscribing to video-ready notifications' },
  CALLBACK_UNSUBSCRIBE: { doing: 'removing the video-ready subscription' },
};

/** The automation-hook endpoint: POST {baseUrl}/public/webhooks/{provider} with an `action`. */
export class HookClient {
  private readonly exchange: Exchange;
  private readonly provider: HookProvider;
  // A true private field: it stays out of JSON.stringify, util.inspect and any log of the client.
  readonly #backendToken: string;
  private readonly allowHttpCallbacks: boolean;

  constructor(options: HookClientOptions) {
    this.provider = validateInput(HookProvider, options.provider, () => 'provider');
    this.#backendToken = validateInput(z.string().trim().min(1, { error: BACKEND_TOKEN_REQUIRED }), options.backendToken, () => 'backendToken');
    this.exchange = new Exchange(options);
    this.allowHttpCallbacks = options.allowHttpCallbacks ?? isLocalHttp(this.exchange.baseUrl);
  }

  get endpoint(): string {
    return `${this.exchange.baseUrl}/public/webhooks/${this.provider}`;
  }

  /** Checks the token and returns the workspace's name. */
  async ping(options?: CallOptions): Promise<{ status: 'success'; workspace: string }> {
    const { status, workspace } = await this.post('PING', PING_BODY, true, PingAnswer, options);
    return { status, workspace };
  }

  /** Creates a recording request; answers the page URL to send to the person who records. */
  async createRecording(input: CreateHookRecordingInput, options?: CallOptions): Promise<{ url: string }> {
    const body = validateInput(
      RecordingAction,
      { action: 'RECORDING', recording: { externalReference: input.externalReference, tags: input.tags } },
      (path) => path.replace(/^recording\./, ''),
    );
    const { url } = await this.post('RECORDING', body, false, RecordingAnswer, options);
    return { url };
  }

  /** Registers a callback URL for the video-ready notification. */
  async subscribe(callbackUrl: string, options?: CallOptions): Promise<{ subscriptionId: string }> {
    const body = validateInput(CallbackSubscribeAction, { action: 'CALLBACK_SUBSCRIBE', callback: callbackUrl });
    if (!this.allowHttpCallbacks && new URL(body.callback).protocol !== 'https:') {
      throw invalidInput([{ path: 'callback', message: HTTPS_CALLBACK_REQUIRED }]);
    }
    const { subscriptionId } = await this.post('CALLBACK_SUBSCRIBE', body, false, SubscribeAnswer, options);
    return { subscriptionId };
  }

  async unsubscribe(subscriptionId: string, options?: CallOptions): Promise<{ status: 'success' }> {
    const body = validateInput(CallbackUnsubscribeAction, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
    const { status } = await this.post('CALLBACK_UNSUBSCRIBE', body, true, UnsubscribeAnswer, options);
    return { status };
  }

  private async post<S extends z.ZodType>(
    action: HookActionName,
    body: unknown,
    idempotent: boolean,
    schema: S,
    options: CallOptions | undefined,
  ): Promise<z.output<S>> {
    const operation = this.exchange.begin(DOING[action], options);
    const answer = await this.exchange.send(
      { method: 'POST', url: this.endpoint, headers: { 'x-service-token': this.#backendToken }, body, idempotent, secret: this.#backendToken },
      operation,
    );
    if (answer.status >= 200 && answer.status < 300) {
      const json = parseJson(answer.text);
      // Only a body with an `error` field is looked at as a refusal: a failed safeParse builds a ZodError with a
      // stack trace, which on every successful call was a third of core's own CPU time (benchmark #1).
      const refusal = typeof json === 'object' && json !== null && 'error' in json ? HookErrorAnswer.safeParse(json) : undefined;
      if (refusal?.success) throw hookRefusal(action, quoteServiceText(refusal.data.error, [this.#backendToken]));
      return readAnswer(schema, answer, json);
    }
    throw hookFailure(action, answer);
  }
}

/** The errors the service answers with status 200 and an `error` field (`error` already quoted safely). */
function hookRefusal(action: HookActionName, error: string): ScreenRecError {
  const details = { status: 200 };
  switch (error) {
    case 'No active subscription.':
      return new NoActiveSubscriptionError(NO_ACTIVE_SUBSCRIPTION_MESSAGE, details);
    case 'Integration not connected.':
      return new IntegrationNotConnectedError(INTEGRATION_NOT_CONNECTED_MESSAGE, details);
    default:
      return new ServiceError(action === 'CALLBACK_UNSUBSCRIBE' ? unsubscribeRefusedMessage(error) : hookRefusedMessage(error), details);
  }
}

function hookFailure(action: HookActionName, answer: Answer): ScreenRecError {
  const details = { status: answer.status };
  switch (answer.status) {
    case 400:
      return new BadRequestError(action === 'PING' ? PING_DISCONNECTED_MESSAGE : HOOK_MALFORMED_MESSAGE, details);
    case 403:
      return new ForbiddenError(TOKEN_REJECTED_MESSAGE, details);
    case 424:
      return new IntegrationError(NO_INTEGRATION_MESSAGE, details);
    case 429:
      return rateLimitedError(answer);
    case 404:
      return new NotFoundError(HOOK_NOT_FOUND_MESSAGE, details);
    default:
      return answer.status >= 500 ? new ServiceError(serverErrorMessage(answer.status), details) : new BadRequestError(hookRefusedStatusMessage(answer.status), details);
  }
}

function isLocalHttp(baseUrl: string): boolean {
  const { protocol, hostname } = new URL(baseUrl);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.'));
}
