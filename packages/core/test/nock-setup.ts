import type nock from 'nock';
import { useNock } from '@screenrec/test-support/nock';
import { serviceMock } from '@screenrec/test-support/service-mock';
import { API_KEY, BACKEND_TOKEN, BASE_URL, WORKSPACE_ID, expectNoSecretsInThrownErrors, resetSleeps } from './fixtures';

const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });

/** Expects one POST to the hook endpoint with the token header, and with exactly `body` when given. */
export const hookScope = (body?: nock.RequestBodyMatcher, provider: 'N8N' | 'ZAPIER' = 'ZAPIER') => service.hookScope(provider, body);
export const { restScope, restPath } = service;

export function setUpNock(): void {
  useNock();
  beforeEach(resetSleeps);
  afterAll(expectNoSecretsInThrownErrors);
}
