import { createHash, timingSafeEqual } from 'crypto';

/**
 * What "Wait for Video" leaves for its resume webhook: the subscription to remove, the recording awaited and a
 * digest of the callback URL's secret. It is kept in the execution's own custom data ($execution.customData), which
 * n8n stores with the waiting execution: the webhook of that execution (on any process, after any restart) reads it
 * back, and concurrent executions never share it (the workflow's static data would be overwritten by each of them).
 */
export interface WaitState {
	subscriptionId: string;
	recordingId: string;
	/** sha256 of the secret in the subscribed URL: the secret itself is never stored, so the execution's data cannot open the URL. */
	secretDigest: string;
}

/** The custom data key (n8n allows A-Z, a-z, 0-9 and _, at most 50 characters). */
export const WAIT_STATE_KEY = 'screenrecWaitForVideo';

/** n8n keeps at most this many custom data keys per execution and drops a new one silently past it. */
export const CUSTOM_DATA_FULL =
	"Wait for Video could not keep its subscription in the execution's custom data: the workflow already sets 10 custom data keys, n8n's limit.";

/** n8n's `$execution.customData` (values are strings of at most 255 characters). */
export interface CustomData {
	set(key: string, value: string): void;
	get(key: string): unknown;
}

/** One line of at most 138 characters: "<subscriptionId> <recordingId> <secretDigest>". */
export function encodeWaitState(state: WaitState): string {
	return [state.subscriptionId, state.recordingId, state.secretDigest].join(' ');
}

export function decodeWaitState(value: unknown): WaitState | undefined {
	if (typeof value !== 'string') return undefined;
	const [subscriptionId, recordingId, secretDigest, ...rest] = value.split(' ');
	if (rest.length > 0 || !subscriptionId || !recordingId || !secretDigest || !/^[0-9a-f]{64}$/.test(secretDigest)) return undefined;
	return { subscriptionId, recordingId, secretDigest };
}

export function secretDigestOf(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

/** Whether `given` is the secret whose digest was stored, in constant time. */
export function secretFitsDigest(given: unknown, secretDigest: string): boolean {
	if (typeof given !== 'string' || given === '') return false;
	return timingSafeEqual(Buffer.from(secretDigestOf(given), 'hex'), Buffer.from(secretDigest, 'hex'));
}
