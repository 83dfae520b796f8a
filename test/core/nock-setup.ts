import nock from 'nock';
import { useNock } from '../support/nock';
import { API_KEY, BACKEND_TOKEN, BASE_URL, WORKSPACE_ID, expectNoSecretsInThrownErrors, resetSleeps } from './fixtures';

/** Expects one POST to the hook endpoint with the token header, and with exactly `body` when given. */
export const hookScope = (body?: nock.RequestBodyMatcher, provider = 'ZAPIER') =>
  nock(BASE_URL, { reqheaders: { 'x-service-token': BACKEND_TOKEN, 'content-type': 'application/json' } }).post(
    `/public/webhooks/${provider}`,
    body,
  );

export const restScope = () => nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } });
export const restPath = (path: string) => `/public/integration/${WORKSPACE_ID}${path}`;

export function setUpNock(): void {
  useNock();
  beforeEach(resetSleeps);
  afterAll(expectNoSecretsInThrownErrors);
}
