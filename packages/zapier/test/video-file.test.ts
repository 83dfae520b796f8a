import nock from 'nock';
import {
  NOT_FOUND_VIDEO,
  privateVideoHostMessage,
  privateVideoLinkMessage,
  unresolvedVideoHostMessage,
  videoHostRedirectMessage,
} from 'screenrec';
import { hydrateVideoFile } from '../src/video-file';
import { videoHost } from '../src/video-host';
import {
  API_KEY,
  BASE_URL,
  RECORDING_ID,
  REST_PATH,
  appTester,
  hookAuth,
  restApi,
  restAuth,
  useNock,
  videoUrl,
  zapierFailure,
} from './harness';

useNock();

// z.stashFile asks Zapier's RPC for an upload slot and uploads there; both stand in here.
const RPC_URL = 'https://rpc.zapier.com';
const UPLOAD_URL = 'https://uploads.zapier.test';
const VIDEO_BYTES = Buffer.from('WEBM-VIDEO-BYTES');

beforeAll(() => {
  process.env.ZAPIER_DEPLOY_KEY = 'deploy-key-for-tests';
});
afterAll(() => {
  delete process.env.ZAPIER_DEPLOY_KEY;
});

/** A stand-in for DNS (the video's host name is checked before the fetch): the names it knows, and nothing else. */
const resolved: Record<string, string[]> = { 'storage.example.net': ['93.184.216.34'] };
let lookups: string[] = [];
beforeEach(() => {
  lookups = [];
  jest.spyOn(videoHost, 'resolve').mockImplementation(async (hostname) => {
    lookups.push(hostname);
    const addresses = resolved[hostname];
    if (addresses === undefined) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses;
  });
});
afterEach(() => jest.restoreAllMocks());

function zapierFileStash(): { uploaded: () => string } {
  let uploadBody = '';
  nock(RPC_URL)
    .post('/cli', (body: { method?: string }) => body.method === 'get_presigned_upload_post_data')
    .reply(200, (_uri, body) => ({
      id: (JSON.parse(String(body)) as { id: string }).id,
      result: { url: `${UPLOAD_URL}/`, fields: { key: 'stash/1234/video' } },
    }));
  nock(UPLOAD_URL)
    .post('/', (body: string) => {
      uploadBody = body;
      return true;
    })
    .reply(204);
  return { uploaded: () => uploadBody };
}

describe('video file hydration', () => {
  it('asks ScreenRec for a fresh link when a later step needs the file, and stashes the video from it', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`)
      .reply(200, { url: videoUrl(RECORDING_ID, 'fresh') });
    nock(BASE_URL)
      .get(`/videos/${RECORDING_ID}`)
      .query({ expires: '1795253400', signature: 'fresh' })
      .reply(200, VIDEO_BYTES, {
        'Content-Type': 'video/webm',
        'Content-Length': String(VIDEO_BYTES.length),
      });
    const stash = zapierFileStash();

    const fileUrl = await appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } });

    expect(fileUrl).toBe(`${UPLOAD_URL}/stash/1234/video`);
    expect(stash.uploaded()).toContain(VIDEO_BYTES.toString());
  });

  it("fetches a link on the storage's own host without any credential of the connection, and follows no redirect", async () => {
    const storage = 'https://storage.example.net';
    const link = `${storage}/bucket/${RECORDING_ID}.webm?X-Amz-Signature=abc`;
    restApi().get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`).reply(200, { url: link });
    nock(storage, { badheaders: ['authorization', 'x-service-token'] })
      .get(`/bucket/${RECORDING_ID}.webm`)
      .query({ 'X-Amz-Signature': 'abc' })
      .reply(200, VIDEO_BYTES, { 'Content-Type': 'video/webm' });
    const stash = zapierFileStash();

    await expect(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })).resolves.toBe(
      `${UPLOAD_URL}/stash/1234/video`,
    );
    expect(stash.uploaded()).toContain(VIDEO_BYTES.toString());
  });

  it('does not follow a redirect from the video link, and says what the storage answered', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`)
      .reply(200, { url: videoUrl(RECORDING_ID, 'fresh') });
    nock(BASE_URL).get(`/videos/${RECORDING_ID}`).query(true).reply(302, '', { Location: 'https://elsewhere.test/video' });

    await expect(
      zapierFailure(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'SERVICE_ERROR',
      status: 302,
      message: videoHostRedirectMessage(302),
    });
  });

  it('refuses a video link on a private address the service is not on', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`)
      .reply(200, { url: `http://169.254.169.254/latest/meta-data?X-Amz-Signature=abc` });

    await expect(
      zapierFailure(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: privateVideoLinkMessage('169.254.169.254'),
    });
  });

  it.each([
    ['a private address', 'private.example.net', ['10.0.0.7']],
    ['loopback among public ones', 'mixed.example.net', ['93.184.216.34', '127.0.0.1']],
    ['the metadata address, IPv4-mapped', 'metadata.example.net', ['::ffff:169.254.169.254']],
  ])('refuses a video host whose name resolves to %s, fetching nothing', async (_case, host, addresses) => {
    resolved[host] = addresses;
    restApi()
      .get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`)
      .reply(200, { url: `https://${host}/bucket/${RECORDING_ID}.webm?X-Amz-Signature=abc` });

    await expect(
      zapierFailure(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })),
    ).resolves.toEqual({ name: 'AppError', code: 'INVALID_INPUT', message: privateVideoHostMessage(host) });
    expect(lookups).toEqual([host]);
  });

  it('does not fetch from a video host that cannot be found; the Service URL host itself is never looked up', async () => {
    restApi()
      .get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`)
      .reply(200, { url: `https://unknown.example.net/bucket/${RECORDING_ID}.webm?X-Amz-Signature=abc` });

    await expect(
      zapierFailure(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })),
    ).resolves.toMatchObject({ name: 'AppError', code: 'NETWORK', message: unresolvedVideoHostMessage('unknown.example.net') });
    expect(lookups).toEqual(['unknown.example.net']);
  });

  it('reports a recording without a video as NOT_FOUND', async () => {
    restApi().get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`).reply(404, { message: 'Not found' });

    await expect(
      zapierFailure(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } })),
    ).resolves.toEqual({
      name: 'AppError',
      code: 'NOT_FOUND',
      status: 404,
      message: NOT_FOUND_VIDEO,
    });
  });

  it('needs the REST credentials', async () => {
    const error = await zapierFailure(appTester(hydrateVideoFile, { authData: hookAuth, inputData: { recordingId: RECORDING_ID } }));

    expect(error).toMatchObject({ name: 'AppError', code: 'REST_NOT_CONFIGURED' });
  });
});

describe('requests leave only for the Service URL', () => {
  it('refuses a request that would carry a connection secret to another host, before sending it', async () => {
    const error = await zapierFailure(
      appTester(
        async (z) => z.request({ url: 'https://elsewhere.test/steal', method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } }),
        { authData: restAuth },
      ),
    );

    expect(error).toEqual({
      name: 'AppError',
      code: 'REFUSED_HOST',
      message:
        "Refused a request to https://elsewhere.test/steal: the URL is not on the Service URL (https://screenrec.test): ScreenRec's secrets go to the Service URL's own address only.",
    });
  });
});
