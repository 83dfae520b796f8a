import type { IDataObject } from 'n8n-workflow';
import { NEWEST_FIRST, type Recording, type RecordingFilter, type RestClient } from 'screenrec/portable';

/** Recordings created this long before the last poll are listed again: clocks of n8n and ScreenRec may differ. */
export const OVERLAP_MS = 5 * 60_000;
/**
 * With a status filter a recording matches when it reaches that status, which can be long after it was created:
 * recordings created up to this long ago are looked at on every poll.
 */
export const STATUS_LOOKBACK_MS = 24 * 60 * 60_000;

/** What the trigger keeps in the workflow's static data between polls. */
export interface PollState {
	/** When the trigger first polled (ms): recordings from before are never reported. */
	activatedAt: number;
	lastPollAt: number;
	/** Recordings already reported or known at activation, by id, with their creation time (ms) so old ones can be forgotten. */
	seen: Record<string, number>;
}

export function readState(data: IDataObject): PollState | undefined {
	const { activatedAt, lastPollAt, seen } = data;
	if (typeof activatedAt !== 'number' || typeof lastPollAt !== 'number' || typeof seen !== 'object' || seen === null) return undefined;
	return { activatedAt, lastPollAt, seen: seen as Record<string, number> };
}

export function writeState(data: IDataObject, state: PollState): void {
	Object.assign(data, state);
}

const createdAt = (recording: Recording, fallback: number) => {
	const time = recording.createdDate === undefined ? NaN : Date.parse(recording.createdDate);
	return Number.isNaN(time) ? fallback : time;
};

export interface PollOutcome {
	/** New recordings, oldest first. */
	recordings: Recording[];
	state: PollState;
}

/**
 * One poll: the recordings matching `filter` created since the window start, minus those seen before. The first
 * poll only learns what exists (nothing is reported); deduplication is by recording id.
 */
export async function pollNewRecordings(
	rest: RestClient,
	filter: RecordingFilter,
	previous: PollState | undefined,
	now: number,
): Promise<PollOutcome> {
	const activatedAt = previous?.activatedAt ?? now;
	const lastPollAt = previous?.lastPollAt ?? now;
	const sinceLastPoll = filter.statuses === undefined ? lastPollAt - OVERLAP_MS : now - STATUS_LOOKBACK_MS;
	const windowStart = Math.max(activatedAt - OVERLAP_MS, sinceLastPoll);
	const listed = await rest.collectRecordings({
		...filter,
		createdDateFrom: new Date(windowStart).toISOString(),
		...NEWEST_FIRST,
	});
	const seen: Record<string, number> = {};
	for (const [id, time] of Object.entries(previous?.seen ?? {})) if (time >= windowStart - OVERLAP_MS) seen[id] = time;
	const fresh: Recording[] = [];
	for (const recording of listed) {
		if (previous !== undefined && !(recording.id in seen)) fresh.push(recording);
		seen[recording.id] = createdAt(recording, now);
	}
	return { recordings: fresh.reverse(), state: { activatedAt, lastPollAt: now, seen } };
}
