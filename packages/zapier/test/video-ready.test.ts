import nock from 'nock';
import {
  HTTPS_CALLBACK_REQUIRED,
  PLAIN_HTTP_LINK_REFUSED,
  POSTED_LINK_REPLACED,
  REFUSED_CANNOT_CONFIRM,
  REFUSED_NOT_CONFIRMED,
  refusedLookupFailedReason,
  UNAUTHORIZED_MESSAGE,
  detailsLookupFailedMessage,
  invalidInputMessage,
  notAVideoReadyMessage,
  serverErrorMessage,
  unconfirmedLinkMessage,
  unsubscribeRefusedMessage,
} from 'screenrec';
import { UNKNOWN_RECORDING } from '../src/recording';
import { VIDEO_READY_SAMPLE as sample, perform, performList, performSubscribe, performUnsubscribe } from '../src/triggers/video-ready';
import {
  OTHER_RECORDING_ID,
  RECORDING_ID,
  WORKSPACE_ID,
  appError,
  hookCall,
  runWithHookOnly,
  runWithRest,
  useNock,
  zapierFailure,
} from './harness';
import { idsLookup, newestPage, page, presignsLink, recordingsList, serviceRecording, videoUrl } from './recordings-api';

useNock();

const SUBSCRIPTION_ID = '7c6b5a49-3827-4165-9483-7261504f3e2d';
const TARGET_URL = 'https://hooks.zapier.com/hooks/standard/123/abc/';
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const STORAGE_OBJECT_ID = '9c8b7a69-5847-4362-9150-a1b2c3d4e5f6';
/**
 * What an item carries for a recording ScreenRec did not confirm: the same keys as for a confirmed one, all empty,
 * so every connection's Zap gets the keys of the trigger's sample.
 */

/** A field-style storage link: the path names the workspace and an opaque object, not the recording. */
const storageLink = (signature: string) =>
  `https://storage.example.net/bucket/${WORKSPACE_ID}/${STORAGE_OBJECT_ID}.webm?X-Amz-Expires=600&X-Amz-Signature=${signature}`;
const FILE_POINTER = /^hydrate\|\|\|.*\|\|\|hydrate$/;

/** Where a confirmed recording's video is, as ScreenRec signs it afresh: the item carries this link. */
const freshStorageLink = (id: string) => `https://storage.example.net/bucket/${WORKSPACE_ID}/${id}.webm?X-Amz-Signature=fresh`;
/** What the trigger wrote to Zapier's log (z.console.log also writes to the console). */
function consoleLines(): string[] {
  const lines: string[] = [];
  jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ').trim()));
  return lines;
}
afterEach(() => jest.restoreAllMocks());

function pointerOf(videoFile: string | null | undefined): unknown {
  return JSON.parse(videoFile?.slice('hydrate|||'.length, -'|||hydrate'.length) ?? '') as unknown;
}

/** The key of the video of `recordingId` on the Service URL: its link without the query, however it is signed. */
const serviceVideoKey = (recordingId: string) => `https://screenrec.test/videos/${recordingId}`;

/**
 * The item for the video at `videoKey` (its id too), delivered with `link`, when ScreenRec gave no details of its
 * recording: `detailsError` says why, where there is a reason to give.
 */
const itemWithoutDetails = (videoKey: string, link: string, detailsError: string | null, linkConfirmed = true) => ({
  videoKey,
  id: videoKey,
  videoUrl: link,
  linkConfirmed,
  receivedAt: expect.stringMatching(ISO_INSTANT),
  recordingId: null,
  recording: UNKNOWN_RECORDING,
  videoFile: null,
  detailsError,
});

/** The item for the video of `recordingId`, which ScreenRec confirmed: the fresh `link`, `recording` and the video as a file. */
const confirmedItem = (recordingId: string, recording: Record<string, unknown>, link: string) => ({
  ...itemWithoutDetails(serviceVideoKey(recordingId), link, null),
  recordingId,
  recording,
  videoFile: expect.stringMatching(FILE_POINTER),
});

describe('Video Ready: subscribe, perform, unsubscribe', () => {
  it("subscribes the Zap's target URL, receives a notification, and unsubscribes the same subscription", async () => {
    hookCall({ action: 'CALLBACK_SUBSCRIBE', callback: TARGET_URL }).reply(200, { subscriptionId: SUBSCRIPTION_ID });
    const subscribeData = await runWithHookOnly(performSubscribe, { targetUrl: TARGET_URL });
    expect(subscribeData).toEqual({ id: SUBSCRIPTION_ID, subscriptionId: SUBSCRIPTION_ID });

    const items = await runWithHookOnly(perform, { cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });
    // Without REST credentials nothing confirms the recording: the link is delivered, no id is guessed from it.
    expect(items).toEqual([itemWithoutDetails(serviceVideoKey(RECORDING_ID), videoUrl(RECORDING_ID, 'sig1'), null)]);

    hookCall({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID }).reply(200, { status: 'success' });
    await expect(runWithHookOnly(performUnsubscribe, { subscribeData })).resolves.toEqual({ status: 'success' });
  });

  it("without REST credentials delivers every key of the trigger's sample, at both levels, the unknown ones empty", async () => {
    const [item] = await runWithHookOnly(perform, { cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });

    expect(Object.keys(item!).sort()).toEqual(Object.keys(sample).sort());
    expect(Object.keys(item!.recording).sort()).toEqual(Object.keys(sample.recording).sort());
    expect([item!.recording, item!.videoFile]).toEqual([UNKNOWN_RECORDING, null]);
  });

  it('keeps the same video key (and id) for one video however often its link is re-signed', async () => {
    const first = await runWithHookOnly(perform, { cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });
    const again = await runWithHookOnly(perform, { cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig2') } });
    const other = await runWithHookOnly(perform, { cleanedRequest: { result: videoUrl(OTHER_RECORDING_ID, 'sig1') } });

    expect(again[0]?.videoKey).toBe(first[0]?.videoKey);
    expect(other[0]?.videoKey).not.toBe(first[0]?.videoKey);
    // `id` is the video's key too: a re-signed link of the same video carries the same id for a Zap to filter on.
    expect([first[0]?.id, again[0]?.id, other[0]?.id]).toEqual([first[0]?.videoKey, again[0]?.videoKey, other[0]?.videoKey]);
  });

  it('with REST credentials confirms the recording in one list call, carries the fresh link ScreenRec signs, and adds its fields and the video as a file', async () => {
    idsLookup(RECORDING_ID).reply(200, page([serviceRecording()]));
    presignsLink(RECORDING_ID, videoUrl(RECORDING_ID, 'fresh'));

    const [item] = await runWithRest(perform, { cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });

    expect(item).toEqual(confirmedItem(RECORDING_ID, serviceRecording(), videoUrl(RECORDING_ID, 'fresh')));
    expect(pointerOf(item?.videoFile)).toEqual({ type: 'file', method: 'hydrators.videoFile', bundle: { recordingId: RECORDING_ID } });
  });

  it('a storage link: the UUIDs anywhere in it are only candidates, and the recording ScreenRec returns is the one reported', async () => {
    idsLookup(WORKSPACE_ID, STORAGE_OBJECT_ID).reply(200, page([serviceRecording({ id: STORAGE_OBJECT_ID })]));
    presignsLink(STORAGE_OBJECT_ID, freshStorageLink(STORAGE_OBJECT_ID));

    const [item] = await runWithRest(perform, { cleanedRequest: { result: storageLink('sig1') } });

    expect(item).toMatchObject({
      videoUrl: freshStorageLink(STORAGE_OBJECT_ID),
      videoKey: freshStorageLink(STORAGE_OBJECT_ID).split('?')[0],
      recordingId: STORAGE_OBJECT_ID,
      recording: { id: STORAGE_OBJECT_ID },
      detailsError: null,
    });
    expect(pointerOf(item?.videoFile)).toEqual({ type: 'file', method: 'hydrators.videoFile', bundle: { recordingId: STORAGE_OBJECT_ID } });
  });

  /** The item for a posted storage link ScreenRec did not confirm: the link as it came, flagged, nothing else. */
  const unconfirmedItem = (why: string) =>
    itemWithoutDetails(storageLink('sig1').split('?')[0]!, storageLink('sig1'), unconfirmedLinkMessage(why), false);

  it('a link on another host naming no recording ScreenRec knows still starts the Zap, flagged unconfirmed, with no details and no file', async () => {
    idsLookup(WORKSPACE_ID, STORAGE_OBJECT_ID).reply(200, page([]));

    const items = await runWithRest(perform, { cleanedRequest: { result: storageLink('sig1') } });

    expect(items).toEqual([unconfirmedItem(REFUSED_NOT_CONFIRMED)]);
  });

  it('a link on another host whose lookup fails (a revoked key) still starts the Zap, flagged, with the reason', async () => {
    idsLookup(WORKSPACE_ID, STORAGE_OBJECT_ID).reply(401, { message: 'Unauthorized' });

    const items = await runWithRest(perform, { cleanedRequest: { result: storageLink('sig1') } });

    expect(items).toEqual([unconfirmedItem(refusedLookupFailedReason(UNAUTHORIZED_MESSAGE))]);
  });

  it('without REST credentials a link on another host starts the Zap too, flagged, saying the connection cannot confirm it', async () => {
    const items = await runWithHookOnly(perform, { cleanedRequest: { result: storageLink('sig1') } });

    expect(items).toEqual([unconfirmedItem(REFUSED_CANNOT_CONFIRM)]);
  });

  it('a forged post of a foreign link naming a real recording: the item carries only the fresh link ScreenRec gives, and the log says so', async () => {
    const forged = `https://forger.example.org/${RECORDING_ID}.webm?steal=1`;
    idsLookup(RECORDING_ID).reply(200, page([serviceRecording()]));
    presignsLink(RECORDING_ID, freshStorageLink(RECORDING_ID));
    const logged = consoleLines();

    const items = await runWithRest(perform, { cleanedRequest: { result: forged } });

    expect(items).toEqual([
      expect.objectContaining({
        videoUrl: freshStorageLink(RECORDING_ID),
        videoKey: freshStorageLink(RECORDING_ID).split('?')[0],
        recordingId: RECORDING_ID,
      }),
    ]);
    expect(logged).toContain(POSTED_LINK_REPLACED);
    expect(JSON.stringify([items, logged])).not.toContain('forger.example.org');
  });

  it("refuses, starting no run and asking nothing, a plain http link off the Service URL's origin", async () => {
    const logged = consoleLines();

    await expect(runWithRest(perform, { cleanedRequest: { result: `http://169.254.169.254/${RECORDING_ID}` } })).resolves.toEqual([]);
    expect(logged).toContain(PLAIN_HTTP_LINK_REFUSED);
  });

  it('a failed lookup (revoked key) never loses the notification: the item comes with the link and the reason', async () => {
    idsLookup(RECORDING_ID).reply(401, { message: 'Unauthorized' });

    const items = await runWithRest(perform, { cleanedRequest: { result: videoUrl(RECORDING_ID, 'sig1') } });

    expect(items).toEqual([
      itemWithoutDetails(serviceVideoKey(RECORDING_ID), videoUrl(RECORDING_ID, 'sig1'), detailsLookupFailedMessage(UNAUTHORIZED_MESSAGE)),
    ]);
  });

  it('rejects a body that is not a video-ready notification', async () => {
    await expect(zapierFailure(runWithHookOnly(perform, { cleanedRequest: { hello: 'world' } }))).resolves.toEqual(
      appError('INVALID_INPUT', notAVideoReadyMessage('`result`: must be a full http(s) URL')),
    );
  });

  it('refuses an http target URL for a service that is not on this machine, before sending anything', async () => {
    const error = await zapierFailure(runWithHookOnly(performSubscribe, { targetUrl: 'http://hooks.example/x' }));

    expect(error).toEqual(appError('INVALID_INPUT', invalidInputMessage(`the Zap's webhook address: ${HTTPS_CALLBACK_REQUIRED}`)));
  });

  it('reports a subscription the service no longer knows when unsubscribing', async () => {
    hookCall({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: SUBSCRIPTION_ID }).reply(200, { error: 'Internal Server Error' });

    await expect(zapierFailure(runWithHookOnly(performUnsubscribe, { subscribeData: { id: SUBSCRIPTION_ID } }))).resolves.toEqual(
      appError('SERVICE_ERROR', unsubscribeRefusedMessage('Internal Server Error'), 200),
    );
  });
});

describe('Video Ready: only for recordings with given tags or direction', () => {
  const notification = { result: videoUrl(RECORDING_ID, 'sig1') };
  const confirmed = (overrides: Record<string, unknown>) => idsLookup(RECORDING_ID).reply(200, page([serviceRecording(overrides)]));

  it('fires for a recording with one of the tags and the direction', async () => {
    confirmed({ tags: ['billing', 'support'], direction: 'REQUEST' });

    const items = await runWithRest(perform, {
      inputData: { tags: ['support', 'vip'], direction: 'REQUEST' },
      cleanedRequest: notification,
    });

    expect(items.map((item) => item.recordingId)).toEqual([RECORDING_ID]);
  });

  it.each([
    ['without any of the tags', { tags: ['billing'] }, { tags: ['support'] }],
    ['of the other direction', { direction: 'RESPONSE' }, { direction: 'REQUEST' }],
  ])('does not fire for a recording %s', async (_case, recording, inputData) => {
    confirmed(recording);

    await expect(runWithRest(perform, { inputData, cleanedRequest: notification })).resolves.toEqual([]);
  });

  it('passes the video on, saying so, when the filter cannot be checked (the lookup failed)', async () => {
    idsLookup(RECORDING_ID).reply(503, { message: 'down' }).persist();

    const [item] = await runWithRest(perform, { inputData: { tags: ['support'] }, cleanedRequest: notification });
    nock.cleanAll();

    expect(item?.recordingId).toBeNull();
    expect(item?.detailsError).toBe(
      `${detailsLookupFailedMessage(serverErrorMessage(503))} The "Only With Tags" and "Only Direction" options could not be checked, so the video is passed on.`,
    );
  });

  it('refuses to turn on with a filter but without REST credentials, before subscribing', async () => {
    await expect(
      zapierFailure(runWithHookOnly(performSubscribe, { inputData: { direction: 'REQUEST' }, targetUrl: TARGET_URL })),
    ).resolves.toEqual(
      appError(
        'REST_NOT_CONFIGURED',
        'The "Only With Tags" and "Only Direction" options need the Workspace ID and API Key in the connection: reconnect ScreenRec and fill them in, or clear the options.',
      ),
    );
  });

  it('samples only recordings the filter lets through', async () => {
    recordingsList({
      directions: ['RESPONSE'],
      statuses: ['COMPLETED'],
      tags: ['vip'],
      ...newestPage(0, 3),
    }).reply(200, page([]));

    await expect(runWithRest(performList, { inputData: { tags: ['vip'], direction: 'RESPONSE' } })).resolves.toEqual([]);
  });
});

describe('Video Ready: samples (performList)', () => {
  it('without REST credentials returns no items, so Zapier shows the static sample', async () => {
    await expect(runWithHookOnly(performList)).resolves.toEqual([]);
  });

  it('with REST credentials returns the newest finished recordings in the shape of a notification', async () => {
    const newer = serviceRecording({ id: OTHER_RECORDING_ID, createdDate: '2026-11-21T10:00:00.000Z' });
    recordingsList({
      statuses: ['COMPLETED'],
      ...newestPage(0, 3),
    }).reply(200, page([newer, serviceRecording()]));
    presignsLink(OTHER_RECORDING_ID, videoUrl(OTHER_RECORDING_ID, 'fresh1'));
    presignsLink(RECORDING_ID, videoUrl(RECORDING_ID, 'fresh2'));

    const items = await runWithRest(performList);

    expect(items).toEqual([
      confirmedItem(OTHER_RECORDING_ID, newer, videoUrl(OTHER_RECORDING_ID, 'fresh1')),
      confirmedItem(RECORDING_ID, serviceRecording(), videoUrl(RECORDING_ID, 'fresh2')),
    ]);
  });
});
