import type { OperationName } from 'screenrec';
import nock from 'nock';
import * as zapierPlatform from 'zapier-platform-core';
import { createAppTester, type Bundle, type ZObject } from 'zapier-platform-core';
import type { ZapierFailure } from '@screenrec/test-support/zapier-failure';
import { stepKey } from '../src/catalogue-steps';
import App from '../src/index';

export const appTester = createAppTester(App);

type AppHandler = (
  event: { command: string; bundle: Record<string, unknown> },
  context: object,
  callback: (error: unknown, output: { results: unknown }) => void,
) => void;
/** zapier-platform-core's entry for every command Zapier sends an app; its typings name only createAppTester. */
const { createAppHandler } = zapierPlatform as unknown as { createAppHandler: (app: unknown) => AppHandler };
const handler = createAppHandler(App);

/**
 * The app as Zapier runs it for a command other than a step: `request` is what the API Request action and Custom
 * Actions send (only the app's beforeRequest runs), `renderAuthTemplate` what adds the credentials to the requests of
 * the Zapier SDK and MCP's code actions, `getAuthTemplate` its reading of where the credentials go.
 */
export async function zapierCommand(command: string, bundle: Record<string, unknown>): Promise<unknown> {
  const output = await new Promise<{ results: unknown }>((resolve, reject) =>
    handler({ command, bundle }, {}, (error, answer) => (error ? reject(error as Error) : resolve(answer))),
  );
  return output.results;
}

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;

/** The perform of the create or search the app makes of a catalogue operation. */
export function performOf(kind: 'creates' | 'searches', name: OperationName): Perform {
  const perform: unknown = App[kind]?.[stepKey(name)]?.operation.perform;
  if (typeof perform !== 'function') throw new Error(`the app has no ${kind} step for ${name}`);
  return perform as Perform;
}

export const BASE_URL = 'https://screenrec.test';
export const HOOK_PATH = '/public/webhooks/ZAPIER';
export const BACKEND_TOKEN = 'backend-token-ZAP-0001';
export const WORKSPACE_ID = '0b7c9e2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d';
export const API_KEY = 'sr_live_apikey_0001';
export const REST_PATH = `/public/integration/${WORKSPACE_ID}`;

export const RECORDING_ID = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';
export const OTHER_RECORDING_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

/** The connection of a user who set up only the automation hook. */
export const hookAuth = { baseUrl: BASE_URL, backendToken: BACKEND_TOKEN };
/** The connection of a user who also gave a workspace ID and an API key. */
export const restAuth = { ...hookAuth, workspaceId: WORKSPACE_ID, apiKey: API_KEY };
/** The connection of a user who gave the workspace ID and the API key, and no backend token. */
export const restOnlyAuth = { baseUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY };

type Step<T, B extends Bundle> = (z: ZObject, bundle: B) => T | Promise<T>;
/** What appTester takes besides the step: any part of the bundle. */
type TestBundle<B extends Bundle> = NonNullable<Parameters<typeof appTester<unknown, B>>[1]>;

/** A step as Zapier runs it for the connection `authData`, with the rest of `bundle`. */
function runFor<T, B extends Bundle>(authData: Record<string, string>, step: Step<T, B>, bundle?: Omit<TestBundle<B>, 'authData'>) {
  // TypeScript cannot see that the step's bundle less its connection, with a connection added, is the step's bundle.
  return appTester(step, { ...bundle, authData } as unknown as TestBundle<B>);
}

/** A step as Zapier runs it for the connection with the REST credentials (restAuth). */
export function runWithRest<T, B extends Bundle>(step: Step<T, B>, bundle?: Omit<TestBundle<B>, 'authData'>): Promise<T> {
  return runFor(restAuth, step, bundle);
}

/** A step as Zapier runs it for the connection with the automation hook only (hookAuth). */
export function runWithHookOnly<T, B extends Bundle>(step: Step<T, B>, bundle?: Omit<TestBundle<B>, 'authData'>): Promise<T> {
  return runFor(hookAuth, step, bundle);
}

/** z.request's own user agent: proof that a call went through Zapier's client (and its request log). */
const VIA_Z_REQUEST = { 'user-agent': 'Zapier' };

/** The hook endpoint, answering only requests that carry the backend token. */
export function hookApi(): nock.Scope {
  return nock(BASE_URL, { reqheaders: { ...VIA_Z_REQUEST, 'x-service-token': BACKEND_TOKEN, 'content-type': 'application/json' } });
}

/** The app's POST of `body` (an `action` and what it takes) to the automation hook. */
export function hookCall(body: nock.RequestBodyMatcher): nock.Interceptor {
  return hookApi().post(HOOK_PATH, body);
}

/** The workspace's REST API, answering only requests that carry the API key. */
export function restApi(): nock.Scope {
  return nock(BASE_URL, { reqheaders: { ...VIA_Z_REQUEST, authorization: `Bearer ${API_KEY}` } });
}

/** A step's AppError as zapierFailure reports it: `status` only where the error carries the service's answer. */
export function appError(code: string, message: string, status?: number): ZapierFailure {
  return { name: 'AppError', code, ...(status === undefined ? {} : { status }), message };
}

export { zapierFailure } from '@screenrec/test-support/zapier-failure';
export { useNock } from '@screenrec/test-support/nock';
