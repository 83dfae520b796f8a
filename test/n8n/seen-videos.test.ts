import type { IDataObject } from 'n8n-workflow';
import {
  SEEN_VIDEOS_LIMIT,
  firstDelivery,
  forgetSeenVideosInThisProcess,
  keepSeenVideos,
} from '../../packages/n8n-nodes-screenrec/lib/seen-videos';
import { triggerWorkflow } from './harness';

// The memory of seen videos, in n8n-core's real contexts. n8n hands every webhook request its own copy of the
// workflow's static data, loaded from the database, and saves that copy when the request ends: `requestWith`
// plays one such request.

const NODE_DATA = 'node:ScreenRec Trigger';
const video = (n: number) => `https://screenrec.test/videos/${String(n).padStart(12, '0')}`;

/** A webhook request's context, on its own copy of the saved static data. */
const requestWith = (saved: IDataObject = {}) => {
  const trigger = triggerWorkflow({ staticData: asSaved(saved) });
  return { context: trigger.hookContext(), saved: () => asSaved({ [NODE_DATA]: trigger.staticData() ?? {} }) };
};
/** As n8n stores it: JSON in the workflow's row. */
const asSaved = (data: IDataObject): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

beforeEach(() => forgetSeenVideosInThisProcess());

it('a video is new once: later deliveries of it are not, other videos still are', async () => {
  const { context } = requestWith();
  expect(await firstDelivery(context, video(1))).toBe(true);
  expect(await firstDelivery(context, video(1))).toBe(false);
  expect(await firstDelivery(context, video(2))).toBe(true);
});

it('two requests at the same moment, each with its own copy of the static data: only one is first', async () => {
  const [a, b] = [requestWith(), requestWith()];
  const answers = await Promise.all([firstDelivery(a.context, video(1)), firstDelivery(b.context, video(1))]);
  expect(answers.sort()).toEqual([false, true]);
});

it('a request whose copy of the static data predates another record saves both (a later save erases nothing)', async () => {
  const [a, b] = [requestWith(), requestWith()];
  await firstDelivery(a.context, video(1));
  await firstDelivery(b.context, video(2));
  forgetSeenVideosInThisProcess();
  const afterRestart = requestWith(b.saved());
  expect(await firstDelivery(afterRestart.context, video(1))).toBe(false);
  expect(await firstDelivery(afterRestart.context, video(2))).toBe(false);
});

it('survives a restart through the saved static data, and reaches another process that loads it', async () => {
  const first = requestWith();
  await firstDelivery(first.context, video(1));
  forgetSeenVideosInThisProcess();
  expect(await firstDelivery(requestWith(first.saved()).context, video(1))).toBe(false);
  forgetSeenVideosInThisProcess();
  expect(await firstDelivery(requestWith().context, video(1))).toBe(true);
});

it(`keeps the newest ${SEEN_VIDEOS_LIMIT} videos: the oldest is forgotten, in memory and in the static data`, async () => {
  const { context, saved } = requestWith();
  for (let n = 0; n <= SEEN_VIDEOS_LIMIT; n++) await firstDelivery(context, video(n));
  const stored = saved()[NODE_DATA] as IDataObject;
  expect((stored.seenVideos as string[]).length).toBe(SEEN_VIDEOS_LIMIT);
  expect(JSON.stringify(stored)).not.toContain('screenrec.test');
  expect(await firstDelivery(context, video(SEEN_VIDEOS_LIMIT))).toBe(false);
  expect(await firstDelivery(context, video(0))).toBe(true);
});

it('leaves the rest of the static data alone (the subscription stays)', async () => {
  const { context, saved } = requestWith({ [NODE_DATA]: { subscriptionId: 'sub-1' } });
  await firstDelivery(context, video(1));
  expect(saved()[NODE_DATA]).toEqual({ subscriptionId: 'sub-1', seenVideos: [expect.stringMatching(/^[\w-]{16}$/)] });
});

it("keepSeenVideos writes what other requests recorded meanwhile into this request's copy, which n8n may save last", async () => {
  const [a, b] = [requestWith(), requestWith()];
  await firstDelivery(a.context, video(1));
  await firstDelivery(b.context, video(2));
  keepSeenVideos(a.context);
  forgetSeenVideosInThisProcess();
  expect(await firstDelivery(requestWith(a.saved()).context, video(2))).toBe(false);
});
