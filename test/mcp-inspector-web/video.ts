import type { Locator } from 'playwright-core';
import { z } from 'zod';
import { waitUntil } from '../support/wait';

export interface Playback {
  width: number;
  height: number;
  /** How far the video's time moved while it was watched. */
  advancedSeconds: number;
}

/** The <video> as the page has it: the fields read here (the suite's TypeScript has no DOM types). */
interface MediaElement {
  readyState: number;
  videoWidth: number;
  videoHeight: number;
  currentTime: number;
  paused: boolean;
  error: { code: number; message: string } | null;
}

// What a page returns is checked like any other input.
const VideoState = z.object({
  readyState: z.number(),
  videoWidth: z.number(),
  videoHeight: z.number(),
  currentTime: z.number(),
  paused: z.boolean(),
  error: z.string().nullable(),
});

const read = async (video: Locator) =>
  VideoState.parse(
    await video.evaluate((element: MediaElement) => ({
      readyState: element.readyState,
      videoWidth: element.videoWidth,
      videoHeight: element.videoHeight,
      currentTime: element.currentTime,
      paused: element.paused,
      error: element.error === null ? null : `${element.error.code} ${element.error.message}`,
    })),
  );

/**
 * Waits until the <video> has decoded a frame (HAVE_CURRENT_DATA or more, a width) and is playing, then watches its
 * time for a second: a player that shows a still frame, or none, fails here.
 */
export async function watchVideo(video: Locator): Promise<Playback> {
  await video.waitFor({ timeout: 30_000 });
  const ready = await waitUntil(
    'the video to decode a frame and play',
    async (note) => {
      const state = note(await read(video));
      if (state.error !== null) throw new Error(`the video failed to load: ${state.error}`);
      return state.readyState >= 2 && state.videoWidth > 0 && !state.paused ? state : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const later = await read(video);
  return { width: ready.videoWidth, height: ready.videoHeight, advancedSeconds: later.currentTime - ready.currentTime };
}
