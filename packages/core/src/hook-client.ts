import { z } from 'zod';
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

const RECONNECT = "Press Setup on the integration in the ScreenRec dashboard, copy the new backend token and reconnect.";

/** The automation-hook endpoint: POST {baseUrl}/public/webhooks/{provider} with an `action`. */
export class HookClient {
  private readonly exchange: Exchange;
  private readonly provider: HookProvider;
  // A true private field: it stays out of JSON.stringify, util.inspect and any log of the client.
  readonly #backendToken: string;
  private readonly allowHttpCallbacks: boolean;

  constructor(options: HookClientOptions) {
    this.provider = validateInput(HookProvider, options.provider, () => 'provider');
    this.#backendToken = validateInput(z.string().trim().min(1, { error: 'is required: copy it from the integration\'s Setup button' }), options.backendToken, () => 'backendToken');
    this.exchange = new Exchange(options);
    this.allowHttpCallbacks = options.allowHttpCallbacks ?? isLocalHttp(this.exchange.baseUrl);
  }

  get endpoint(): string {
    return `${this.exchange.baseUrl}/public/webhooks/${this.provider}`;
  }

  /** Checks the token and returns the workspace's name. */
  async ping(): Promise<{ status: 'success'; workspace: string }> {
    const { status, workspace } = await this.post('PING', PING_BODY, true, PingAnswer);
    return { status, workspace };
  }

  /** Creates a recording request; answers the page URL to send to the person who records. */
  async createRecording(input: CreateHookRecordingInput): Promise<{ url: string }> {
    const body = validateInput(
      RecordingAction,
      { action: 'RECORDING', recording: { externalReference: input.externalReference, tags: input.tags } },
      (path) => path.replace(/^recording\./, ''),
    );
    const { url } = await this.post('RECORDING', body, false, RecordingAnswer);
    return { url };
  }

  /** Registers a callback URL for the video-ready notification. */
  async subscribe(callbackUrl: string): Promise<{ subscriptionId: string }> {
    const body = validateInput(CallbackSubscribeAction, { action: 'CALLBACK_SUBSCRIBE', callback: callbackUrl });
    if (!this.allowHttpCallbacks && new URL(body.callback).protocol !== 'https:') {
      throw invalidInput([{ path: 'callback', message: 'must be an https URL: ScreenRec only calls https callbacks' }]);
    }
    const { subscriptionId } = await this.post('CALLBACK_SUBSCRIBE', body, false, SubscribeAnswer);
    return { subscriptionId };
  }

  async unsubscribe(subscriptionId: string): Promise<{ status: 'success' }> {
    const body = validateInput(CallbackUnsubscribeAction, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
    const { status } = await this.post('CALLBACK_UNSUBSCRIBE', body, true, UnsubscribeAnswer);
    return { status };
  }

  private async post<S extends z.ZodType>(action: HookActionName, body: unknown, idempotent: boolean, schema: S): Promise<z.output<S>> {
    const answer = await this.exchange.send({
      method: 'POST',
      url: this.endpoint,
      headers: { 'x-service-token': this.#backendToken },
      body,
      idempotent,
      secret: this.#backendToken,
    });
    if (answer.status >= 200 && answer.status < 300) {
      const json = parseJson(answer.text);
      // Only a body with an `error` field is looked at as a refusal: a failed safeParse builds a ZodError with a
      // stack trace, which on every successful call was a third of core's own CPU time (benchmark #1).
      const refusal = typeof json === 'object' && json !== null && 'error' in json ? HookErrorAnswer.safeParse(json) : undefined;
      if (refusal?.success) throw hookRefusal(action, refusal.data.error);
      return readAnswer(schema, answer, json);
    }
    throw hookFailure(action, answer);
  }
}

/** The errors the service answers with status 200 and an `error` field. */
function hookRefusal(action: HookActionName, error: string): ScreenRecError {
  const details = { status: 200 };
  switch (error) {
    case 'No active subscription.':
      return new NoActiveSubscriptionError(
        'The ScreenRec workspace has no active subscription (it expired or was canceled). Renew it in the ScreenRec dashboard, then try again.',
        details,
      );
    case 'Integration not connected.':
      return new IntegrationNotConnectedError(`The ScreenRec integration is not connected. ${RECONNECT}`, details);
    default:
      return new ServiceError(
        action === 'CALLBACK_UNSUBSCRIBE'
          ? `ScreenRec could not remove this subscription ("${error}"): it may already be gone, or the integration was disconnected.`
          : `ScreenRec could not complete the request ("${error}"). Try again in a few minutes; if it keeps failing, check that the integration is still connected.`,
        details,
      );
  }
}

function hookFailure(action: HookActionName, answer: Answer): ScreenRecError {
  const details = { status: answer.status };
  switch (answer.status) {
    case 400:
      return action === 'PING'
        ? new BadRequestError(`ScreenRec says this integration was disconnected or no longer exists. ${RECONNECT}`, details)
        : new BadRequestError('ScreenRec rejected the request as malformed (Bad request). Check the Service URL and the values you entered.', details);
    case 403:
      return new ForbiddenError(`The backend token was rejected. ${RECONNECT}`, details);
    case 424:
      return new IntegrationError(
        `ScreenRec has no active integration for this backend token: it is missing, was replaced by a newer Setup, or the integration was disconnected. ${RECONNECT}`,
        details,
      );
    case 429:
      return rateLimitedError(answer);
    case 404:
      return new NotFoundError('Nothing answers at this Service URL\'s automation endpoint. Check the Service URL.', details);
    default:
      return answer.status >= 500
        ? new ServiceError(`ScreenRec had a server error (HTTP ${answer.status}). Try again in a few minutes.`, details)
        : new BadRequestError(`ScreenRec refused the request (HTTP ${answer.status}). Check the Service URL and the values you entered.`, details);
  }
}

function isLocalHttp(baseUrl: string): boolean {
  const { protocol, hostname } = new URL(baseUrl);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.'));
}
