import type { IHookFunctions } from 'n8n-workflow';

/**
 * The subscription lives in the workflow's static data, which n8n saves with the workflow: it survives
 * restarts and is shared by every instance in queue mode.
 */
export interface StoredSubscription {
	subscriptionId: string;
	/** The webhook URL it delivers to; a different one now (WEBHOOK_URL changed) means a stale subscription. */
	webhookUrl: string;
}

export function readSubscription(context: IHookFunctions): StoredSubscription | undefined {
	const data = context.getWorkflowStaticData('node');
	const { subscriptionId, webhookUrl } = data;
	if (typeof subscriptionId !== 'string' || typeof webhookUrl !== 'string') return undefined;
	return { subscriptionId, webhookUrl };
}

export function saveSubscription(context: IHookFunctions, subscription: StoredSubscription): void {
	const data = context.getWorkflowStaticData('node');
	data.subscriptionId = subscription.subscriptionId;
	data.webhookUrl = subscription.webhookUrl;
}

export function forgetSubscription(context: IHookFunctions): void {
	const data = context.getWorkflowStaticData('node');
	delete data.subscriptionId;
	delete data.webhookUrl;
}
