import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { secretDigestOf, secretFitsDigest } from '../../lib/callback-url';

/**
 * The subscription lives in the workflow's static data, which n8n saves with the workflow: it survives restarts and
 * is shared by every instance in queue mode.
 */
export interface StoredSubscription {
	subscriptionId: string;
	/** n8n's webhook URL it delivers to (without the secret); a different one now (WEBHOOK_URL changed) means a stale subscription. */
	webhookUrl: string;
	/** Proves a notification comes from the service this subscription was registered with; new on every activation. */
	callbackSecret: string;
}

type StaticDataContext = Pick<IHookFunctions | IWebhookFunctions, 'getWorkflowStaticData'>;

export function readSubscription(context: StaticDataContext): StoredSubscription | undefined {
	const { subscriptionId, webhookUrl, callbackSecret } = context.getWorkflowStaticData('node');
	if (typeof subscriptionId !== 'string' || typeof webhookUrl !== 'string' || typeof callbackSecret !== 'string') return undefined;
	return { subscriptionId, webhookUrl, callbackSecret };
}

/** True when some subscription is stored, even one from before secrets (which must be replaced). */
export function hasStoredSubscriptionId(context: StaticDataContext): string | undefined {
	const { subscriptionId } = context.getWorkflowStaticData('node');
	return typeof subscriptionId === 'string' ? subscriptionId : undefined;
}

export function saveSubscription(context: StaticDataContext, subscription: StoredSubscription): void {
	Object.assign(context.getWorkflowStaticData('node'), subscription);
}

export function forgetSubscription(context: StaticDataContext): void {
	const data = context.getWorkflowStaticData('node');
	delete data.subscriptionId;
	delete data.webhookUrl;
	delete data.callbackSecret;
}

/** Compares in constant time (hashes first, so lengths never differ and a wrong length leaks nothing). */
export function secretMatches(given: unknown, expected: string): boolean {
	return expected !== '' && secretFitsDigest(given, secretDigestOf(expected));
}
