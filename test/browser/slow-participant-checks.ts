import assert from 'node:assert/strict';
import type { Checks } from '../support/checks';
import { answerUploadsWith503, expectRetrySendsTheSameVideo, expectSaid503, storedVideo } from './page-error-checks';
import { Participant } from './participant';
import type { Session } from './session';
import { MAX_DECLARED_DRIFT_SECONDS, declaredLengthDrift, probeVideo } from './webm-probe';

/**
 * How many times slower the page's CPU runs (DevTools' Emulation.setCPUThrottlingRate): an older laptop, and one
 * so busy that the page's events run seconds late while the browser's recorder keeps time.
 */
const SLOWDOWNS = [4, 20];
const RECORD_SECONDS = 3;

/**
 * A participant on a slow computer records, the first upload meets a 503, and Send again sends it: the stored WebM
 * is the first attempt's bytes and declares what its frames last.
 */
export async function slowParticipantChecks(session: Session, checks: Checks): Promise<void> {
  for (const rate of SLOWDOWNS) {
    await checks.check(
      `on a ${rate}× slower CPU: after a 503, Send again sends the recording, whose WebM declares what its frames last`,
      async () => {
        const created = await session.createRecording(`browser-slow-${rate}`);
        const participant = await Participant.open(session.browser, created.url, `slow-${rate}x`);
        try {
          const devtools = await participant.page.context().newCDPSession(participant.page);
          await devtools.send('Emulation.setCPUThrottlingRate', { rate });
          const { firstAttempt } = await answerUploadsWith503(session, participant);
          await participant.press('Start recording');
          await participant.waitForStatus('Recording…');
          await participant.waitForTimer(`00:0${RECORD_SECONDS}`);
          await participant.press('Stop and send');
          await expectSaid503(participant);
          await expectRetrySendsTheSameVideo(session, participant, created.id, await firstAttempt);

          const facts = await probeVideo(await storedVideo(session, created.id));
          const off = declaredLengthDrift(facts);
          const said = `declares ${facts.declaredSeconds!.toFixed(2)} s, frames ${facts.durationSeconds.toFixed(2)} s (${off.toFixed(2)} s apart)`;
          assert(off <= MAX_DECLARED_DRIFT_SECONDS, `at ${rate}× the WebM ${said}`);
          console.log(`     ${rate}×: ${said}`);
        } finally {
          await participant.page.close().catch(() => undefined);
        }
      },
    );
  }
}
