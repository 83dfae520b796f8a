import { OPERATIONS, parseVideoReady, type CallOptions, type Recording } from 'screenrec';
import type { Connection } from '../connection/connection';

/** How far back a Video Ready node looks, after a restart, for videos that finished while Node-RED was down. */
export const CATCH_UP_HOURS = 24;
/** At most this many finished recordings are read per look (newest first). */
export const CATCH_UP_LIMIT = 1000;
const HOUR_MS = 3_600_000;

/**
 * The finished recordings a Video Ready node has accounted for, by ID (their creation date, to forget them once out of
 * the look-back window): sent on, or already finished when it subscribed. Kept in the context store with the
 * subscription; a finished recording in the window that is not in it finished while the node could not hear of it.
 */
export type KnownVideos = Record<string, string>;

/** The recordings finished in the look-back window, newest first (at most CATCH_UP_LIMIT). */
export async function finishedRecordings(connection: Connection, now: number, call: CallOptions): Promise<Recording[]> {
  const rest = connection.rest(OPERATIONS.videoReady.name);
  const createdDateFrom = new Date(now - CATCH_UP_HOURS * HOUR_MS).toISOString();
  return rest.collectRecordings(
    { statuses: ['COMPLETED'], createdDateFrom, sortField: 'createdDate', sortOrder: 'Descending' },
    { ...call, limit: CATCH_UP_LIMIT },
  );
}

/** `known` and `recordings`, without what has left the look-back window. */
export function accountedFor(known: KnownVideos, recordings: readonly Recording[], now: number): KnownVideos {
  const from = now - CATCH_UP_HOURS * HOUR_MS;
  const all: KnownVideos = { ...known };
  for (const { id, createdDate } of recordings) all[id] = createdDate ?? new Date(now).toISOString();
  return Object.fromEntries(Object.entries(all).filter(([, created]) => !(Date.parse(created) < from)));
}

/** A video message for a recording found by the catch-up: the same shape as a notification's, with a fresh link. */
export interface VideoPayload {
  videoUrl: string;
  videoKey: string;
  recordingId: string;
  recording: Recording;
  detailsError: null;
}

export async function caughtUpPayload(connection: Connection, recording: Recording, call: CallOptions): Promise<VideoPayload> {
  const videoUrl = await connection.rest(OPERATIONS.videoReady.name).getVideoUrl(recording.id, call);
  return { videoUrl, videoKey: parseVideoReady({ result: videoUrl }).videoKey, recordingId: recording.id, recording, detailsError: null };
}
