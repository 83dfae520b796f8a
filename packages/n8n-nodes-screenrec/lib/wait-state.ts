import { createHash, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * What "Wait for Video" leaves for its resume webhook: the subscription to remove, the recording awaited and a
 * digest of the callback URL's secret. It rides on the item the waiting node holds as its input, which n8n stores
 * with the waiting execution (its node execution stack) and hands to the webhook as `$json` on n8n 2.3 and 2.41
 * alike, on whichever process takes the request, after any restart; concurrent executions never share it (the
 * workflow's static data would be saved over by each of them, and on n8n 2.41 the webhook does not see the
 * execution's custom data). When n8n itself resumes the execution (Limit Wait Time), this item is the node's output.
 */
export interface WaitState {
	subscriptionId: string;
	recordingId: string;
	/** sha256 of the secret in the subscribed URL: the secret itself is never stored, so the execution's data cannot open the URL. */
	secretDigest: string;
}

/** The item's field that carries the state; on a timeout the user sees it, with `videoReady: false`. */
export const WAIT_FIELD = 'waitForVideo';

/** The waiting node's input item, with the state in WAIT_FIELD. */
export function itemWithWaitState<T extends { json: IDataObject }>(item: T, state: WaitState): T {
	return {
		...item,
		json: {
			...item.json,
			[WAIT_FIELD]: {
				recordingId: state.recordingId,
				videoReady: false,
				subscriptionId: state.subscriptionId,
				secretDigest: state.secretDigest,
			},
		},
	};
}

/** The state from WAIT_FIELD's value, or undefined when it is not one this node wrote. */
export function readWaitState(value: unknown): WaitState | undefined {
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

export function secretDigestOf(secret: string): string {
	return createHash('sha256').update(secret).digest('hex');
}

/** Whether `given` is the secret whose digest was stored, in constant time. */
export function secretFitsDigest(given: unknown, secretDigest: string): boolean {
	if (typeof given !== 'string' || given === '') return false;
	return timingSafeEqual(Buffer.from(secretDigestOf(given), 'hex'), Buffer.from(secretDigest, 'hex'));
}
