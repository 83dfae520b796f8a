/**
 * `npm run test:browser`: a real participant in Debian's headless Chromium (fake screen and microphone) opens the
 * link the Zapier app's Create Recording returned, records 3 s of screen, stops and uploads; then the stored file,
 * the status walk, the callbacks, Zapier's video file and the n8n trigger's download are checked, and each error
 * the page can meet (screen sharing refused, upload failing, leaving mid-upload), and a participant whose CPU is
 * throttled 4× and 20× meeting a 503 and sending again, whose WebM must still declare its length. A line per check,
 * then one summary line "test:browser: N passed, M failed (T s)"; exits non-zero on any failure. Installs Chromium
 * and ffmpeg with apt-get when missing; stops every process it started. Screenshots: .cache/browser/*.png.
 */
import { rmSync } from 'node:fs';
import { Checks } from '../support/checks';
import { shutDownN8nContexts } from '../support/n8n-contexts';
import { ensureDebianPackages } from './machine';
import { pageErrorChecks } from './page-error-checks';
import { SCREENSHOTS } from './participant';
import { recordingChecks } from './recording-checks';
import { slowParticipantChecks } from './slow-participant-checks';
import { startSession, type Session } from './session';

/** CI gives this script 10 minutes; the checks take well under one. Past this, something hangs: stop and say so. */
const CHECKS_BUDGET_MS = 5 * 60_000;

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  let session: Session | undefined;
  const summary = () => checks.summary('test:browser', started);
  try {
    ensureDebianPackages((line) => console.error(line));
    rmSync(SCREENSHOTS, { recursive: true, force: true });
    const watchdog = setTimeout(() => {
      checks.fail('finishing in time', new Error(`the checks were still running after ${CHECKS_BUDGET_MS / 60_000} minutes; stopped`));
      void Promise.resolve(session?.stop()).finally(() => {
        console.log(summary());
        process.exit(1);
      });
    }, CHECKS_BUDGET_MS);
    watchdog.unref();
    session = await startSession();
    await recordingChecks(session, checks);
    await pageErrorChecks(session, checks);
    await slowParticipantChecks(session, checks);
    clearTimeout(watchdog);
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    await session?.stop();
    shutDownN8nContexts();
  }
  console.log(summary());
  process.exitCode = checks.exitCode();
}

// zapier-platform-core's appTester prints a memory report after every call unless it knows it is testing.
process.env.NODE_ENV ||= 'test';
void main();
