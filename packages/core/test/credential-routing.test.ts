import { credentialTargetOf, secretHeadersIn, type ServiceCredentials } from 'screenrec';

const WORKSPACE = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';
const OTHER_WORKSPACE = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const connection: ServiceCredentials = {
  baseUrl: 'https://screenrec.example',
  workspaceId: WORKSPACE,
  apiKey: 'srk_key',
  backendToken: 'srt_token',
  provider: 'N8N',
};
const headersFor = (url: string, credentials = connection) => credentialTargetOf(url, credentials).headers;
const reasonFor = (url: string, credentials = connection) => {
  const target = credentialTargetOf(url, credentials);
  return target.interface === undefined ? target.reason : undefined;
};

describe('which secret a request to the service carries', () => {
  it("the API key, as a Bearer, to any path under the REST API of the connection's own workspace, and nothing else", () => {
    for (const path of ['', '/recordings', '/recordings/list', `/recordings/${OTHER_WORKSPACE}/presign`, '/anything?query=1'])
      expect(credentialTargetOf(`https://screenrec.example/public/integration/${WORKSPACE}${path}`, connection)).toEqual({
        interface: 'rest',
        headers: { authorization: 'Bearer srk_key' },
      });
    expect(headersFor(`https://screenrec.example/public/integration/${WORKSPACE.toUpperCase()}/recordings`)).toEqual({
      authorization: 'Bearer srk_key',
    });
  });

  it('the backend token, as x-service-token, to the hook endpoint of its integration only', () => {
    expect(credentialTargetOf('https://screenrec.example/public/webhooks/N8N', connection)).toEqual({
      interface: 'hook',
      headers: { 'x-service-token': 'srt_token' },
    });
    expect(reasonFor('https://screenrec.example/public/webhooks/ZAPIER')).toBe('the hook path names "ZAPIER", not N8N.');
    expect(headersFor('https://screenrec.example/public/webhooks/ZAPIER', { ...connection, provider: undefined })).toEqual({
      'x-service-token': 'srt_token',
    });
    expect(reasonFor('https://screenrec.example/public/webhooks/N8N/extra')).toBe('the hook path names "N8N/extra", not N8N.');
    expect(reasonFor('https://screenrec.example/public/webhooks/')).toBe('the hook path names no integration, not N8N.');
  });

  it('under a Service URL mounted on a path, the same paths below it', () => {
    const mounted = { ...connection, baseUrl: 'https://example.org/screenrec/' };
    expect(headersFor(`https://example.org/screenrec/public/integration/${WORKSPACE}/recordings`, mounted)).toEqual({
      authorization: 'Bearer srk_key',
    });
    expect(headersFor('https://example.org/screenrec/public/webhooks/N8N', mounted)).toEqual({ 'x-service-token': 'srt_token' });
    expect(headersFor(`https://example.org/public/integration/${WORKSPACE}/recordings`, mounted)).toEqual({});
  });

  it.each([
    ['another origin', `https://elsewhere.example/public/integration/${WORKSPACE}/recordings`],
    ['a look-alike host', `https://screenrec.example.evil/public/integration/${WORKSPACE}/recordings`],
    ['another port', `https://screenrec.example:8443/public/webhooks/N8N`],
    ['plain http to the same host', `http://screenrec.example/public/webhooks/N8N`],
    ['credentials in the URL', `https://user:pass@screenrec.example/public/webhooks/N8N`],
  ])('nothing to %s', (_name, url) => {
    expect(credentialTargetOf(url, connection)).toEqual({
      interface: undefined,
      headers: {},
      because: 'otherOrigin',
      reason:
        "the URL is not on the Service URL (https://screenrec.example): ScreenRec's secrets go to the Service URL's own address only.",
    });
  });

  it.each([
    ['dot segments', `https://screenrec.example/public/integration/${WORKSPACE}/../${OTHER_WORKSPACE}/recordings`],
    ['a dot segment', `https://screenrec.example/public/integration/${WORKSPACE}/./recordings`],
    ['an encoded slash', `https://screenrec.example/public/integration/${WORKSPACE}%2F..%2F${OTHER_WORKSPACE}/recordings`],
    ['encoded dots', `https://screenrec.example/public/integration/${WORKSPACE}/%2e%2e/x`],
    ['a backslash', `https://screenrec.example/public/integration/${WORKSPACE}\\..\\x`],
    ['a hook path that climbs into the REST API', `https://screenrec.example/public/webhooks/../integration/${WORKSPACE}/recordings`],
  ])('nothing to a path with %s', (_name, url) => {
    expect(reasonFor(url)).toBe(
      'the path climbs out of where it starts (`..`, `.` or an encoded slash, backslash or dot): write it plainly.',
    );
  });

  it("nothing to another workspace's REST API, nor to a path that is neither interface", () => {
    expect(reasonFor(`https://screenrec.example/public/integration/${OTHER_WORKSPACE}/recordings`)).toBe(
      `the path names another workspace than the connection's: use /public/integration/${WORKSPACE}/….`,
    );
    expect(reasonFor('https://screenrec.example/admin/settings')).toBe(
      "the path is neither the REST API of the connection's workspace (/public/integration/<workspace ID>/…) nor the automation hook (/public/webhooks/<integration>).",
    );
  });

  it('nothing when the connection lacks the secret the path needs, saying which to fill in', () => {
    expect(reasonFor(`https://screenrec.example/public/integration/${WORKSPACE}/recordings`, { ...connection, apiKey: '' })).toBe(
      'the connection has no API Key, which the REST API needs: fill it in.',
    );
    expect(reasonFor('https://screenrec.example/public/webhooks/N8N', { ...connection, backendToken: undefined })).toBe(
      'the connection has no Backend Token, which the automation hook needs: fill it in.',
    );
    expect(
      reasonFor(`https://screenrec.example/public/integration/${WORKSPACE}/recordings`, { ...connection, workspaceId: undefined }),
    ).toBe("the path names another workspace than the connection's: use /public/integration/<workspace ID>/….");
  });

  it('says which refusal it is, for a platform that sends a path of the Service URL without a secret', () => {
    const because = (url: string, credentials = connection) => {
      const target = credentialTargetOf(url, credentials);
      return target.interface === undefined ? target.because : target.interface;
    };
    expect([
      because('https://screenrec.example/admin/settings'),
      because(`https://screenrec.example/public/integration/${OTHER_WORKSPACE}/x`),
      because('https://screenrec.example/public/webhooks/ZAPIER'),
      because(`https://screenrec.example/public/integration/${WORKSPACE}/../x`),
      because('https://screenrec.example/public/webhooks/N8N', { ...connection, backendToken: '' }),
      because('not a url'),
    ]).toEqual(['notAnInterface', 'otherWorkspace', 'otherIntegration', 'climbs', 'missingSecret', 'notAUrl']);
  });

  it('a URL that is not one is named, shortened', () => {
    expect(reasonFor('/public/webhooks/N8N')).toBe(
      '"/public/webhooks/N8N" is not a full http(s) URL: give the whole address, starting with the Service URL.',
    );
  });

  it("finds a caller's own secret headers, in any case", () => {
    expect(secretHeadersIn({ Authorization: 'Bearer x', 'X-Service-Token': 't', accept: 'application/json' })).toEqual([
      'Authorization',
      'X-Service-Token',
    ]);
    expect(secretHeadersIn({})).toEqual([]);
  });
});
