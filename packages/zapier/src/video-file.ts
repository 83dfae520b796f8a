import { isSuccess, requestAbort, videoDownloadUrl, videoHostFailure } from 'screenrec';
import type { Bundle, HttpRequestOptions, ZObject } from 'zapier-platform-core';
import { restClient } from './clients';
import { performStep } from './step';
import { videoHost } from './video-host';

/** zapier-platform-core hands `signal` on to its fetch, though its request type does not name it. */
type RawVideoRequest = HttpRequestOptions & { url: string; raw: true; signal: AbortSignal };

/**
 * Runs only when a later step asks for the file, and only for a recording ScreenRec confirmed: it asks for a fresh
 * pre-signed link first, so a link that expired since the trigger fired never breaks the Zap. That link is the one
 * request that may leave the Service URL's host (video storage may live elsewhere): it carries no credential, only
 * its own signature, a redirect is not followed, and core refuses links to private or loopback addresses, written out
 * or resolved (videoHost). The name is resolved again when the fetch connects: a resolver answering a public address
 * to the check and a private one to the fetch is not caught here (that needs an `agent` whose lookup refuses private
 * addresses, which z.request would hand to its fetch; not built).
 */
export const hydrateVideoFile = performStep(
  async (z: ZObject, bundle: Bundle<{ recordingId?: string }>, step): Promise<string> => {
    const recordingId = (bundle.inputData.recordingId ?? '').trim();
    const link = await videoDownloadUrl({ videoUrl: '', recordingId }, restClient(z, bundle), bundle.authData.baseUrl ?? '', {
      ...step.call,
      resolveHost: (hostname) => videoHost.resolve(hostname),
    });
    // The fetch and the upload end by the step's deadline; the timer goes when they do.
    const abort = requestAbort({ timeoutMs: Math.max(0, step.deadline - Date.now()) });
    try {
      const request: RawVideoRequest = {
        url: link,
        method: 'GET',
        raw: true,
        redirect: 'manual',
        skipThrowForStatus: true,
        signal: abort.signal,
      };
      const video = await z.request(request);
      if (!isSuccess(video.status)) throw videoHostFailure(video.status);
      return await z.stashFile(Promise.resolve(video));
    } catch (error) {
      throw abort.signal.aborted ? step.deadlineError('fetching the video') : error;
    } finally {
      abort.release();
    }
  },
  { recordingId: 'Recording ID' },
);

type Hydrator = typeof hydrateVideoFile;

/**
 * Zapier finds a hydrator by identity in the app it compiled. The built app's definition lists a stand-in that loads
 * the app on its first call (scripts/lazy-definition.js), and file pointers then name that stand-in.
 */
let listedHydrator: Hydrator = hydrateVideoFile;

export function listHydrator(standIn: Hydrator): void {
  listedHydrator = standIn;
}

/** A file pointer Zapier resolves through hydrateVideoFile. */
export function dehydrateVideoFile(z: ZObject, recordingId: string): string {
  return z.dehydrateFile(listedHydrator, { recordingId });
}
