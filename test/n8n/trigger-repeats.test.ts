import nock from 'nock';
import { UNAUTHORIZED_MESSAGE, detailsLookupFailedMessage } from 'screenrec';
import { WebhookContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';
import { forgetSeenVideosInThisProcess } from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import { ALREADY_RECEIVED, RECEIVED } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/video-ready';
import { BASE_URL, RECORDING_ID, SUBSCRIPTION_ID, triggerWorkflow, type TriggerSetup } from './harness';
import { restPath, restScope, setUpNock } from './nock-setup';

// The Video Ready trigger answers the service before it looks anything up, and starts one run per video however
// often the service delivers it (it resends an answer it did not get in time, or sends copies).

setUpNock();
beforeEach(() => forgetSeenVideosInThisProcess());
afterEach(() => jest.restoreAllMocks());

const WEBHOOK_URL = 'https://n8n.example.com/webhook/f00dfeed/webhook';
const SECRET = 'a'.repeat(64);
const savedStaticData = (): IDataObject => ({
  'node:ScreenRec Trigger': { subscriptionId: SUBSCRIPTION_ID, webhookUrl: WEBHOOK_URL, callbackSecret: SECRET },
});
/** One webhook request's view of the active workflow: n8n loads the static data afresh for each request. */
const request = (setup: TriggerSetup = {}) => triggerWorkflow({ staticData: savedStaticData(), ...setup });
/** The same video, its link signed at each attempt as the service does. */
const link = (signature: string) => `https://media.screenrec.test/videos/${RECORDING_ID}?expires=1900000000&signature=${signature}`;
const completed = { id: RECORDING_ID, status: 'COMPLETED', tags: [], externalReference: 'ticket-1' };
const VIDEO_KEY = `https://media.screenrec.test/videos/${RECORDING_ID}`;
const lookup = () => restScope().post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 });
/** ScreenRec signs the confirmed recording's link afresh: the run carries that one, and its key is the video's. */
const presign = (id = RECORDING_ID) =>
  restScope()
    .get(restPath(`/recordings/${id}/presign`))
    .reply(200, { url: `https://media.screenrec.test/videos/${id}?expires=1900003600&signature=fresh` });
/** The first delivery of the video: looked up, confirmed, signed afresh. */
const confirmedOnce = () => {
  lookup().reply(200, { content: [completed], totalElements: 1, totalPages: 1 });
  presign();
};

/** What the trigger logs at info level (n8n's log shows it by default). */
function recordInfo() {
  const logger = triggerWorkflow().hookContext().logger;
  const lines: string[] = [];
  jest.spyOn(logger, 'info').mockImplementation((message: string) => void lines.push(message));
  return lines;
}

/** What happened, in order: the trigger's answers (seen through n8n's response object) and the calls it made. */
function recordEvents() {
  const events: string[] = [];
  const getResponseObject = WebhookContext.prototype.getResponseObject;
  jest.spyOn(WebhookContext.prototype, 'getResponseObject').mockImplementation(function (this: WebhookContext) {
    const response = getResponseObject.call(this);
    return Object.assign(Object.create(response) as typeof response, {
      status: (code: number) => {
        events.push(`answered ${code}`);
        return response.status(code);
      },
    });
  });
  return events;
}

describe('the answer comes first', () => {
  it('answers 200 before it looks the recording up and downloads the video; the run still gets both', async () => {
    const events = recordEvents();
    lookup().reply(200, () => (events.push('lookup'), { content: [completed], totalElements: 1, totalPages: 1 }));
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, () => (events.push('fresh link'), { url: `https://media.screenrec.test/videos/${RECORDING_ID}?fresh=1` }));
    nock('https://media.screenrec.test')
      .get(`/videos/${RECORDING_ID}`)
      .query({ fresh: '1' })
      .reply(200, () => (events.push('download'), 'webm'), { 'content-type': 'video/webm' });
    const { result, response } = await request({ parameters: { includeRecording: true, download: true } }).deliver({ result: link('s1') });
    expect(events).toEqual(['answered 200', 'lookup', 'fresh link', 'download']);
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.noWebhookResponse).toBe(true);
    const item = result.workflowData?.[0]?.[0];
    expect(item?.json).toMatchObject({ recordingId: RECORDING_ID, externalReference: 'ticket-1' });
    expect(item?.binary?.data).toMatchObject({ fileName: `screenrec-${RECORDING_ID}.webm` });
  });

  it("a lookup and a download that fail after the answer still start the run (a link on the Service URL's origin), saying why", async () => {
    const serviceLink = `${BASE_URL}/videos/${RECORDING_ID}?expires=1900000000&signature=s1`;
    lookup().reply(401, { message: 'Unauthorized' });
    nock(BASE_URL).get(`/videos/${RECORDING_ID}`).query(true).reply(503, 'busy');
    const { result, response } = await request({ parameters: { download: true } }).deliver({ result: serviceLink });
    expect(response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(result.workflowData?.[0]?.[0]?.json).toMatchObject({
      videoUrl: serviceLink,
      recordingId: null,
      detailsError: detailsLookupFailedMessage(UNAUTHORIZED_MESSAGE),
      downloadError: expect.stringContaining('HTTP 503'),
    });
  });
});

describe('one run per video, however often it is delivered', () => {
  it('a repeat (its link signed afresh) is answered 200 and starts nothing, looking nothing up', async () => {
    confirmedOnce();
    const first = await request().deliver({ result: link('s1') });
    expect(first.result.workflowData?.[0]).toHaveLength(1);
    for (const signature of ['s1', 's2']) {
      const events = recordEvents();
      const info = recordInfo();
      const { result, response } = await request().deliver({ result: link(signature) });
      expect(events).toEqual(['answered 200']);
      expect(response).toEqual({ statusCode: 200, body: ALREADY_RECEIVED });
      expect(result).toEqual({ noWebhookResponse: true });
      expect(info).toEqual([`ScreenRec Trigger received ${VIDEO_KEY} again and started no second run (answered 200).`]);
      jest.restoreAllMocks();
    }
  });

  it('two copies arriving at the same moment start one run: both are answered before the lookup, the key ScreenRec gives decides', async () => {
    const info = recordInfo();
    confirmedOnce();
    confirmedOnce();
    const answers = await Promise.all([request().deliver({ result: link('s1') }), request().deliver({ result: link('s2') })]);
    expect(answers.map(({ response }) => response.body)).toEqual([RECEIVED, RECEIVED]);
    expect(answers.filter(({ result }) => result.workflowData !== undefined)).toHaveLength(1);
    expect(info).toEqual([`ScreenRec Trigger received ${VIDEO_KEY} again and started no second run (answered 200).`]);
  });

  it('a post of a foreign link naming no recording runs once, flagged, under its own key: the video it imitates still runs', async () => {
    const forged = `https://media.screenrec.test/videos/${RECORDING_ID}x?expires=1&signature=forged`;
    restScope().post(restPath('/recordings/list')).reply(200, { content: [], totalElements: 0, totalPages: 0 });
    const unconfirmed = await request().deliver({ result: forged });
    expect(unconfirmed.response).toEqual({ statusCode: 200, body: RECEIVED });
    expect(unconfirmed.result.workflowData?.[0]?.[0]?.json).toMatchObject({ videoUrl: forged, linkConfirmed: false, recordingId: null });
    confirmedOnce();
    const { result } = await request().deliver({ result: link('s1') });
    expect(result.workflowData?.[0]).toHaveLength(1);
  });

  it('a repeat after n8n restarted starts nothing: the memory is saved in the static data', async () => {
    confirmedOnce();
    const before = request();
    await before.deliver({ result: link('s1') });
    const saved = JSON.parse(JSON.stringify({ 'node:ScreenRec Trigger': before.staticData() })) as IDataObject;
    forgetSeenVideosInThisProcess();
    recordInfo();
    const { result, response } = await triggerWorkflow({ staticData: saved }).deliver({ result: link('s2') });
    expect(response.body).toEqual(ALREADY_RECEIVED);
    expect(result.workflowData).toBeUndefined();
  });

  it('the request that ends last saves every video received meanwhile: after a restart none of them runs again', async () => {
    const other = '5d1c9a7e-2b4f-4e6a-8c3d-9f0e1a2b3c4d';
    const otherLink = `https://media.screenrec.test/videos/${other}?expires=1900000000&signature=s1`;
    // The slow request's lookup is answered only once the quick request has ended, not after a set delay, so the slow
    // one ends last however long the quick one takes on a loaded machine.
    let quickEnded!: () => void;
    const quickHasEnded = new Promise<void>((resolve) => (quickEnded = resolve));
    lookup().reply(200, async () => {
      await quickHasEnded;
      return { content: [completed], totalElements: 1, totalPages: 1 };
    });
    presign();
    restScope()
      .post(restPath('/recordings/list'), { ids: [other], pageSize: 1 })
      .reply(200, { content: [{ ...completed, id: other }], totalElements: 1, totalPages: 1 });
    presign(other);
    const [slow, quick] = [request(), request()];
    await Promise.all([slow.deliver({ result: link('s1') }), quick.deliver({ result: otherLink }).finally(quickEnded)]);
    const savedLast = JSON.parse(JSON.stringify({ 'node:ScreenRec Trigger': slow.staticData() })) as IDataObject;
    forgetSeenVideosInThisProcess();
    recordInfo();
    for (const notification of [{ result: link('s2') }, { result: otherLink }]) {
      expect((await triggerWorkflow({ staticData: structuredClone(savedLast) }).deliver(notification)).response.body).toEqual(
        ALREADY_RECEIVED,
      );
    }
  });

  it("a post without the subscription's secret is not remembered: the service's notification of that video still runs", async () => {
    expect((await request().deliver({ result: link('s1') }, { query: {} })).response.statusCode).toBe(401);
    expect((await request().deliver({ result: link('s1') }, { query: { secret: 'wrong' } })).response.statusCode).toBe(410);
    confirmedOnce();
    const { result, response } = await request().deliver({ result: link('s2') });
    expect(response.body).toEqual(RECEIVED);
    expect(result.workflowData?.[0]).toHaveLength(1);
  });
});
