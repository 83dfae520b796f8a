import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { NEWEST_FIRST, OPERATIONS, type RestClient } from 'screenrec';
import type { Browser } from '../browser/chromium';
import { Participant } from '../browser/participant';
import { Checks, expectThat } from '../support/checks';
import { REPO_ROOT } from '../support/reference-server';
import { waitUntil } from '../support/wait';
import type { RunningInspector } from './inspector';
import { watchVideo } from './video';

/** This run's last screen, the card playing the video; kept for people to look at after the run. */
export const SCREENSHOT = path.join(REPO_ROOT, '.cache/mcp-inspector-web/card-playing.png');
/**
 * The README's picture of the Inspector: that screen, replaced only with MCP_INSPECTOR_README_PICTURE=1 (Chromium's
 * PNG bytes differ from run to run, so a run leaves the tree as it was unless asked).
 */
export const README_PICTURE = path.join(REPO_ROOT, 'docs/images/mcp-inspector-tools.png');

const SERVER_NAME = 'screenrec';
const REQUEST = { direction: 'REQUEST', tags: ['support', 'checkout'], comment: 'Checkout page freezes after payment' };
/** How long the participant records: the video still plays while the check watches it. */
const RECORD_SECONDS = 8;
const REQUEST_TOOL = OPERATIONS.requestRecording.name;
const WAIT_TOOL = OPERATIONS.waitForVideo.name;

export interface InspectorRun {
  browser: Browser;
  inspector: RunningInspector;
  rest: RestClient;
  serviceUrl: string;
}

/**
 * The Inspector's web client as a person uses it: connects to our server, runs Request Recording by Email from the
 * Apps tab (the card shows the new recording), a participant records and sends their screen on the recording page,
 * then Wait for Video shows the card again, now playing the video. Returns the recording's ID. The Inspector lists
 * each tool by its title, the catalogue's name of its operation.
 */
export async function inspectorChecks(checks: Checks, { browser, inspector, rest, serviceUrl }: InspectorRun): Promise<string | undefined> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1400, height: 1010 });
  let recordingId: string | undefined;
  try {
    await checks.check('the Inspector connects to the built server and lists its apps', async () => {
      await page.goto(inspector.url);
      await page.getByRole('switch', { name: `Connect or disconnect "${SERVER_NAME}"` }).check({ force: true });
      await page.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
      await tab(page, 'Apps');
      await page.getByText('MCP Apps (5)').waitFor({ timeout: 10_000 });
    });

    await checks.check(`${REQUEST_TOOL} opens the card with the new recording`, async () => {
      const card = await openApp(page, REQUEST_TOOL, REQUEST);
      await card.locator('#card[data-phase="waiting"]').waitFor({ timeout: 30_000 });
      const status = await card.locator('.status').innerText();
      expectThat(status === 'New', `the card's status reads ${status}`);
      const title = await card.locator('.title').innerText();
      const newest = (await rest.listRecordings({ ...NEWEST_FIRST, pageSize: 1 })).content[0];
      expectThat(newest !== undefined && title === `Recording ${newest.id.slice(0, 8)}`, `the card is titled "${title}"`);
      recordingId = newest.id;
    });
    if (recordingId === undefined) return undefined;
    const id = recordingId;

    await checks.check(`a participant records ${RECORD_SECONDS} s of screen on the recording page and sends it`, async () => {
      const participant = await Participant.open(browser, `${serviceUrl}/r/${id}`, 'inspector-participant');
      try {
        await participant.press('Start recording');
        await participant.waitForTimer(`00:0${RECORD_SECONDS}`);
        await participant.press('Stop and send');
        await participant.waitForStatus('Thank you! Your recording was sent.');
      } finally {
        await participant.page.close();
      }
      expectThat((await rest.getRecording(id)).status === 'COMPLETED', 'the recording is not COMPLETED after the upload');
    });

    await checks.check(`${WAIT_TOOL} shows the card playing the video`, async () => {
      const card = await openApp(page, WAIT_TOOL, { recordingId: id, maxWaitSeconds: 30 });
      const playback = await watchVideo(card.locator('video'));
      expectThat(playback.width > 0 && playback.height > 0, `the video is ${playback.width}×${playback.height}`);
      expectThat(playback.advancedSeconds > 0.3, `the video time moved ${playback.advancedSeconds} s in a second`);
      const status = await card.locator('.status').innerText();
      expectThat(status === 'Completed', `the card's status reads ${status}`);
      mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      if (process.env.MCP_INSPECTOR_README_PICTURE === '1') copyFileSync(SCREENSHOT, README_PICTURE);
    });
  } finally {
    await page.close();
  }
  return recordingId;
}

/** One of the page's top tabs (Servers, Apps, Tools, …), a segmented control. */
async function tab(page: Page, name: string): Promise<void> {
  await page.locator('label.mantine-SegmentedControl-label', { hasText: new RegExp(`^${name}$`) }).click();
}

/** Opens an app from the Apps tab with these arguments (typed as JSON) and returns the card's frame once it is there. */
async function openApp(page: Page, title: string, args: Record<string, unknown>): Promise<FrameLocator> {
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await page.getByRole('switch', { name: 'Edit as JSON' }).check({ force: true });
  const editor = page.getByRole('textbox', { name: /Arguments JSON/ });
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(args));
  await page.getByRole('button', { name: 'Open App' }).click({ timeout: 10_000 });
  // The Inspector's sandbox (its own origin) holds the card's frame.
  const card = page.frameLocator('iframe[src*="/sandbox"]').frameLocator('iframe');
  await waitUntil('the card to start', async () => ((await card.locator('#card').count()) > 0 ? true : undefined), {
    timeoutMs: 30_000,
    intervalMs: 200,
  });
  return card;
}
