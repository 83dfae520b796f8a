import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM } from './machine';

/** How the participant answers the browser's "share your screen?" question. */
export type ScreenSharing = 'allowed' | 'refused';

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * Debian's Chromium, headless, in a fresh profile, with fake media devices. `--use-fake-ui-for-media-stream`
 * answers every capture prompt for the participant (with `=deny`, it refuses), and with
 * `--use-fake-device-for-media-stream` getDisplayMedia captures Chromium's synthetic 1280×720 "screen" (a test
 * pattern with a running frame counter) plus a beeping audio track: headless Chromium has no real screen, and
 * `--auto-select-desktop-capture-source` / `--auto-accept-this-tab-capture` alone leave getDisplayMedia waiting
 * for a picker that is never shown. The flags that keep Chromium off the network come from the machine notes:
 * without them it tries Google's hosts at every start.
 */
export async function launchChromium(sharing: ScreenSharing): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'screenrec-browser-profile-'));
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    sharing === 'allowed' ? '--use-fake-ui-for-media-stream' : '--use-fake-ui-for-media-stream=deny',
    '--use-fake-device-for-media-stream',
  ];
  let context: BrowserContext;
  try {
    // Playwright adds --headless and --user-data-dir=<profile> itself.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args,
      viewport: { width: 900, height: 900 },
      timeout: 60_000,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
