import type { Locator } from 'playwright-core';
import { z } from 'zod';
import { waitUntil } from '../support/wait';

export interface Playback {
  width: number;
  height: number;
  /** How far the video's time moved while it was watched. */
  advancedSeconds: number;
}

// Read in the page: the suite's TypeScript has no DOM types, and what a page returns is checked like any input.
const READ_VIDEO = `(video) => ({
  readyState: video.readyState,
  videoWidth: video.videoWidth,
  videoHeight: video.videoHeight,
  currentTime: video.currentTime,
  paused: video.paused,
  error: video.error === null ? null : video.error.code + ' ' + video.error.message,
})`;
const VideoState = z.object({
  readyState: z.number(),
  videoWidth: z.number(),
  videoHeight: z.number(),
  currentTime: z.number(),
  paused: z.boolean(),
  error: z.string().nullable(),
});

const read = async (video: Locator) => VideoState.parse(await video.evaluate(READ_VIDEO));

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
