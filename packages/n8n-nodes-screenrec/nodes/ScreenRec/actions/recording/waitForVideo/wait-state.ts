import { createHmac, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { SECRET_PARAMETER } from '../../../../../lib/callback-url';

/**
 * What "Wait for Video" tells its resume webhook, carried only by the URL it subscribes: the recording awaited, and
 * a secret that proves the URL was made by this node for this execution and this recording. The secret is an
 * HMAC keyed by the credential's Backend Token, so the webhook checks it with nothing stored: n8n's engine data is
 * neither written nor read, and any process that holds the credential (a webhook process in queue mode, or n8n
 * after a restart) can check it. The token itself never leaves the credential.
 */
export interface WaitTarget {
	executionId: string;
	/** The waiting node's name: a subscription another Wait for Video node of the same execution made does not fit. */
	nodeName: string;
	recordingId: string;
}

/** The query parameter of the callback URL that names the awaited recording. */
export const RECORDING_PARAMETER = 'recording';

/** The callback URL: n8n's resume URL with the recording and the wait's secret as query parameters. */
export function waitCallbackUrl(resumeUrl: string, target: WaitTarget, key: string): string {
	const url = new URL(resumeUrl);
	url.searchParams.set(RECORDING_PARAMETER, target.recordingId);
	url.searchParams.set(SECRET_PARAMETER, waitSecret(target, key));
	return url.toString();
}

/** sha256 HMAC of the wait's identity, as 64 hex characters. */
export function waitSecret({ executionId, nodeName, recordingId }: WaitTarget, key: string): string {
	return createHmac('sha256', key)
		.update(JSON.stringify(['screenrec-wait-for-video', executionId, nodeName, recordingId]))
		.digest('hex');
}

/** Whether `given` is the secret of this wait, in constant time; never with an empty key. */
export function isWaitSecret(given: unknown, target: WaitTarget, key: string): boolean {
	if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given) || key === '') return false;
	return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(waitSecret(target, key), 'hex'));
}

/**
 * A wait started by the 0.1 release: its URL has a random secret and no recording; the state rode on the waiting
 * node's input item (`$json.waitForVideo`), which the webhook only reads, so that a wait begun before an update
 * still resumes after it.
 */
export interface EarlierWaitState {
	subscriptionId: string;
	recordingId: string;
	/** sha256 of the secret in the subscribed URL. */
	secretDigest: string;
}

/** The field of the 0.1 release's waiting item that carried its state. */
export const EARLIER_WAIT_FIELD = 'waitForVideo';

/** The state from EARLIER_WAIT_FIELD's value, or undefined when it is not one the 0.1 release wrote. */
export function readEarlierWaitState(value: unknown): EarlierWaitState | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { subscriptionId, recordingId, secretDigest } = value as IDataObject;
	if (
		typeof subscriptionId !== 'string' ||
		typeof recordingId !== 'string' ||
		typeof secretDigest !== 'string' ||
		!/^[0-9a-f]{64}$/.test(secretDigest)
	)
		return undefined;
	return { subscriptionId, recordingId, secretDigest };
}
