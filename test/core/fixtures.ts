import { expectNoSecretsIn } from '../support/secrets';
import { HookClient, RestClient, ScreenRecError, type HookClientOptions, type RestClientOptions } from '@screenrec/core';

export const BASE_URL = 'https://api.screenrec.test';
export const BACKEND_TOKEN = 'bt_live_9f8e7d6c5b4a3210';
export const API_KEY = 'sk_live_0a1b2c3d4e5f6789';
export const WORKSPACE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
export const RECORDING_ID = '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e';
export const SUBSCRIPTION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

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

/** Every error a suite provoked, for the secret-leak check. */
export const thrownErrors: unknown[] = [];

export async function failureOf(promise: Promise<unknown>): Promise<ScreenRecError> {
  try {
    await promise;
  } catch (error) {
    thrownErrors.push(error);
    if (error instanceof ScreenRecError) return error;
    throw error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export function failureOfSync(run: () => unknown): ScreenRecError {
  try {
    run();
  } catch (error) {
    thrownErrors.push(error);
    if (error instanceof ScreenRecError) return error;
    throw error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Fails the suite if any error it provoked carries a secret, however it is written out. */
export function expectNoSecretsInThrownErrors(): void {
  expectNoSecretsIn(thrownErrors, [BACKEND_TOKEN, API_KEY]);
}

export function resetSleeps(): void {
  sleeps.length = 0;
}
