import type { IWorkflowDataProxyData } from 'n8n-workflow';

/**
 * What a later pass of "Wait for Video" in the same execution needs from the one before: the subscription it left. A
 * workflow that leads the node's output back into it after the time limit (the re-check loop) makes a new wait whose
 * URL is the same as the last one's, so the last one's subscription must go, or it outlives the execution. n8n
 * resumes a timed-out execution from its own stored data, so this rides on the execution's custom data
 * (`$execution.customData`, what n8n's Execution Data node writes), which that data carries; the workflow's static
 * data is loaded afresh for a new execution only (on n8n 2.41 a resumed run does not see what the pause saved).
 */
export const WAIT_SUBSCRIPTION_KEY = 'screenRecWaitSubscription';

export interface CustomDataContext {
	getWorkflowDataProxy(itemIndex: number): IWorkflowDataProxyData;
}

interface CustomData {
	get(key: string): unknown;
	set(key: string, value: string): void;
}

function customDataOf(context: CustomDataContext): CustomData | undefined {
	const execution: unknown = context.getWorkflowDataProxy(0).$execution;
	const customData: unknown =
		typeof execution === 'object' && execution !== null ? (execution as { customData?: unknown }).customData : undefined;
	if (typeof customData !== 'object' || customData === null) return undefined;
	const { get, set } = customData as Partial<CustomData>;
	return typeof get === 'function' && typeof set === 'function' ? (customData as CustomData) : undefined;
}

/** Remembers the subscription this pass waits with (n8n keeps at most 10 custom data keys: past that, nothing is kept). */
export function rememberWaitSubscription(context: CustomDataContext, subscriptionId: string): void {
	customDataOf(context)?.set(WAIT_SUBSCRIPTION_KEY, subscriptionId);
}

/** The subscription an earlier pass of this execution left, forgotten as it is returned. */
export function takeEarlierWaitSubscription(context: CustomDataContext): string | undefined {
	const customData = customDataOf(context);
	const subscriptionId = customData?.get(WAIT_SUBSCRIPTION_KEY);
	if (typeof subscriptionId !== 'string' || subscriptionId === '') return undefined;
	customData!.set(WAIT_SUBSCRIPTION_KEY, '');
	return subscriptionId;
}

/**
 * The subscription this pass waits with, as a resume URL's webhook reads it from the execution's custom data, where
 * n8n gives it (undefined where it does not: 2.41.1 gives the webhook neither this nor what the pause saved).
 */
export function waitSubscriptionOf(context: { evaluateExpression(expression: string, itemIndex?: number): unknown }): string | undefined {
	let subscriptionId: unknown;
	try {
		subscriptionId = context.evaluateExpression(`{{ $execution.customData.get("${WAIT_SUBSCRIPTION_KEY}") }}`, 0);
	} catch {
		return undefined;
	}
	return typeof subscriptionId === 'string' && subscriptionId !== '' ? subscriptionId : undefined;
}
