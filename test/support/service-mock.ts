import nock from 'nock';

/** Who a client connects as: the service's address and the secrets of its two interfaces. */
export interface MockedConnection {
  baseUrl: string;
  backendToken: string;
  apiKey: string;
  workspaceId: string;
}

/**
 * nock stand-ins for ScreenRec's two interfaces, each answering only a request that carries its own secret and not
 * the other one's. The wire (paths, header names) is written out here rather than imported from core, so that a
 * test fails when core sends to the wrong place.
 */
export function serviceMock({ baseUrl, backendToken, apiKey, workspaceId }: MockedConnection) {
  return {
    /** One POST to the automation hook of `provider`, with exactly `body` when given. */
    hookScope: (provider: 'N8N' | 'ZAPIER', body?: nock.RequestBodyMatcher) =>
      nock(baseUrl, {
        reqheaders: { 'x-service-token': backendToken, 'content-type': 'application/json' },
        badheaders: ['authorization'],
      }).post(`/public/webhooks/${provider}`, body),
    /** The workspace's REST API; pair with restPath. */
    restScope: () => nock(baseUrl, { reqheaders: { authorization: `Bearer ${apiKey}` }, badheaders: ['x-service-token'] }),
    restPath: (path: string) => `/public/integration/${workspaceId}${path}`,
  };
}
