import path from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext, FrameLocator } from 'playwright-core';
import type { Recording } from 'screenrec';
import { Checks, expectThat } from '../support/checks';
import { REPO_ROOT } from '../support/reference-server';
import { watchVideo } from './video';

interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const result = (structuredContent: Record<string, unknown>): ToolResult => ({
  content: [{ type: 'text', text: 'the text a client without MCP Apps shows' }],
  structuredContent,
});

/** The host page's script: ext-apps's AppBridge, bundled for the browser (its dist imports bare package names). */
async function bridgePageScript(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [path.join(REPO_ROOT, 'test/mcp-inspector-web/page/bridge-page.mts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return outputFiles[0]!.text;
}

/**
 * The card hosted by ext-apps's own AppBridge in Chromium, given each kind of result its tools return: what a person
 * sees for a new recording, one being processed, a completed one (the card asks the host for the video's link and
 * plays it) and a failed call.
 */
export async function bridgeChecks(
  checks: Checks,
  context: BrowserContext,
  cardHtml: string,
  completed: Recording,
  videoUrl: string,
): Promise<void> {
  const page = await context.newPage();
  const toolCalls: { name: string; args: unknown }[] = [];
  try {
    await page.exposeFunction('cardToolCall', (name: string, args: unknown): ToolResult => {
      toolCalls.push({ name, args });
      if (name === 'get_video_url') return result({ recordingId: completed.id, videoUrl });
      if (name === 'get_recording') return result(completed);
      return { content: [{ type: 'text', text: `no tool ${name} here` }], isError: true };
    });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: await bridgePageScript() });
    const card: FrameLocator = page.frameLocator('iframe');
    const show = async (shown: ToolResult) => {
      toolCalls.length = 0;
      await page.evaluate(`window.showCard(${JSON.stringify(cardHtml)}, ${JSON.stringify(shown)})`);
    };
    const phase = () => card.locator('#card').getAttribute('data-phase');

    for (const status of ['NEW', 'PROCESSING'] as const) {
      await checks.check(`the card shows a ${status} recording as waiting, with its facts and no video`, async () => {
        await show(result({ ...completed, status }));
        await card.locator('#card[data-phase="waiting"]').waitFor({ timeout: 10_000 });
        const label = status === 'NEW' ? 'New' : 'Processing';
        expectThat((await card.locator('.status').innerText()) === label, `the status reads ${await card.locator('.status').innerText()}`);
        const waiting = await card.locator('.waiting').innerText();
        expectThat(waiting.includes(`(${label.toLowerCase()})`), `the waiting line reads "${waiting}"`);
        const tags = await card.locator('.tag').allInnerTexts();
        expectThat(JSON.stringify(tags) === JSON.stringify(completed.tags), `the tags read ${JSON.stringify(tags)}`);
        expectThat((await card.locator('video').count()) === 0, 'a video is shown before the recording is completed');
        expectThat(toolCalls.length === 0, `the card called ${JSON.stringify(toolCalls)} for a recording with no video yet`);
      });
    }

    await checks.check('the card asks the host for the video of a COMPLETED recording and plays it', async () => {
      await show(result({ recordingId: completed.id, completed: true, recording: completed }));
      const playback = await watchVideo(card.locator('video'));
      expectThat(
        JSON.stringify(toolCalls) === JSON.stringify([{ name: 'get_video_url', args: { recordingId: completed.id } }]),
        `the card called ${JSON.stringify(toolCalls)}`,
      );
      const src = await card.locator('video').getAttribute('src');
      expectThat(src === videoUrl, `the video plays ${src}`);
      expectThat(playback.advancedSeconds > 0.3, `the video time moved ${playback.advancedSeconds} s in a second`);
      expectThat((await phase()) === 'video', `the card's phase is ${await phase()}`);
    });

    await checks.check("get_video_url's link alone: the card asks the host for the recording's details and plays the link", async () => {
      await show(result({ recordingId: completed.id, videoUrl }));
      const playback = await watchVideo(card.locator('video'));
      expectThat(playback.advancedSeconds > 0.3, `the video time moved ${playback.advancedSeconds} s in a second`);
      await card.locator('.status', { hasText: 'Completed' }).waitFor({ timeout: 10_000 });
      expectThat(
        JSON.stringify(toolCalls) === JSON.stringify([{ name: 'get_recording', args: { recordingId: completed.id } }]),
        `the card called ${JSON.stringify(toolCalls)}`,
      );
    });

    await checks.check("the card shows a failed call's message", async () => {
      const message = 'ScreenRec has no recording with this ID. Check the recording ID.';
      await show({ content: [{ type: 'text', text: message }], isError: true });
      await card.locator('#card[data-phase="error"]').waitFor({ timeout: 10_000 });
      const shown = await card.locator('.error').innerText();
      expectThat(shown === message, `the card reads "${shown}"`);
    });
  } finally {
    await page.close();
  }
}
