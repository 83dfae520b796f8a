import type { CallOptions } from 'screenrec/portable';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What to do when the Timeout option runs out; its "no limit" is 0, not an empty field. */
export const RAISE_TIMEOUT_HINT = "Raise the node's Options → Timeout (Seconds), or set it to 0 for no limit.";

/** The node's "Timeout" option: none by default, so only n8n's own execution timeout applies. */
export const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description:
		"The longest one item's operation may take, retries, paging and a video download included; 0 means no limit. When it runs out the item fails with a message saying what was being done.",
};

/**
 * The bounds of one item's operation: the execution's cancel signal (the user pressed Stop, or the workflow's
 * timeout fired) and, with a Timeout, a deadline that long from now.
 */
export function callOptionsOf(context: IExecuteFunctions, itemIndex: number): CallOptions & { timeoutSeconds?: number } {
	const seconds = Number(context.getNodeParameter('options.timeout', itemIndex, 0));
	const limited = Number.isFinite(seconds) && seconds > 0;
	return {
		signal: context.getExecutionCancelSignal(),
		deadline: limited ? Date.now() + seconds * 1000 : undefined,
		// The message names the Timeout the user set, not what was left of it when the operation began.
		budgetMs: limited ? seconds * 1000 : undefined,
		timeoutSeconds: limited ? seconds : undefined,
	};
}
