import type nock from 'nock';
import { useNock } from '../support/nock';
import { serviceMock } from '../support/service-mock';
import { failureOf as anyFailureOf, type Failure } from '../support/failure';
import { SecretWatch } from '../support/secrets';
import { API_KEY, BACKEND_TOKEN, BASE_URL, WORKSPACE_ID } from './harness';

/** Every error and output a suite produced, for the secret-leak check at its end. */
const produced = new SecretWatch([BACKEND_TOKEN, API_KEY]);
export const remember = produced.remember;

export function setUpNock(): void {
  useNock();
  afterAll(produced.expectNoneLeaked);
}

const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });

/** One POST to n8n's hook endpoint carrying the token, with exactly `body`. */
export const hookScope = (body: nock.RequestBodyMatcher) => service.hookScope('N8N', body);
export const { restScope, restPath } = service;

/** What a node run threw, kept for the secret-leak check. */
export const failureOf = async (run: () => Promise<unknown>): Promise<Failure> => remember(await anyFailureOf(run));
