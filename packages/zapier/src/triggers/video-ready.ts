import { parseVideoReady, type Recording, type VideoReady } from '@screenrec/core';
import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, hookClient, restClient } from '../clients';
import { withZapierErrors } from '../errors';
import { recordingFilter } from '../fields';
import { lookUpRecording, recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { dehydrateVideoFile } from '../video-file';
import sample from './video-ready.sample.json';

export interface VideoReadyItem {
  /** The video link without its signature: the same however often the link is re-signed. */
  id: string;
  videoUrl: string;
  receivedAt: string;
  recordingId: string | null;
  /** Only with REST credentials, when the recording is found. */
  recording?: RecordingOutput;
  /** Only with REST credentials: a file that is fetched through a fresh link when a later step needs it. */
  videoFile?: string;
}

/** How many finished recordings stand in as samples while a Zap is being set up. */
const SAMPLE_COUNT = 3;

/** Zapier keeps what this returns and hands it to performUnsubscribe as bundle.subscribeData (typed `{ id }`). */
export const performSubscribe = withZapierErrors(async (z: ZObject, bundle: Bundle) => {
  const { subscriptionId } = await hookClient(z, bundle).subscribe(bundle.targetUrl ?? '');
  return { id: subscriptionId, subscriptionId };
});

export const performUnsubscribe = withZapierErrors(async (z: ZObject, bundle: Bundle) => {
  return hookClient(z, bundle).unsubscribe(bundle.subscribeData?.id ?? '');
});

export const perform = withZapierErrors(async (z: ZObject, bundle: Bundle): Promise<VideoReadyItem[]> => {
  const video = parseVideoReady(bundle.cleanedRequest);
  return [await videoReadyItem(z, bundle, video)];
});

/** Samples for the Zap editor: without REST credentials there are none, and Zapier shows the static sample. */
export const performList = withZapierErrors(async (z: ZObject, bundle: Bundle): Promise<VideoReadyItem[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const rest = restClient(z, bundle);
  const finished = await rest.collectRecordings(recordingFilter({ statuses: ['COMPLETED'] }), { limit: SAMPLE_COUNT });
  const items: VideoReadyItem[] = [];
  for (const recording of finished) {
    const video = parseVideoReady({ result: await rest.getVideoUrl(recording.id) });
    items.push(await videoReadyItem(z, bundle, video, recording));
  }
  return items;
});

async function videoReadyItem(z: ZObject, bundle: Bundle, video: VideoReady, known?: Recording): Promise<VideoReadyItem> {
  const recordingId = video.recordingId ?? known?.id ?? null;
  const item: VideoReadyItem = { id: video.videoKey, videoUrl: video.videoUrl, receivedAt: new Date().toISOString(), recordingId };
  if (recordingId === null || !hasRestCredentials(bundle)) return item;
  const recording = known ?? (await lookUpRecording(restClient(z, bundle), recordingId));
  if (recording !== undefined) item.recording = recordingOutput(recording);
  item.videoFile = dehydrateVideoFile(z, recordingId);
  return item;
}

export default defineTrigger({
  key: 'videoReady',
  noun: 'Video',
  display: {
    label: 'Video Ready',
    description:
      'Triggers instantly when a recording is finished and its video is ready, for example to save the video to Google Drive or post its link in Slack.',
  },
  operation: {
    type: 'hook',
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample,
    outputFields: [
      { key: 'id', label: 'Video ID', type: 'string' },
      { key: 'videoUrl', label: 'Video URL (temporary link)', type: 'string' },
      { key: 'receivedAt', label: 'Received At', type: 'datetime' },
      { key: 'recordingId', label: 'Recording ID', type: 'string' },
      { key: 'videoFile', label: 'Video File (needs API key)', type: 'file' },
      ...recordingOutputFields('recording__', 'Recording: '),
    ],
  },
});
