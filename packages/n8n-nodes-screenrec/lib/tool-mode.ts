import { isScreenRecError, type ErrorCode } from 'screenrec/portable';
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { whatHappened, type ServiceInterface } from './errors';

/**
 * The node run as an AI agent's tool. n8n registers a `usableAsTool` node a second time as `<type>Tool` and runs that
 * type for the agent (n8n's own isToolType reads the same suffix). The model then reads the output items as JSON,
 * and a thrown error either stops the whole workflow (n8n 2.3) or reaches the model as the node's error with the
 * hint meant for the builder (n8n 2.41), which n8n also passes to a person chatting with the agent.
 */
export function runsAsTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/**
 * n8n's editor names a $fromAI argument after the field's display name, with these characters replaced (its
 * sanitizeFromAiParameterName, in the editor's fromAIOverride utils).
 */
export function fromAiKeyOf(displayName: string): string {
	return displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
}

/** The output as the model reads it: the fields the operation's output declares, none null, undefined or empty text. */
export function leanToolResult(json: IDataObject, declared: readonly string[]): IDataObject {
	return Object.fromEntries(
		declared.flatMap((key) => (json[key] === null || json[key] === undefined || json[key] === '' ? [] : [[key, json[key]]])),
	);
}

const CALL_AGAIN_LATER =
	'ScreenRec could not be reached or did not answer in time: call the tool once more in a moment; if it fails again, tell the user that ScreenRec is unavailable right now.';
const NOT_FIXABLE_HERE =
	'Calling the tool again will not help: tell the user that ScreenRec is not set up correctly in this workflow, so that whoever maintains the workflow can fix it.';
const CORRECT_THE_VALUES = 'Correct the values named and call the tool again; ask the user for any value you do not know.';
const CHECK_THE_RECORDING =
	'Check the recording ID: use an ID from an earlier ScreenRec result (the tool that finds recordings lists them), or ask the user which recording they mean.';

/** What the model can do about each failure: never the builder's fix (credential fields, node settings). */
const AGENT_ADVICE: Record<Exclude<ErrorCode, 'CANCELLED'>, string | ((used: ServiceInterface) => string)> = {
	BAD_REQUEST: NOT_FIXABLE_HERE,
	FORBIDDEN: NOT_FIXABLE_HERE,
	INTEGRATION_ERROR: NOT_FIXABLE_HERE,
	INTEGRATION_NOT_CONNECTED: NOT_FIXABLE_HERE,
	NO_ACTIVE_SUBSCRIPTION: "Calling the tool again will not help: tell the user that the ScreenRec workspace's subscription has ended.",
	SERVICE_ERROR: CALL_AGAIN_LATER,
	UNAUTHORIZED: NOT_FIXABLE_HERE,
	NOT_FOUND: (used) => (used === 'hook' ? NOT_FIXABLE_HERE : CHECK_THE_RECORDING),
	VALIDATION: CORRECT_THE_VALUES,
	RATE_LIMITED: 'ScreenRec asked for fewer requests: wait a moment before calling the tool again.',
	INVALID_INPUT: CORRECT_THE_VALUES,
	NETWORK: CALL_AGAIN_LATER,
	UNEXPECTED_RESPONSE: NOT_FIXABLE_HERE,
	DEADLINE: CALL_AGAIN_LATER,
	RESPONSE_TOO_LARGE: NOT_FIXABLE_HERE,
};

/** A stopped execution stops the agent too: that one is thrown, never handed to the model. */
export function isCancellation(error: unknown): boolean {
	return isScreenRecError(error) && error.code === 'CANCELLED';
}

/**
 * A failure as the tool's result: what went wrong (the first sentence of the message) and what the model can try.
 * The agent goes on, on every n8n version, and the model can recover or tell the user.
 */
export function toolFailure(error: unknown, used: ServiceInterface): IDataObject {
	const message = error instanceof Error ? error.message : String(error);
	let advice = error instanceof NodeOperationError ? NOT_FIXABLE_HERE : CALL_AGAIN_LATER;
	if (isScreenRecError(error) && error.code !== 'CANCELLED') {
		const byCode = AGENT_ADVICE[error.code];
		advice = typeof byCode === 'function' ? byCode(used) : byCode;
	}
	return { error: whatHappened(message), hint: advice };
}
