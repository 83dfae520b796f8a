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

/** Where a node context reaches the execution's custom data: n8n 2.41 gives every context `customData`; 2.3 only `$execution`. */
export interface CustomDataContext {
	getWorkflowDataProxy(itemIndex: number): IWorkflowDataProxyData;
}

interface CustomData {
	get(key: string): unknown;
	set(key: string, value: string): void;
}

function asCustomData(value: unknown): CustomData | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { get, set } = value as Partial<CustomData>;
	return typeof get === 'function' && typeof set === 'function' ? (value as CustomData) : undefined;
}

/** The context's own `customData`, where n8n gives one (it throws where the context has no execution data). */
function ownCustomData(context: object): CustomData | undefined {
	try {
		return asCustomData((context as { customData?: unknown }).customData);
	} catch {
		return undefined;
	}
}

function customDataOf(context: CustomDataContext): CustomData | undefined {
	const own = ownCustomData(context);
	if (own !== undefined) return own;
	const execution: unknown = context.getWorkflowDataProxy(0).$execution;
	return typeof execution === 'object' && execution !== null ? asCustomData((execution as { customData?: unknown }).customData) : undefined;
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
 * The subscription this pass waits with, as a resume URL's webhook reads it from the execution's custom data: through
 * the context's own `customData` where n8n gives it (2.41, whose expressions reach no function of `$execution`), else
 * through an expression (2.3).
 */
export function waitSubscriptionOf(context: { evaluateExpression(expression: string, itemIndex?: number): unknown }): string | undefined {
	let subscriptionId: unknown = ownCustomData(context)?.get(WAIT_SUBSCRIPTION_KEY);
	if (subscriptionId === undefined) {
		try {
			subscriptionId = context.evaluateExpression(`{{ $execution.customData.get("${WAIT_SUBSCRIPTION_KEY}") }}`, 0);
		} catch {
			return undefined;
		}
	}
	return typeof subscriptionId === 'string' && subscriptionId !== '' ? subscriptionId : undefined;
}
