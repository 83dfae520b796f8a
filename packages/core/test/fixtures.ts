import { failureOf as anyFailureOf, failureOfSync as anyFailureOfSync } from '@screenrec/test-support/failure';
import { BASE_URL, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { SecretWatch } from '@screenrec/test-support/secrets';
import { HookClient, RestClient, ScreenRecError, type HookClientOptions, type RestClientOptions } from 'screenrec';

export { BASE_URL, RECORDING_ID, SUBSCRIPTION_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
export const BACKEND_TOKEN = 'bt_live_9f8e7d6c5b4a3210';
export const API_KEY = 'sk_live_0a1b2c3d4e5f6789';

/** Every delay the clients asked for, instead of waiting it out. */
export const sleeps: number[] = [];
const recordSleep = async (ms: number): Promise<void> => {
  sleeps.push(ms);
};

export function hookClient(overrides: Partial<HookClientOptions> = {}): HookClient {
  return new HookClient({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, provider: 'ZAPIER', sleep: recordSleep, ...overrides });
}

export function restClient(overrides: Partial<RestClientOptions> = {}): RestClient {
  return new RestClient({ baseUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY, sleep: recordSleep, ...overrides });
}

/** Every error a suite provoked, for the secret-leak check at its end. */
const thrownErrors = new SecretWatch([BACKEND_TOKEN, API_KEY]);
const CORE_FAILURE = { kind: ScreenRecError };

/** What a core call threw: always a ScreenRecError. */
export const failureOf = async (call: Promise<unknown>): Promise<ScreenRecError> =>
  thrownErrors.remember(await anyFailureOf(call, CORE_FAILURE));

export const failureOfSync = (call: () => unknown): ScreenRecError => thrownErrors.remember(anyFailureOfSync(call, CORE_FAILURE));

/** What a call refused before sending anything threw: INVALID_INPUT naming exactly one field, `path`, with `message`. */
export async function invalidInputOf(call: Promise<unknown>, path: string, message: string): Promise<ScreenRecError> {
  const error = await failureOf(call);
  expect(error.code).toBe('INVALID_INPUT');
  expect(error.fieldErrors).toEqual([{ path, message }]);
  return error;
}

/** Fails the suite if any error it provoked carries a secret, however it is written out. */
export const expectNoSecretsInThrownErrors = thrownErrors.expectNoneLeaked;

export function resetSleeps(): void {
  sleeps.length = 0;
}
