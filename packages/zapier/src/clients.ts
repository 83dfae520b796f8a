import {
  HTTPS_SERVICE_URL_REQUIRED,
  HookClient,
  InvalidInputError,
  RestClient,
  invalidInputMessage,
  isPlainHttpOffLoopback,
  sleep,
  type ClientOptions,
  type OperationClients,
  type ServiceCredentials,
} from 'screenrec';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { zapierTransport } from './transport';

/**
 * Inside the step's deadline: one attempt may take 10 s, and a Retry-After longer than 5 s becomes a
 * ThrottledError, which Zapier schedules itself.
 */
const ZAPIER_BUDGET = { timeoutMs: 10_000, maxRetries: 2, maxRetryAfterMs: 5_000 } satisfies Partial<ClientOptions>;

/** The connection as core's credential rule reads it (`credentialTargetOf`): the hook's token is Zapier's. */
export function serviceCredentials(bundle: Bundle): ServiceCredentials {
  const { baseUrl, workspaceId, apiKey, backendToken } = bundle.authData;
  return {
    baseUrl: (baseUrl ?? '').trim(),
    workspaceId: workspaceId?.trim(),
    apiKey: apiKey?.trim(),
    backendToken: backendToken?.trim(),
    provider: 'ZAPIER',
  };
}

/**
 * Core bounds every request and wait by the step's deadline, given with each call (`step.call`). A plain http Service
 * URL (not on this machine) is refused before anything is sent: the connection's secrets never cross a network
 * unencrypted, as Zapier's review asks.
 */
function clientOptions(z: ZObject, bundle: Bundle): ClientOptions {
  const baseUrl = bundle.authData.baseUrl ?? '';
  const fieldErrors = [{ path: 'baseUrl', message: HTTPS_SERVICE_URL_REQUIRED }];
  if (isPlainHttpOffLoopback(baseUrl))
    throw new InvalidInputError(invalidInputMessage(`\`baseUrl\`: ${HTTPS_SERVICE_URL_REQUIRED}`), { fieldErrors });
  return { baseUrl, transport: zapierTransport(z), sleep, ...ZAPIER_BUDGET };
}

export const HOOK_NOT_CONFIGURED =
  "This step uses ScreenRec's automation hook: reconnect ScreenRec and fill in the Backend Token (in the ScreenRec dashboard, Integrations, Setup on Zapier).";

/** The automation hook's client; a step that needs it explains how to add the Backend Token. */
export function hookClient(z: ZObject, bundle: Bundle): HookClient {
  if (!filled(bundle.authData.backendToken)) throw new z.errors.Error(HOOK_NOT_CONFIGURED, 'HOOK_NOT_CONFIGURED');
  return new HookClient({ ...clientOptions(z, bundle), provider: 'ZAPIER', backendToken: bundle.authData.backendToken ?? '' });
}

/** Whether the connection carries what the REST features need: a workspace ID and an API key. */
export function restCredentials(bundle: Bundle): 'complete' | 'partial' | 'missing' {
  const given = [bundle.authData.workspaceId, bundle.authData.apiKey].filter(filled).length;
  return given === 2 ? 'complete' : given === 1 ? 'partial' : 'missing';
}

export function hasRestCredentials(bundle: Bundle): boolean {
  return restCredentials(bundle) === 'complete';
}

/** The REST client; a step that needs it explains how to add the missing connection fields. */
export function restClient(z: ZObject, bundle: Bundle): RestClient {
  if (!hasRestCredentials(bundle)) {
    throw new z.errors.Error(
      'This step uses the ScreenRec REST API: reconnect ScreenRec and fill in the Workspace ID and the API Key (created in the ScreenRec dashboard, API section).',
      'REST_NOT_CONFIGURED',
    );
  }
  return new RestClient({
    ...clientOptions(z, bundle),
    workspaceId: bundle.authData.workspaceId ?? '',
    apiKey: bundle.authData.apiKey ?? '',
  });
}

/** The REST client when the connection has REST credentials, else undefined (for optional extras). */
export function optionalRestClient(z: ZObject, bundle: Bundle): RestClient | undefined {
  return hasRestCredentials(bundle) ? restClient(z, bundle) : undefined;
}

/** The connection as the catalogue's calls take it: each client, or the step's "reconnect and fill in" error. */
export function operationClients(z: ZObject, bundle: Bundle): OperationClients {
  return { rest: () => restClient(z, bundle), hook: () => hookClient(z, bundle), restIfSetUp: () => optionalRestClient(z, bundle) };
}

/** Every secret of the connection, for checks that none leaves by a path it should not. */
export function connectionSecrets(bundle: Bundle): string[] {
  return [bundle.authData.backendToken, bundle.authData.apiKey].filter((value): value is string => filled(value));
}

export function filled(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}
