/**
 * Which waiting executions this process is resuming right now. When videos finish together, a waiting execution
 * receives many notifications at once (ScreenRec notifies every subscription of every video), and each of them
 * finds the awaited recording finished: only the first may go on to fetch the link and resume. n8n
 * refuses a second resume of the same execution anyway; this spares the work before that refusal. The claim
 * expires, so a resume that n8n failed to start can be claimed again by a later notification.
 */
export const RESUME_CLAIM_MS = 60_000;
/** Bounded: one claim per execution resumed within the last minute is far below this. */
const MAX_CLAIMS = 10_000;

const claims = new Map<string, number>();

/**
 * The first claim of `key` (a waiting execution's ID) within RESUME_CLAIM_MS gets a function that gives
 * the claim back (when the resume could not be prepared); a later one gets undefined.
 */
export function claimResume(key: string, now = Date.now()): (() => void) | undefined {
	const claimedAt = claims.get(key);
	if (claimedAt !== undefined && now - claimedAt < RESUME_CLAIM_MS) return undefined;
	claims.delete(key);
	claims.set(key, now);
	// A Map iterates in insertion order: the oldest claims go first.
	for (const [oldKey, at] of claims) {
		if (claims.size <= MAX_CLAIMS && now - at < RESUME_CLAIM_MS) break;
		claims.delete(oldKey);
	}
	return () => {
		if (claims.get(key) === now) claims.delete(key);
	};
}

/** Tests only: forget every claim, as a restarted process does. */
export function forgetResumeClaims(): void {
	claims.clear();
}
