import nock from 'nock';
import { hydrateVideoFile } from '../../packages/zapier/src/video-file';
import { BASE_URL, RECORDING_ID, REST_PATH, appTester, hookAuth, restApi, restAuth, useNock, videoUrl, zapierError } from './harness';

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
    restApi().get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`).reply(200, { url: videoUrl(RECORDING_ID, 'fresh') });
    nock(BASE_URL).get(`/videos/${RECORDING_ID}`).query({ expires: '1795253400', signature: 'fresh' }).reply(200, VIDEO_BYTES, {
      'Content-Type': 'video/webm',
      'Content-Length': String(VIDEO_BYTES.length),
    });
    const stash = zapierFileStash();

    const fileUrl = await appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } });

    expect(fileUrl).toBe(`${UPLOAD_URL}/stash/1234/video`);
    expect(stash.uploaded()).toContain(VIDEO_BYTES.toString());
  });

  it('reports a recording without a video as NOT_FOUND', async () => {
    restApi().get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`).reply(404, { message: 'Not found' });

    await expect(zapierError(appTester(hydrateVideoFile, { authData: restAuth, inputData: { recordingId: RECORDING_ID } }))).resolves.toEqual({
      name: 'AppError',
      code: 'NOT_FOUND',
      status: 404,
      message: 'ScreenRec has no video for this recording: the recording does not exist in this workspace, or it has not been recorded yet.',
    });
  });

  it('needs the REST credentials', async () => {
    const error = await zapierError(appTester(hydrateVideoFile, { authData: hookAuth, inputData: { recordingId: RECORDING_ID } }));

    expect(error).toMatchObject({ name: 'AppError', code: 'REST_NOT_CONFIGURED' });
  });
});
