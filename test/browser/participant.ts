import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Dialog, Page, Request } from 'playwright-core';
import { REPO_ROOT } from '../support/reference-server';
import type { Browser } from './chromium';

/** Screenshots of what the participant saw, kept for people to look at after the run. */
export const SCREENSHOTS = path.join(REPO_ROOT, '.cache', 'browser');

const WAIT_MS = 30_000;

/** The page's upload request (POST r/{id}/upload, relative to the page). */
export const isUpload = (url: URL) => url.pathname.endsWith('/upload');

/** Counts the page's getDisplayMedia calls (each one is a "share your screen?" prompt), before the page's own script runs. */
const COUNT_CAPTURES = `(() => {
  const original = MediaDevices.prototype.getDisplayMedia;
  window.__screenCaptures = 0;
  MediaDevices.prototype.getDisplayMedia = function (...args) { window.__screenCaptures += 1; return original.apply(this, args); };
})();`;

/**
 * A participant at the recording page in Chromium: reads what the page says and presses its buttons, as a
 * person would. Also notes what the page sent (its upload requests) and any error it logged.
 */
export class Participant {
  /** Every upload the page attempted. */
  readonly uploads: Request[] = [];
  /** The bodies of the uploads that went to the service untouched. */
  readonly uploadedBodies: Buffer[] = [];
  readonly pageErrors: string[] = [];
  readonly dialogs: Dialog[] = [];

  private constructor(
    readonly page: Page,
    private readonly name: string,
  ) {
    page.on('request', (request) => {
      if (request.method() === 'POST' && isUpload(new URL(request.url()))) this.uploads.push(request);
    });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') this.pageErrors.push(message.text());
    });
  }

  /** Opens the link in a new tab; `name` prefixes this participant's screenshots. */
  static async open(browser: Browser, link: string, name: string): Promise<Participant> {
    const page = await browser.context.newPage();
    await page.addInitScript(COUNT_CAPTURES);
    const participant = new Participant(page, name);
    // A pass-through route, only to read what the page sends (Chromium reports no body for a Blob upload otherwise);
    // a check's own route on the upload, registered later, takes precedence.
    await page.route(isUpload, async (route) => {
      participant.uploadedBodies.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      await route.continue();
    });
    const response = await page.goto(link, { timeout: WAIT_MS });
    if (response?.status() !== 200) throw new Error(`the recording link answered ${response?.status()} instead of showing the page`);
    return participant;
  }

  heading = () => this.page.locator('h1').innerText();
  status = () => this.page.locator('#status').innerText();
  timer = () => this.page.locator('#timer').innerText();
  visible = (id: 'intro' | 'start' | 'stop' | 'timer' | 'resend' | 'preview') => this.page.locator(`#${id}`).isVisible();
  screenCaptures = async () => Number(await this.page.evaluate('window.__screenCaptures'));

  press = (label: string) => this.page.getByRole('button', { name: label, exact: true }).click({ timeout: WAIT_MS });

  /** Waits until the status line says `text` (a part of it), and returns the whole line. */
  async waitForStatus(text: string): Promise<string> {
    try {
      await this.page.locator('#status', { hasText: text }).waitFor({ timeout: WAIT_MS });
    } catch {
      throw new Error(`the page never said "${text}"; it says "${await this.status()}"${this.errorsNote()}`);
    }
    return await this.status();
  }

  /** Waits until the recording timer shows `shown` (mm:ss). */
  async waitForTimer(shown: string): Promise<void> {
    try {
      await this.page.locator('#timer', { hasText: shown }).waitFor({ timeout: WAIT_MS });
    } catch {
      throw new Error(`the timer never showed ${shown}; it shows ${await this.timer()}${this.errorsNote()}`);
    }
  }

  /** Saves a full-page screenshot as .cache/browser/<name>-<step>.png and returns its path. */
  async screenshot(step: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${this.name}-${step}.png`);
    await this.page.screenshot({ path: file, fullPage: true });
    return file;
  }

  /**
   * Tries to close the tab as a person does (the browser runs the page's beforeunload first). Resolves with the
   * "Leave site?" dialog when the page asked for one, which the participant answers with Stay; or with undefined
   * once the tab closed without asking.
   */
  async tryToLeave(): Promise<Dialog | undefined> {
    const asked = new Promise<Dialog>((resolve) => this.page.once('dialog', resolve));
    const closed = new Promise<undefined>((resolve) => this.page.once('close', () => resolve(undefined)));
    await this.page.close({ runBeforeUnload: true });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, WAIT_MS, 'timeout')));
    const outcome = await Promise.race([asked, closed, timeout]).finally(() => clearTimeout(timer));
    if (outcome === 'timeout') throw new Error('closing the tab neither asked the participant nor closed it');
    if (outcome !== undefined) {
      this.dialogs.push(outcome);
      await outcome.dismiss();
    }
    return outcome;
  }

  private errorsNote(): string {
    return this.pageErrors.length === 0 ? '' : ` (the page logged: ${this.pageErrors.join(' | ')})`;
  }
}
