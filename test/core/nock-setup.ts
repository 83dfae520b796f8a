import nock from 'nock';
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
  beforeAll(() => nock.disableNetConnect());
  beforeEach(resetSleeps);
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
  afterAll(() => {
    nock.enableNetConnect();
    // nock patches Node's shared http module; unpatch it for the suites jest runs next in this worker.
    nock.restore();
    expectNoSecretsInThrownErrors();
  });
}
