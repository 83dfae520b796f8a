import { perform, performList, performSubscribe, performUnsubscribe } from '../../packages/zapier/src/triggers/video-ready';
import {
  HOOK_PATH,
  OTHER_RECORDING_ID,
  RECORDING_ID,
  REST_PATH,
  appTester,
  hookApi,
  hookAuth,
  page,
  restApi,
  restAuth,
  serviceRecording,
  useNock,
  videoUrl,
  zapierError,
} from './harness';

useNock();

const SUBSCRIPTION_ID = '7c6b5a49-3827-4165-9483-7261504f3e2d';
const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/123/abc/';
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('Video Ready: subscribe, perform, unsubscribe', () => {
  it('subscribes the Zap\'s target URL, receives a notification, and unsubscribes the same subscription', async () => {
    hookApi().post(HOOK_PATH, { action: 'CALLBACK_SUBSCRIBE', callback: TARGET_URL }).reply(200, { subscriptionId: SUBSCRIPTION_ID });
    const subscribeData = await appTester(performSubscribe, { authData: hookAuth, targetUrl: TARGET_URL });
    expect(subscribeData).toEqual({ id: SUBSCRIPTION_ID, subscriptionId: SUBSCRIPTION_ID });

    const items = await appTester(perform, { authData: hookAuth, cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });
    expect(items).toEqual([
      {
        id: `https://screenrec.test/videos/${RECORDING_ID}`,
        videoUrl: videoUrl(RECORDING_ID, 'sig1'),
        receivedAt: expect.stringMatching(ISO_INSTANT),
        recordingId: RECORDING_ID,
      },
    ]);

    hookApi().post(HOOK_PATH, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID }).reply(200, { status: 'success' });
    await expect(appTester(performUnsubscribe, { authData: hookAuth, subscribeData })).resolves.toEqual({ status: 'success' });
  });

  it('keeps the same id for one recording however often its link is re-signed', async () => {
    const first = await appTester(perform, { authData: hookAuth, cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });
    const again = await appTester(perform, { authData: hookAuth, cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig2') } });
    const other = await appTester(perform, { authData: hookAuth, cleanedRequest: { result: videoUrl(OTHER_RECORDING_ID, 'sig1') } });

    expect(again[0]?.id).toBe(first[0]?.id);
    expect(other[0]?.id).not.toBe(first[0]?.id);
  });

  it('with REST credentials adds the recording\'s fields and the video as a file', async () => {
    restApi().post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 }).reply(200, page([serviceRecording()]));

    const [item] = await appTester(perform, { authData: restAuth, cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });

    expect(item).toEqual({
      id: `https://screenrec.test/videos/${RECORDING_ID}`,
      videoUrl: videoUrl(RECORDING_ID, 'sig1'),
      receivedAt: expect.stringMatching(ISO_INSTANT),
      recordingId: RECORDING_ID,
      recording: serviceRecording(),
      videoFile: expect.stringMatching(/^hydrate\|\|\|.*\|\|\|hydrate$/),
    });
    const pointer = JSON.parse(item?.videoFile?.slice('hydrate|||'.length, -'|||hydrate'.length) ?? '') as unknown;
    expect(pointer).toEqual({ type: 'file', method: 'hydrators.videoFile', bundle: { recordingId: RECORDING_ID } });
  });

  it('still fires when REST credentials are set but the recording is not listed, without the recording fields', async () => {
    restApi().post(`${REST_PATH}/recordings/list`, { ids: [RECORDING_ID], pageSize: 1 }).reply(200, page([]));

    const [item] = await appTester(perform, { authData: restAuth, cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });

    expect(item).not.toHaveProperty('recording');
    expect(item?.videoFile).toMatch(/^hydrate\|\|\|/);
  });

  it('rejects a body that is not a video-ready notification', async () => {
    await expect(zapierError(appTester(perform, { authData: hookAuth, cleanedRequest: { hello: 'world' } }))).resolves.toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: 'This is not a ScreenRec video-ready notification (`result`: must be a full http(s) URL): expected a JSON body like {"result": "https://…"}.',
    });
  });

  it('refuses an http target URL for a service that is not on this machine, before sending anything', async () => {
    const error = await zapierError(appTester(performSubscribe, { authData: hookAuth, targetUrl: 'http://hooks.example/x' }));

    expect(error).toEqual({
      name: 'AppError',
      code: 'INVALID_INPUT',
      message: 'Invalid input: `callback`: must be an https URL: ScreenRec only calls https callbacks. Nothing was sent to ScreenRec.',
    });
  });

  it('reports a subscription the service no longer knows when unsubscribing', async () => {
    hookApi().post(HOOK_PATH, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID }).reply(200, { error: 'Internal Server Error' });

    await expect(zapierError(appTester(performUnsubscribe, { authData: hookAuth, subscribeData: { id: SUBSCRIPTION_ID } }))).resolves.toEqual({
      name: 'AppError',
      code: 'SERVICE_ERROR',
      status: 200,
      message: 'ScreenRec could not remove this subscription ("Internal Server Error"): it may already be gone, or the integration was disconnected.',
    });
  });
});

describe('Video Ready: samples (performList)', () => {
  it('without REST credentials returns no items, so Zapier shows the static sample', async () => {
    await expect(appTester(performList, { authData: hookAuth })).resolves.toEqual([]);
  });

  it('with REST credentials returns the newest finished recordings in the shape of a notification', async () => {
    const newer = serviceRecording({ id: OTHER_RECORDING_ID, createdDate: '2026-11-21T10:00:00.000Z' });
    restApi()
      .post(`${REST_PATH}/recordings/list`, { statuses: ['COMPLETED'], sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 3 })
      .reply(200, page([newer, serviceRecording()]));
    restApi().get(`${REST_PATH}/recordings/${OTHER_RECORDING_ID}/presign`).reply(200, { url: videoUrl(OTHER_RECORDING_ID, 'fresh1') });
    restApi().get(`${REST_PATH}/recordings/${RECORDING_ID}/presign`).reply(200, { url: videoUrl(RECORDING_ID, 'fresh2') });

    const items = await appTester(performList, { authData: restAuth });

    expect(items).toEqual([
      {
        id: `https://screenrec.test/videos/${OTHER_RECORDING_ID}`,
        videoUrl: videoUrl(OTHER_RECORDING_ID, 'fresh1'),
        receivedAt: expect.stringMatching(ISO_INSTANT),
        recordingId: OTHER_RECORDING_ID,
        recording: newer,
        videoFile: expect.stringMatching(/^hydrate\|\|\|/),
      },
      {
        id: `https://screenrec.test/videos/${RECORDING_ID}`,
        videoUrl: videoUrl(RECORDING_ID, 'fresh2'),
        receivedAt: expect.stringMatching(ISO_INSTANT),
        recordingId: RECORDING_ID,
        recording: serviceRecording(),
        videoFile: expect.stringMatching(/^hydrate\|\|\|/),
      },
    ]);
  });
});
