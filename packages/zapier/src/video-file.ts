import type { Bundle, ZObject } from 'zapier-platform-core';
import { restClient } from './clients';
import { withZapierErrors } from './errors';

/**
 * Runs only when a later step asks for the file: it asks ScreenRec for a fresh pre-signed link first,
 * so a link that expired since the trigger fired never breaks the Zap.
 */
export const hydrateVideoFile = withZapierErrors(async (z: ZObject, bundle: Bundle<{ recordingId?: string }>): Promise<string> => {
  const videoUrl = await restClient(z, bundle).getVideoUrl(bundle.inputData.recordingId ?? '');
  return z.stashFile(z.request({ url: videoUrl, raw: true }));
});

/** A file pointer Zapier resolves through hydrateVideoFile. */
export function dehydrateVideoFile(z: ZObject, recordingId: string): string {
  return z.dehydrateFile(hydrateVideoFile, { recordingId });
}
