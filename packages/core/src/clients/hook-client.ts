import * as z from 'zod/v4';
import { failureOfResponse, hookRefusal, type HookActionName } from '../errors/failure-table.js';
import { BACKEND_TOKEN_REQUIRED, HOOK_NOT_FOUND_MESSAGE, HTTPS_CALLBACK_REQUIRED } from '../errors/messages.js';
import type { CallBoundsLabel, CallOptions } from '../transport/call-bounds.js';
import { HEADER, hookEndpoint, isSuccess } from '../wire/protocol.js';
import { invalidInput, parseJson, readResponse, validateInput } from '../errors/schema-checks.js';
import { RequestSender, type ClientOptions } from '../transport/request-sender.js';
import { sendServiceRequest, type ServiceRequestSpec } from './raw-request.js';
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
} from '../wire/schemas.js';

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

export interface RecordingLinkInput {
  /** The caller's own id for this request (an execution, task or ticket id). */
  externalReference: string;
  tags?: string[];
}

const PING_BODY = PingAction.parse({ action: 'PING' });

interface ActionRules {
  /** What the action is doing, for a DEADLINE message. */
  label: CallBoundsLabel;
  /** Sent again after a network failure or a 5xx: only when a repeat changes nothing. A RECORDING is sent once. */
  retried: boolean;
}

const ACTIONS: Record<HookActionName, ActionRules> = {
  PING: { label: { doing: 'checking the connection' }, retried: true },
  RECORDING: { label: { doing: 'creating the recording link' }, retried: false },
  CALLBACK_SUBSCRIBE: { label: { doing: 'subscribing to video-ready notifications' }, retried: false },
  CALLBACK_UNSUBSCRIBE: { label: { doing: 'removing the video-ready subscription' }, retried: true },
};

/** The automation-hook endpoint: POST {baseUrl}/public/webhooks/{provider} with an `action`. */
export class HookClient {
  private readonly sender: RequestSender;
  private readonly provider: HookProvider;
  // A true private field: it stays out of JSON.stringify, util.inspect and any log of the client.
  readonly #backendToken: string;
  private readonly allowHttpCallbacks: boolean;

  constructor(options: HookClientOptions) {
    this.provider = validateInput(HookProvider, options.provider, () => 'provider');
    this.#backendToken = validateInput(
      z.string().trim().min(1, { error: BACKEND_TOKEN_REQUIRED }),
      options.backendToken,
      () => 'backendToken',
    );
    this.sender = new RequestSender(options);
    this.allowHttpCallbacks = options.allowHttpCallbacks ?? isLocalHttp(this.sender.baseUrl);
  }

  get endpoint(): string {
    return hookEndpoint(this.sender.baseUrl, this.provider);
  }

  /**
   * Any request to this integration's hook endpoint (`/public/webhooks/<provider>`), an action the client has no
   * method for: the backend token goes with it, and nothing is sent elsewhere (see sendServiceRequest).
   */
  async request(spec: ServiceRequestSpec, options?: CallOptions): Promise<unknown> {
    const credentials = { baseUrl: this.sender.baseUrl, backendToken: this.#backendToken, provider: this.provider };
    return sendServiceRequest(this.sender, credentials, spec, options);
  }

  /** Checks the token and returns the workspace's name. */
  async ping(options?: CallOptions): Promise<{ status: 'success'; workspace: string }> {
    const { status, workspace } = await this.post('PING', PING_BODY, PingAnswer, options);
    return { status, workspace };
  }

  /** Creates a recording and answers its page URL, for the caller to send to the person who records (ScreenRec e-mails nobody). */
  async createRecordingLink(input: RecordingLinkInput, options?: CallOptions): Promise<{ url: string }> {
    const body = validateInput(
      RecordingAction,
      { action: 'RECORDING', recording: { externalReference: input.externalReference, tags: input.tags } },
      (path) => path.replace(/^recording\./, ''),
    );
    const { url } = await this.post('RECORDING', body, RecordingAnswer, options);
    return { url };
  }

  /** Registers a callback URL for the video-ready notification. */
  async subscribe(callbackUrl: string, options?: CallOptions): Promise<{ subscriptionId: string }> {
    const body = validateInput(CallbackSubscribeAction, { action: 'CALLBACK_SUBSCRIBE', callback: callbackUrl });
    if (!this.allowHttpCallbacks && new URL(body.callback).protocol !== 'https:') {
      throw invalidInput([{ path: 'callback', message: HTTPS_CALLBACK_REQUIRED }]);
    }
    const { subscriptionId } = await this.post('CALLBACK_SUBSCRIBE', body, SubscribeAnswer, options);
    return { subscriptionId };
  }

  async unsubscribe(subscriptionId: string, options?: CallOptions): Promise<{ status: 'success' }> {
    const body = validateInput(CallbackUnsubscribeAction, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
    const { status } = await this.post('CALLBACK_UNSUBSCRIBE', body, UnsubscribeAnswer, options);
    return { status };
  }

  private async post<S extends z.ZodType>(
    action: HookActionName,
    body: unknown,
    answer: S,
    options: CallOptions | undefined,
  ): Promise<z.output<S>> {
    const rules = ACTIONS[action];
    const token = this.#backendToken;
    const operation = this.sender.begin(rules.label, options);
    const response = await this.sender.send(
      { method: 'POST', url: this.endpoint, headers: { [HEADER.serviceToken]: token }, body, idempotent: rules.retried, secret: token },
      operation,
    );
    if (!isSuccess(response.status)) throw failureOfResponse(response, { action, notFound: HOOK_NOT_FOUND_MESSAGE, secret: token });
    const json = parseJson(response.body);
    // Only a body with an `error` field is looked at as a refusal: a failed safeParse builds a ZodError with a
    // stack trace, which on every successful call was a third of core's own CPU time (benchmark #1).
    const refusal = typeof json === 'object' && json !== null && 'error' in json ? HookErrorAnswer.safeParse(json) : undefined;
    if (refusal?.success) throw hookRefusal(action, refusal.data.error, token);
    return readResponse(answer, response, json);
  }
}

function isLocalHttp(baseUrl: string): boolean {
  const { protocol, hostname } = new URL(baseUrl);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.'));
}
