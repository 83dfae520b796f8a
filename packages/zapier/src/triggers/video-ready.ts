import { identifyVideo, parseVideoReady, type IdentifiedVideo, type Recording } from '@screenrec/core';
import { defineInputFields, defineTrigger, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, hookClient, optionalRestClient, restClient } from '../clients';
import { FILTER_FIELD_LABELS, TAG_DROPDOWN, cleanList, cleanText, directionChoices, recordingFilter } from '../fields';
import { UNKNOWN_RECORDING, recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import { dehydrateVideoFile } from '../video-file';
import sample from './video-ready.sample.json';

const NEEDS_REST = 'Needs the Workspace ID and API Key in the connection, since the notification itself carries only the video link.';

const inputFields = defineInputFields([
  {
    key: 'tags',
    label: 'Only With Tags',
    list: true,
    required: false,
    dynamic: TAG_DROPDOWN,
    helpText: `Trigger only for recordings with at least one of these tags, for example \`support\`. Leave empty for every recording. ${NEEDS_REST}`,
  },
  {
    key: 'direction',
    label: 'Only Direction',
    required: false,
    choices: directionChoices,
    helpText: `Trigger only for requested recordings (\`REQUEST\`) or only for your own (\`RESPONSE\`). Leave empty for both. ${NEEDS_REST}`,
  },
]);

type VideoReadyBundle = Bundle<InferInputData<typeof inputFields>>;

export interface VideoReadyItem {
  /** The video's stable identity: its link without the query string, the same however often the link is re-signed. */
  videoKey: string;
  /**
   * The same as videoKey: Zapier expects an `id` on every trigger item (it deduplicates by it only when polling; a
   * hook delivered twice runs the Zap twice, with the same id to filter on).
   */
  id: string;
  videoUrl: string;
  receivedAt: string;
  /** Only when ScreenRec confirmed which recording the video belongs to. */
  recordingId: string | null;
  /**
   * Every item has both, so the sample holds only what every connection's Zap gets: the recording's fields are
   * empty unless REST credentials confirmed it; the file (fetched through a fresh link when a later step needs it) is
   * null unless the recording is confirmed.
   */
  recording: RecordingOutput | typeof UNKNOWN_RECORDING;
  videoFile: string | null;
  /** Why the recording's details are missing, in words for the user; null when there is nothing to explain. */
  detailsError: string | null;
}

interface VideoFilter {
  tags: string[];
  direction: string | undefined;
}

function filterOf(bundle: VideoReadyBundle): VideoFilter {
  return { tags: cleanList(bundle.inputData.tags), direction: cleanText(bundle.inputData.direction)?.trim() };
}

function filters(filter: VideoFilter): boolean {
  return filter.tags.length > 0 || filter.direction !== undefined;
}

function matches(recording: Recording, filter: VideoFilter): boolean {
  const tagged = filter.tags.length === 0 || recording.tags.some((tag) => filter.tags.includes(tag));
  return tagged && (filter.direction === undefined || recording.direction === filter.direction);
}

const FILTER_NEEDS_REST =
  'The "Only With Tags" and "Only Direction" options need the Workspace ID and API Key in the connection: reconnect ScreenRec and fill them in, or clear the options.';

/** Zapier keeps what this returns and hands it to performUnsubscribe as bundle.subscribeData (typed `{ id }`). */
export const performSubscribe = performStep(async (z: ZObject, bundle: VideoReadyBundle, step) => {
  if (filters(filterOf(bundle)) && !hasRestCredentials(bundle)) throw new z.errors.Error(FILTER_NEEDS_REST, 'REST_NOT_CONFIGURED');
  const { subscriptionId } = await hookClient(z, bundle).subscribe(bundle.targetUrl ?? '', step.call);
  return { id: subscriptionId, subscriptionId };
});

export const performUnsubscribe = performStep(async (z: ZObject, bundle: Bundle, step) => {
  return hookClient(z, bundle).unsubscribe(bundle.subscribeData?.id ?? '', step.call);
});

/**
 * The notification is only `{ "result": "<video link>" }`. Core confirms the recording with ScreenRec when REST
 * credentials are there; whatever that lookup does, the item is delivered (with the reason when details are
 * missing), so a notification is never lost. Only an unreadable body fails.
 */
export const perform = performStep(async (z: ZObject, bundle: VideoReadyBundle, step): Promise<VideoReadyItem[]> => {
  const identified = await identifyVideo(bundle.cleanedRequest, optionalRestClient(z, bundle), step.call);
  const filter = filterOf(bundle);
  if (identified.recording !== null && filters(filter) && !matches(identified.recording, filter)) return [];
  const item = videoReadyItem(z, identified, new Date().toISOString());
  if (filters(filter) && identified.recording === null) {
    const why = item.detailsError ?? 'ScreenRec did not confirm which recording this video belongs to.';
    item.detailsError = `${why} The "Only With Tags" and "Only Direction" options could not be checked, so the video is passed on.`;
  }
  return [item];
});

const SAMPLE_COUNT = 3;

/** Samples for the Zap editor: without REST credentials there are none, and Zapier shows the static sample. */
export const performList = performStep(async (z: ZObject, bundle: VideoReadyBundle, step): Promise<VideoReadyItem[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const rest = restClient(z, bundle);
  const filter = filterOf(bundle);
  const finished = await rest.collectRecordings(
    recordingFilter({
      statuses: ['COMPLETED'],
      tags: filter.tags,
      ...(filter.direction === undefined ? {} : { direction: filter.direction }),
    }),
    { limit: SAMPLE_COUNT, ...step.call },
  );
  const items: VideoReadyItem[] = [];
  for (const recording of finished) {
    // The recording is known from the list, so the fresh link needs no identification: only its dedupe key.
    const video = parseVideoReady({ result: await rest.getVideoUrl(recording.id, step.call) });
    const identified: IdentifiedVideo = {
      videoUrl: video.videoUrl,
      videoKey: video.videoKey,
      recordingId: recording.id,
      recording,
      detailsError: null,
    };
    items.push(videoReadyItem(z, identified, new Date().toISOString()));
  }
  return items;
}, FILTER_FIELD_LABELS);

function videoReadyItem(z: ZObject, identified: IdentifiedVideo, receivedAt: string): VideoReadyItem {
  return {
    videoKey: identified.videoKey,
    id: identified.videoKey,
    videoUrl: identified.videoUrl,
    receivedAt,
    recordingId: identified.recordingId,
    recording: identified.recording === null ? UNKNOWN_RECORDING : recordingOutput(identified.recording),
    // A file is bound to a recording only once ScreenRec confirmed it: never to an id guessed from a link.
    videoFile: identified.recordingId === null ? null : dehydrateVideoFile(z, identified.recordingId),
    detailsError: identified.detailsError,
  };
}

export default defineTrigger({
  key: 'videoReady',
  noun: 'Video',
  display: {
    label: 'Video Ready',
    description: "Triggers when a recording's video is ready, for example to save it to Google Drive or post its link in Slack.",
  },
  operation: {
    type: 'hook',
    inputFields,
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample,
    outputFields: [
      { key: 'videoKey', label: 'Video Key (the link without its signature)', type: 'string' },
      // Output fields take no help text: the label says why the value is here twice.
      { key: 'id', label: 'Video ID (same as Video Key)', type: 'string' },
      { key: 'videoUrl', label: 'Video URL (temporary link)', type: 'string' },
      { key: 'receivedAt', label: 'Received At', type: 'datetime' },
      { key: 'recordingId', label: 'Recording ID', type: 'string' },
      { key: 'videoFile', label: 'Video File (empty without the API key or a confirmed recording)', type: 'file' },
      { key: 'detailsError', label: 'Why Recording Details Are Missing', type: 'string' },
      ...recordingOutputFields('recording__', 'Recording (empty without the API key): '),
    ],
  },
});
