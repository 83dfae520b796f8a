import {
  OPERATIONS,
  RECORDING_FIELDS,
  identifyVideo,
  isRefusedVideo,
  parseVideoReady,
  type IdentifiedVideo,
  type Recording,
} from 'screenrec';
import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { EXAMPLE_VIDEO_URL, OTHER_OUTPUTS, stepDescription, stepKey, stepLabel } from '../catalogue-steps';
import { hasRestCredentials, hookClient, optionalRestClient, restClient } from '../clients';
import { FILTER_FIELD_LABELS, cleanList, cleanText, inputField, recordingFilter } from '../fields';
import { SAMPLE_RECORDING, UNKNOWN_RECORDING, recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import { dehydrateVideoFile } from '../video-file';

const NEEDS_REST = 'Needs the Workspace ID and API Key in the connection, since the notification itself carries only the video link.';

const tagsField = inputField('filterTags', false, { moreHelp: NEEDS_REST });
const directionField = inputField('directions', false, { moreHelp: NEEDS_REST });
const inputFields = [
  { ...tagsField, label: `Only With ${tagsField.label ?? ''}` },
  { ...directionField, label: `Only ${directionField.label ?? ''}` },
];
const [ONLY_WITH_TAGS, ONLY_DIRECTION] = inputFields.map((field) => `"${field.label}"`);

type VideoReadyBundle = Bundle<{ tags?: string[]; direction?: string }>;

export interface VideoReadyItem {
  /** The video's stable identity: its link without the query string, the same however often the link is re-signed. */
  videoKey: string;
  /**
   * The same as videoKey: Zapier expects an `id` on every trigger item (it deduplicates by it only when polling; a
   * hook delivered twice runs the Zap twice, with the same id to filter on).
   */
  id: string;
  /**
   * ScreenRec's own link: a fresh one for a confirmed recording, else the posted one on the Service URL's origin; or,
   * with `linkConfirmed` false, the posted https link on another host as it came.
   */
  videoUrl: string;
  /** False when ScreenRec did not vouch for videoUrl: passed on so that no video is lost, never fetched. */
  linkConfirmed: boolean;
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

const FILTER_NEEDS_REST = `The ${ONLY_WITH_TAGS} and ${ONLY_DIRECTION} options need the Workspace ID and API Key in the connection: reconnect ScreenRec and fill them in, or clear the options.`;

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
 * credentials are there, and the item then carries a fresh link ScreenRec signs. Whatever the lookup says, the
 * notification starts the Zap: an https link on another host that ScreenRec did not confirm (an object store's link,
 * a failed lookup) comes with `linkConfirmed` false and the reason, no recording details and no file, since losing a
 * real video is worse than a flagged link. Plain http off the Service URL's origin starts nothing: it is logged, not
 * thrown, as a Zap whose trigger keeps failing is turned off and a stranger's posts must not do that. Only an
 * unreadable body fails.
 *
 * Zapier itself answers ScreenRec (its hook URL answers before perform runs, and answers 410 Gone once the Zap's hook
 * is removed); the app keeps no receiver state that could answer otherwise.
 */
export const perform = performStep(async (z: ZObject, bundle: VideoReadyBundle, step): Promise<VideoReadyItem[]> => {
  const outcome = await identifyVideo(bundle.cleanedRequest, optionalRestClient(z, bundle), bundle.authData.baseUrl ?? '', step.call);
  if (isRefusedVideo(outcome)) {
    z.console.log(outcome.refused);
    return [];
  }
  const identified = outcome;
  if (identified.postedLinkNote !== null) z.console.log(identified.postedLinkNote);
  const filter = filterOf(bundle);
  if (identified.recording !== null && filters(filter) && !matches(identified.recording, filter)) return [];
  const item = videoReadyItem(z, identified, new Date().toISOString());
  if (filters(filter) && identified.recording === null) {
    const why = item.detailsError ?? 'ScreenRec did not confirm which recording this video belongs to.';
    item.detailsError = `${why} The ${ONLY_WITH_TAGS} and ${ONLY_DIRECTION} options could not be checked, so the video is passed on.`;
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
      linkConfirmed: true,
      linkSource: 'presign',
      postedLinkNote: null,
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
    linkConfirmed: identified.linkConfirmed,
    receivedAt,
    recordingId: identified.recordingId,
    recording: identified.recording === null ? UNKNOWN_RECORDING : recordingOutput(identified.recording),
    // A file is bound to a recording only once ScreenRec confirmed it: never to an id guessed from a link.
    videoFile: identified.recordingId === null ? null : dehydrateVideoFile(z, identified.recordingId),
    detailsError: identified.detailsError,
  };
}

const videoKey = EXAMPLE_VIDEO_URL.split('?')[0] ?? '';

/** What every connection's Zap gets, made of the catalogue's examples; the recording as every step outputs it. */
export const VIDEO_READY_SAMPLE: VideoReadyItem = {
  videoKey,
  id: videoKey,
  videoUrl: EXAMPLE_VIDEO_URL,
  linkConfirmed: true,
  receivedAt: '2026-11-21T09:45:12.000Z',
  recordingId: RECORDING_FIELDS.id.example,
  recording: SAMPLE_RECORDING,
  videoFile: `https://zapier-dev-files.s3.amazonaws.com/cli-platform/${RECORDING_FIELDS.id.example}`,
  detailsError: null,
};

export default defineTrigger({
  key: stepKey('videoReady'),
  noun: OPERATIONS.videoReady.noun,
  display: { label: stepLabel('videoReady'), description: stepDescription('videoReady') },
  operation: {
    type: 'hook',
    inputFields,
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample: { ...VIDEO_READY_SAMPLE },
    outputFields: [
      { key: 'videoKey', label: 'Video Key (the link without its signature)', type: 'string' },
      // Output fields take no help text: the label says why the value is here twice.
      { key: 'id', label: 'Video ID (same as Video Key)', type: 'string' },
      { key: 'videoUrl', label: OTHER_OUTPUTS.videoUrl?.label, type: 'string' },
      { key: 'linkConfirmed', label: 'Video Link Confirmed by ScreenRec', type: 'boolean' },
      { key: 'receivedAt', label: 'Received At', type: 'datetime' },
      { key: 'recordingId', label: RECORDING_FIELDS.id.label, type: 'string' },
      { key: 'videoFile', label: 'Video File (empty without the API key or a confirmed recording)', type: 'file' },
      { key: 'detailsError', label: 'Why Recording Details Are Missing', type: 'string' },
      ...recordingOutputFields('recording__', 'Recording (empty without the API key): '),
    ],
  },
});
