import { createHash } from 'crypto';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/**
 * The memory of videos already received, so that a notification the service delivers again (it retries an answer
 * it did not get in time, or sends copies) starts nothing a second time.
 *
 * Where it lives, and why both places:
 * - In this process, per workflow and node: the check and the record happen in one synchronous step, so deliveries
 *   arriving at the same moment cannot both pass. The workflow's static data alone cannot do that: n8n loads a
 *   separate copy of it for every webhook request and saves each copy whole, so concurrent copies of a notification
 *   would each see the other's video as new (and the later save would erase the earlier record).
 * - In the workflow's static data (field `seenVideos`), which n8n saves after every webhook request: it survives
 *   restarts of every process and reaches the other n8n processes (main, webhook) with the next request they load.
 *   Each call merges what the static data holds into this process's memory and writes the merged list back, and
 *   keepSeenVideos() writes it back again as the request ends.
 *
 * Bounded: the newest SEEN_VIDEOS_LIMIT videos per node, each kept as a short hash of core's `videoKey` (links can
 * be long, and static data is written on every request). The service's repeats come within minutes, far inside it.
 *
 * Limits, both from n8n: it gives nodes no shared store with an atomic check, and it saves a request's copy of the
 * static data whole (a repeat changes nothing, so only a first delivery saves). With several webhook processes behind
 * a load balancer, each process starts at most one run per video (its memory), and no more can be had: a copy landing
 * on another process runs again when it arrives before the first delivery's request has finished, or at any later
 * time when that process, handling another video meanwhile, saved its older copy over the record (the record is back
 * once the process that ran the video saves again). test/queue's repeat storm checks this bound. And a first
 * delivery still being processed when the workflow is deactivated or published again writes back the subscription
 * it loaded.
 */
export const SEEN_VIDEOS_LIMIT = 10_000;

/** The static data field (in the node's static data) that holds the hashed keys, oldest first. */
export const SEEN_VIDEOS_FIELD = 'seenVideos';

/** What the memory needs of an n8n context: a webhook or an execution context both fit. */
export type SeenVideosContext = Pick<IWebhookFunctions, 'getWorkflowStaticData' | 'getWorkflow' | 'getNode'>;

/** Per workflow and node (as the node's static data is), the hashed keys in the order they were first seen. */
const inThisProcess = new Map<string, Set<string>>();

/**
 * True the first time a video (core's `videoKey`) reaches this node, false on every later delivery of it. Records
 * it on the first call: the caller answers the service and starts the run; on false it answers and starts nothing.
 * The static data change is saved by n8n when the webhook request ends.
 */
export async function firstDelivery(context: SeenVideosContext, videoKey: string): Promise<boolean> {
	// Everything below runs without an await, so two deliveries in this process never interleave between the check and the record.
	const staticData = context.getWorkflowStaticData('node');
	const seen = memoryOf(context);
	for (const key of storedKeys(staticData)) remember(seen, key);
	const key = hashOf(videoKey);
	if (seen.has(key)) return false;
	remember(seen, key);
	// The merged list, not this copy's plus one: this request's copy of the static data may predate other records.
	staticData[SEEN_VIDEOS_FIELD] = [...seen];
	return true;
}

/**
 * Whether a video (a `videoKey` as the service gave it) has reached this node before, recording nothing. Lets a repeat
 * be answered without a lookup: only keys derived from what the service said are ever recorded, so a posted key can
 * match one only when it is the service's own.
 */
export function seenBefore(context: SeenVideosContext, videoKey: string): boolean {
	const seen = memoryOf(context);
	for (const key of storedKeys(context.getWorkflowStaticData('node'))) remember(seen, key);
	return seen.has(hashOf(videoKey));
}

/** Forgets what this process remembers (not the static data), as a restart of n8n would: for tests. */
export function forgetSeenVideosInThisProcess(): void {
	inThisProcess.clear();
}

/**
 * Writes what this process remembers into this request's static data again. n8n saves each request's own copy when
 * the request ends, and the last save wins: called last in webhook(), just before it returns, the copy also holds
 * the videos other requests recorded while this one was looking things up or downloading.
 */
export function keepSeenVideos(context: SeenVideosContext): void {
	context.getWorkflowStaticData('node')[SEEN_VIDEOS_FIELD] = [...memoryOf(context)];
}

function memoryOf(context: SeenVideosContext): Set<string> {
	const scope = `${context.getWorkflow().id ?? ''}\n${context.getNode().name}`;
	let seen = inThisProcess.get(scope);
	if (seen === undefined) {
		seen = new Set();
		inThisProcess.set(scope, seen);
	}
	return seen;
}

function remember(seen: Set<string>, key: string): void {
	if (seen.has(key)) return;
	seen.add(key);
	// A Set iterates in insertion order: the first value is the oldest.
	if (seen.size > SEEN_VIDEOS_LIMIT) seen.delete(seen.values().next().value as string);
}

function storedKeys(staticData: IDataObject): string[] {
	const stored = staticData[SEEN_VIDEOS_FIELD];
	return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

/** 96 bits of SHA-256, base64url (16 characters): no collision in any realistic number of videos, and no link stored. */
function hashOf(videoKey: string): string {
	return createHash('sha256').update(videoKey).digest('base64url').slice(0, 16);
}
