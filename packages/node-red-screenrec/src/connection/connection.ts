import {
  HTTPS_SERVICE_URL_REQUIRED,
  HookAccess,
  HookClient,
  InvalidInputError,
  RestClient,
  ServiceRequester,
  invalidInputMessage,
  isPlainHttpOffLoopback,
  type ClientOptions,
  type HookProvider,
} from 'screenrec';
import { CONNECTION_FIELDS, INTEGRATION_AUTO, type ConnectionFieldName, type Integration } from './fields';

/** A connection's values, as the config node holds them (credentials decrypted by Node-RED); blanks are ''. */
export interface ConnectionSettings {
  serviceUrl: string;
  workspaceId: string;
  integration: Integration;
  publicUrl: string;
  backendToken: string;
  apiKey: string;
}

/** A field the operation needs is empty: nothing was sent. */
export class MissingFieldError extends InvalidInputError {}

/** Client tuning a test or a caller may set (retry pacing, per-request timeout). */
export type ClientTuning = Pick<ClientOptions, 'timeoutMs' | 'maxRetries' | 'retryBaseDelayMs' | 'maxRetryAfterMs'>;

/**
 * The clients of one ScreenRec connection. A client is made only when its fields are filled in; otherwise the
 * operation fails before anything is sent, naming the field to fill. Which integration the backend token belongs
 * to is asked of ScreenRec once (HookAccess), unless the connection names it.
 */
export class Connection {
  private restClient: RestClient | undefined;
  private hookAccess: HookAccess | undefined;
  private serviceRequester: ServiceRequester | undefined;

  constructor(
    readonly settings: ConnectionSettings,
    private readonly tuning: ClientTuning = {},
  ) {}

  get serviceUrl(): string {
    return this.settings.serviceUrl;
  }

  get hasRest(): boolean {
    return this.settings.workspaceId !== '' && this.settings.apiKey !== '';
  }

  get hasHook(): boolean {
    return this.settings.backendToken !== '';
  }

  /** The REST client; `needs` names what needs it ("Get Many"). */
  rest(needs: string): RestClient {
    this.require(['serviceUrl', 'workspaceId', 'apiKey'], needs);
    this.restClient ??= new RestClient({ ...this.clientOptions(), workspaceId: this.settings.workspaceId, apiKey: this.settings.apiKey });
    return this.restClient;
  }

  /** The hook endpoint, for the backend token's integration. */
  hook(needs: string): HookAccess {
    this.require(['serviceUrl', 'backendToken'], needs);
    const provider = this.settings.integration === INTEGRATION_AUTO ? undefined : this.settings.integration;
    this.hookAccess ??= new HookAccess((chosen: HookProvider) => this.newHookClient(chosen), provider);
    return this.hookAccess;
  }

  /**
   * Any request to the service, with the secret core's rule gives its URL: no field is required up front, since which
   * secret a request needs depends on its path (a missing one is named then). `needs` names what needs it.
   */
  requester(needs: string): ServiceRequester {
    this.require(['serviceUrl'], needs);
    const { serviceUrl, workspaceId, apiKey, backendToken, integration } = this.settings;
    this.serviceRequester ??= new ServiceRequester(
      { baseUrl: serviceUrl, workspaceId, apiKey, backendToken, ...(integration === INTEGRATION_AUTO ? {} : { provider: integration }) },
      this.clientOptions(),
    );
    return this.serviceRequester;
  }

  private newHookClient(provider: HookProvider): HookClient {
    return new HookClient({ ...this.clientOptions(), backendToken: this.settings.backendToken, provider });
  }

  private clientOptions(): ClientOptions {
    const baseUrl = this.settings.serviceUrl;
    // The connection's secrets never cross a network unencrypted.
    if (isPlainHttpOffLoopback(baseUrl)) {
      const fieldErrors = [{ path: 'serviceUrl', message: HTTPS_SERVICE_URL_REQUIRED }];
      throw new InvalidInputError(invalidInputMessage(`\`${CONNECTION_FIELDS.serviceUrl.label}\`: ${HTTPS_SERVICE_URL_REQUIRED}`), {
        fieldErrors,
      });
    }
    return { ...this.tuning, baseUrl };
  }

  private require(fields: readonly ConnectionFieldName[], needs: string): void {
    const field = fields.find((name) => name !== 'integration' && this.settings[name] === '');
    if (field === undefined) return;
    const { label, whereToFind } = CONNECTION_FIELDS[field];
    throw new MissingFieldError(missingFieldMessage(needs, label, whereToFind), { fieldErrors: [{ path: field, message: 'is empty' }] });
  }
}

export function missingFieldMessage(needs: string, label: string, whereToFind: string): string {
  return `${needs} needs the ${label}, which the ScreenRec connection leaves empty: open the connection and fill it in (${whereToFind}). Nothing was sent to ScreenRec.`;
}
