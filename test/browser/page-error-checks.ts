import assert from 'node:assert/strict';
import type { Route } from 'playwright-core';
import type { Checks } from '../support/checks';
import { launchChromium } from './chromium';
import { Participant, isUpload } from './participant';
import type { Session } from './session';

/** Start recording, about a second of screen, Stop and send: what every error check needs first. */
async function recordBriefly(participant: Participant): Promise<void> {
  await participant.press('Start recording');
  await participant.waitForStatus('Recording…');
  await participant.waitForTimer('00:01');
  await participant.press('Stop and send');
}

/** The video the service stored for a recording, fetched through a fresh link. */
export async function storedVideo(session: Session, recordingId: string): Promise<Buffer> {
  const response = await fetch(await session.rest.getVideoUrl(recordingId));
  return Buffer.from(await response.arrayBuffer());
}

/**
 * After a failed send, the page keeps the video and offers Send again: pressing it sends the same bytes without
 * asking to share the screen again, and the recording completes.
 */
export async function expectRetrySendsTheSameVideo(
  session: Session,
  participant: Participant,
  recordingId: string,
  firstAttempt: Buffer | null,
): Promise<void> {
  assert(await participant.visible('resend'), 'the page does not offer Send again');
  assert(!(await participant.visible('start')), 'the page asks to record again instead of sending the same video again');
  const status = await session.statusOf(recordingId);
  assert(status === 'RECORDING', `after the failed send the recording is ${status}, not RECORDING`);
  await participant.page.unrouteAll();
  await participant.press('Send again');
  await participant.waitForStatus('Thank you! Your recording was sent.');
  assert((await participant.screenCaptures()) === 1, `the page asked to share the screen ${await participant.screenCaptures()} times`);
  assert((await session.statusOf(recordingId)) === 'COMPLETED', 'the recording did not complete after Send again');
  const stored = await storedVideo(session, recordingId);
  assert(
    firstAttempt !== null && stored.equals(firstAttempt),
    `the stored video (${stored.length} bytes) is not the one the failed attempt carried (${firstAttempt?.length} bytes)`,
  );
}

/**
 * Sends every upload to the session's overloaded service, which reads it whole and answers 503, until the check
 * unroutes; `firstAttempt` resolves with the body of the first one, as the page sent it.
 */
export async function answerUploadsWith503(session: Session, participant: Participant): Promise<{ firstAttempt: Promise<Buffer | null> }> {
  let sent: (body: Buffer | null) => void = () => undefined;
  const firstAttempt = new Promise<Buffer | null>((resolve) => (sent = resolve));
  await participant.page.route(isUpload, async (route: Route) => {
    sent(route.request().postDataBuffer());
    await route.continue({ url: session.unavailableUrl });
  });
  return { firstAttempt };
}

/** What the page says after a 503, word for word. */
export async function expectSaid503(participant: Participant): Promise<void> {
  const said = await participant.waitForStatus('could not be sent');
  assert(
    said ===
      'Your recording could not be sent: ScreenRec had a problem (error 503). Your recording is kept on this page: wait a moment, then press Send again.',
    `the page says "${said}"`,
  );
}

/** The page's error paths, each with what the participant reads and what they can do next. */
export async function pageErrorChecks(session: Session, checks: Checks): Promise<void> {
  await checks.check(
    'screen sharing refused: the page says nothing was recorded and how to allow it, and offers Start recording again',
    async () => {
      const created = await session.createRecording('browser-refused');
      const refusing = await launchChromium('refused');
      try {
        const participant = await Participant.open(refusing, created.url, 'refused');
        await participant.press('Start recording');
        const said = await participant.waitForStatus('Screen sharing was not allowed');
        assert(
          said ===
            'Screen sharing was not allowed, so nothing was recorded. Press Start recording and choose a screen, window or tab to share. If your browser does not ask, allow screen sharing for this page in its site settings.',
          `the page says "${said}"`,
        );
        assert(
          (await participant.visible('start')) && (await participant.page.locator('#start').isEnabled()),
          'Start recording is not offered again',
        );
        assert(!(await participant.visible('stop')), 'the page shows Stop and send although nothing records');
        await participant.screenshot('1-refused');
        assert(participant.uploads.length === 0, 'the page uploaded something');
        const status = await session.statusOf(created.id);
        assert(status === 'NEW', `the recording is ${status}, not NEW`);
        assert((await participant.tryToLeave()) === undefined, 'closing the tab asked "Leave site?" although there is nothing to lose');
      } finally {
        await refusing.close();
      }
    },
  );

  await checks.check('the service answers the upload with 503: the page says so, keeps the video, and Send again sends it', async () => {
    const created = await session.createRecording('browser-503');
    const participant = await Participant.open(session.browser, created.url, 'upload-503');
    try {
      const { firstAttempt } = await answerUploadsWith503(session, participant);
      await recordBriefly(participant);
      await expectSaid503(participant);
      await participant.screenshot('1-failed');
      await expectRetrySendsTheSameVideo(session, participant, created.id, await firstAttempt);
      await participant.screenshot('2-sent-again');
    } finally {
      await participant.page.close();
    }
  });

  await checks.check('the connection drops during the upload: the page says so, keeps the video, and Send again sends it', async () => {
    const created = await session.createRecording('browser-dropped');
    const participant = await Participant.open(session.browser, created.url, 'upload-dropped');
    try {
      let firstAttempt: Buffer | null = null;
      await participant.page.route(isUpload, async (route: Route) => {
        firstAttempt = route.request().postDataBuffer();
        await route.abort('connectionreset');
      });
      await recordBriefly(participant);
      const said = await participant.waitForStatus('could not be sent');
      assert(
        said ===
          'Your recording could not be sent: the connection to ScreenRec was lost. Your recording is kept on this page: check your internet connection, then press Send again.',
        `the page says "${said}"`,
      );
      await participant.screenshot('1-failed');
      await expectRetrySendsTheSameVideo(session, participant, created.id, firstAttempt);
    } finally {
      await participant.page.close();
    }
  });

  await checks.check('leaving while recording or sending: the browser asks first, and staying lets the send finish', async () => {
    const created = await session.createRecording('browser-leaving');
    const participant = await Participant.open(session.browser, created.url, 'leaving');
    let release: () => void = () => undefined;
    try {
      const held = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) =>
        participant.page.route(isUpload, async (route: Route) => {
          resolve();
          await held;
          await route.continue();
        }),
      );
      await participant.press('Start recording');
      await participant.waitForStatus('Recording…');
      const askedWhileRecording = await participant.tryToLeave();
      assert(askedWhileRecording?.type() === 'beforeunload', 'closing the tab while recording closed it without asking');
      await participant.waitForTimer('00:01');
      await participant.press('Stop and send');
      await arrived;
      const said = await participant.waitForStatus('Sending your recording');
      assert(/^Sending your recording \(\d+ kB\)… Keep this page open until it says it was sent\.$/.test(said), `the page says "${said}"`);
      await participant.screenshot('1-sending');

      const asked = await participant.tryToLeave();
      assert(
        asked?.type() === 'beforeunload',
        `closing the tab mid-upload ${asked === undefined ? 'closed it without asking' : `showed a ${asked.type()} dialog`}`,
      );
      assert(!participant.page.isClosed(), 'the tab closed although the participant chose to stay');

      release();
      await participant.waitForStatus('Thank you! Your recording was sent.');
      assert((await session.statusOf(created.id)) === 'COMPLETED', 'the recording did not complete after the participant stayed');
      assert((await participant.tryToLeave()) === undefined, 'closing the tab after the video was sent still asked "Leave site?"');
    } finally {
      release();
      await participant.page.close().catch(() => undefined);
    }
  });
}
