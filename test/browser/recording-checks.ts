import assert from 'node:assert/strict';
import { RECORDING_STATUSES } from 'screenrec';
import type { VideoReadyItem } from '../../packages/zapier/src/triggers/video-ready';
import type { Checks } from '../support/checks';
import { videoReadyBodyOf } from '../support/catcher';
import { Participant } from './participant';
import type { Session } from './session';
import { StatusWalk } from './status-walk';
import { MAX_DECLARED_DRIFT_SECONDS, declaredLengthDrift, probeVideo } from './webm-probe';

const RECORD_SECONDS = 3;

/** What the participant's recording left behind, for the checks that follow it. */
interface Recorded {
  recordingId: string;
  link: string;
  /** The bytes the page uploaded. */
  uploaded: Buffer;
  walk: string[];
}

/**
 * The participant's whole visit, through the link the Zap step Create Recording returned, and what each app
 * then gets: one check per thing a person would notice.
 */
export async function recordingChecks(session: Session, checks: Checks): Promise<void> {
  let recorded: Recorded | undefined;
  const needRecording = (): Recorded => {
    if (recorded === undefined) throw new Error('skipped: the recording above did not complete');
    return recorded;
  };

  await checks.check(
    `a participant opens the link from the Zap step Create Recording Link, records ${RECORD_SECONDS} s of screen, stops, and the page thanks them`,
    async () => {
      const created = await session.createRecording('browser-ticket-1');
      assert(created.status === 'NEW', `Create Recording says the new recording is ${created.status}, not NEW`);
      const walk = new StatusWalk(() => session.statusOf(created.id));
      const participant = await Participant.open(session.browser, created.url, 'recording');
      try {
        assert((await participant.heading()) === 'Record your screen', `the page's heading is "${await participant.heading()}"`);
        assert(await participant.visible('start'), 'the page shows no Start recording button');
        await participant.screenshot('1-opened');

        await participant.press('Start recording');
        await participant.waitForStatus('Recording… Press Stop and send when you are done.');
        assert(await participant.visible('stop'), 'while recording, the page shows no Stop and send button');
        await participant.waitForTimer('00:01');
        await participant.screenshot('2-recording');
        await participant.waitForTimer(`00:0${RECORD_SECONDS}`);
        await participant.press('Stop and send');

        const thanks = await participant.waitForStatus('Thank you! Your recording was sent.');
        assert(thanks === 'Thank you! Your recording was sent. You can close this page now.', `the page says "${thanks}"`);
        assert(await participant.visible('preview'), 'the page does not show the recorded video');
        assert(!(await participant.visible('resend')), 'the page offers Send again after a successful send');
        await participant.screenshot('3-sent');
        assert(
          (await participant.screenCaptures()) === 1,
          `the page asked to share the screen ${await participant.screenCaptures()} times`,
        );
        assert(participant.uploads.length === 1, `the page uploaded ${participant.uploads.length} times`);
        const uploaded = participant.uploadedBodies[0];
        assert(uploaded !== undefined && uploaded.length > 0, 'the upload carried no video');
        assert(participant.pageErrors.length === 0, `the page logged errors: ${participant.pageErrors.join(' | ')}`);
        assert((await participant.tryToLeave()) === undefined, 'closing the tab after the video was sent still asked "Leave site?"');

        recorded = { recordingId: created.id, link: created.url, uploaded, walk: await walk.finish() };
      } finally {
        await participant.page.close().catch(() => undefined);
        await walk.finish().catch(() => undefined);
      }
    },
  );

  await checks.check('opening the link again says the recording is complete, with nothing to record', async () => {
    const { link } = needRecording();
    const participant = await Participant.open(session.browser, link, 'recording');
    try {
      const said = await participant.waitForStatus('This recording is complete.');
      assert(said === 'This recording is complete. Thank you!', `the page says "${said}"`);
      assert(!(await participant.visible('start')), 'the page still offers Start recording');
      assert(
        !(await participant.visible('intro')) && !(await participant.visible('timer')),
        'the page still explains how to record, with a timer',
      );
      await participant.screenshot('4-reopened');
    } finally {
      await participant.page.close();
    }
  });

  await checks.check('the recording walks NEW → RECORDING → COMPLETED, never back', async () => {
    const { walk } = needRecording();
    const order = walk.map((status) => RECORDING_STATUSES.indexOf(status as (typeof RECORDING_STATUSES)[number]));
    assert(walk[0] === 'NEW' && walk.at(-1) === 'COMPLETED' && walk.includes('RECORDING'), `the REST API showed ${walk.join(' → ')}`);
    assert(
      order.every((index, at) => index >= 0 && (at === 0 || index > order[at - 1]!)),
      `the statuses went ${walk.join(' → ')}`,
    );
  });

  await checks.check(`the stored file is a real WebM of about ${RECORD_SECONDS} s, byte for byte what the page uploaded`, async () => {
    const { recordingId, uploaded } = needRecording();
    const stored = await download(await session.rest.getVideoUrl(recordingId));
    assert(stored.equals(uploaded), `the stored video (${stored.length} bytes) differs from the upload (${uploaded.length} bytes)`);
    const facts = await probeVideo(stored);
    const described = JSON.stringify(facts);
    assert(facts.container.split(',').includes('webm') && facts.docType === 'webm', `ffprobe does not read a WebM: ${described}`);
    assert(
      facts.video !== undefined && ['vp8', 'vp9'].includes(facts.video.codec) && facts.video.width > 0,
      `no VP8/VP9 video stream: ${described}`,
    );
    // Stop is pressed once the page's timer shows 00:03, so the video is 3 s plus the moment that press takes.
    assert(
      facts.durationSeconds >= RECORD_SECONDS - 0.25 && facts.durationSeconds <= RECORD_SECONDS + 1.5,
      `the video plays ${facts.durationSeconds.toFixed(2)} s, not about ${RECORD_SECONDS} s: ${described}`,
    );
    console.log(
      `     ${stored.length} bytes, ${facts.video!.codec} ${facts.video!.width}×${facts.video!.height} + ${facts.audioCodec ?? 'no audio'}, ${facts.durationSeconds.toFixed(2)} s, ${facts.videoFrames} frames`,
    );
  });

  await checks.check(
    `the stored WebM declares its length, within ${MAX_DECLARED_DRIFT_SECONDS} s of what its frames last, so players show it and can seek`,
    async () => {
      const { recordingId } = needRecording();
      const facts = await probeVideo(await download(await session.rest.getVideoUrl(recordingId)));
      const off = declaredLengthDrift(facts);
      const said = `declares ${facts.declaredSeconds!.toFixed(2)} s, frames ${facts.durationSeconds.toFixed(2)} s (${off.toFixed(2)} s apart)`;
      assert(off <= MAX_DECLARED_DRIFT_SECONDS, `the WebM ${said}`);
      console.log(`     ${said}`);
    },
  );

  await checks.check('ScreenRec calls back the Zap and the n8n workflow with a link that serves that video', async () => {
    const { recordingId, uploaded } = needRecording();
    const notifications = await Promise.all([
      session.zapHook.notificationFor(recordingId),
      session.n8nWebhooks.notificationFor(recordingId),
    ]);
    for (const { result } of notifications.map(videoReadyBodyOf))
      assert((await download(result)).equals(uploaded), `the link ${result} does not serve the uploaded video`);
  });

  await checks.check("the Zap's Video Ready item names the recording, and its video file hydrates to those same bytes", async () => {
    const { recordingId, uploaded } = needRecording();
    const body = videoReadyBodyOf(await session.zapHook.notificationFor(recordingId));
    const { e2e, zapier } = session;
    const [item] = await e2e.run<VideoReadyItem[]>(e2e.operation('triggers', 'videoReady').perform, {
      authData: zapier,
      cleanedRequest: body,
    });
    assert(item?.recordingId === recordingId && item.recording?.status === 'COMPLETED', `the item is ${JSON.stringify(item)}`);
    assert(item.recording?.externalReference === 'browser-ticket-1', `the item's reference is ${item.recording?.externalReference}`);
    const pointer = dehydrated(item.videoFile ?? undefined);
    const fileUrl = await e2e.run<string>(e2e.app.hydrators[pointer.method.slice('hydrators.'.length)], {
      authData: zapier,
      inputData: pointer.bundle,
    });
    const stashed = e2e.files.stashed.at(-1);
    assert(stashed !== undefined && fileUrl.startsWith(e2e.files.url), `Zapier stored no file (hydrator answered ${fileUrl})`);
    assert(
      stashed!.bytes.equals(uploaded),
      `the file Zapier stored (${stashed!.bytes.length} bytes) differs from the upload (${uploaded.length} bytes)`,
    );
    assert(
      stashed!.contentType === 'video/webm' && stashed!.filename === `${recordingId}.webm`,
      `Zapier stored ${stashed!.filename} as ${stashed!.contentType}`,
    );
  });

  await checks.check('the n8n ScreenRec Trigger starts the workflow with those same bytes as binary data', async () => {
    const { recordingId, uploaded } = needRecording();
    // n8n hands webhook() the body and the query of the URL the service called (which carries the trigger's secret).
    const { result, response } = await session.trigger.deliverCaught(await session.n8nWebhooks.notificationFor(recordingId));
    // The trigger answers the service itself (200) before it looks the recording up and downloads the video.
    assert(response.statusCode === 200, `the trigger answered ${String(response.statusCode)}: ${JSON.stringify(response.body)}`);
    const item = result.workflowData?.[0]?.[0];
    assert(
      item?.json.recordingId === recordingId && item.json.status === 'COMPLETED',
      `the workflow's item is ${JSON.stringify(item?.json)}`,
    );
    const file = item!.binary?.data;
    assert(
      file !== undefined && file.mimeType === 'video/webm',
      `the item's binary is ${JSON.stringify(file && { ...file, data: undefined })}`,
    );
    const bytes = Buffer.from(file!.data, 'base64');
    assert(bytes.equals(uploaded), `the video n8n downloaded (${bytes.length} bytes) differs from the upload (${uploaded.length} bytes)`);
  });
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Zapier's dehydration pointer: `hydrate|||{"type":"file","method":"hydrators.x","bundle":{…}}|||hydrate`. */
function dehydrated(pointer: string | undefined): { method: string; bundle: Record<string, unknown> } {
  const json = /^hydrate\|\|\|(.*)\|\|\|hydrate$/s.exec(pointer ?? '')?.[1];
  if (json === undefined) throw new Error(`the item's videoFile is not a Zapier file pointer: ${pointer}`);
  const parsed = JSON.parse(json) as { type: string; method: string; bundle: Record<string, unknown> };
  if (parsed.type !== 'file' || !parsed.method.startsWith('hydrators.'))
    throw new Error(`the pointer does not name a file hydrator: ${json}`);
  return parsed;
}
