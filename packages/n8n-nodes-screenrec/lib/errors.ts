import { isScreenRecError, isSuccess, type ErrorCode, type ScreenRecError, type ServiceInterface } from 'screenrec/portable';
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { RAISE_TIMEOUT_HINT } from './call-options';
import { CREDENTIAL_LABEL } from './credential';

export type { ServiceInterface };

const NEW_BACKEND_TOKEN = `In the ScreenRec dashboard, press Setup on the n8n integration, paste the new backend token into the Backend Token field of the ${CREDENTIAL_LABEL} credential, then run the node again.`;
const FIX_FIELDS = 'Correct the fields named in the message and run the node again.';

type Hint = string | ((used: ServiceInterface, error: ScreenRecError) => string);

/** What the n8n user changes, per core error code; core's message already says what happened. */
const HINTS: Record<ErrorCode, Hint> = {
	BAD_REQUEST: `Check the Service URL in the ${CREDENTIAL_LABEL} credential. ${NEW_BACKEND_TOKEN}`,
	FORBIDDEN: (used) =>
		used === 'hook'
			? NEW_BACKEND_TOKEN
			: `In the ScreenRec dashboard's API section, turn API access on for the workspace, and check that the Workspace ID in the ${CREDENTIAL_LABEL} credential is the key's workspace.`,
	INTEGRATION_ERROR: NEW_BACKEND_TOKEN,
	INTEGRATION_NOT_CONNECTED: NEW_BACKEND_TOKEN,
	NO_ACTIVE_SUBSCRIPTION: 'Renew the workspace subscription in the ScreenRec dashboard; nothing needs to change in n8n.',
	SERVICE_ERROR: 'The problem is on ScreenRec\'s side. Run the node again later, or turn on the node\'s "Retry On Fail" setting.',
	UNAUTHORIZED: `Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field of the ${CREDENTIAL_LABEL} credential.`,
	NOT_FOUND: (used) =>
		used === 'hook'
			? `Check the Service URL in the ${CREDENTIAL_LABEL} credential: it is the address of the ScreenRec service, without a path.`
			: `Check the Recording ID (pick it From List, or take it from Get Many or a ScreenRec trigger) and that the ${CREDENTIAL_LABEL} credential is for the workspace that owns the recording.`,
	VALIDATION: FIX_FIELDS,
	RATE_LIMITED: (_used, error) =>
		`${error.retryAfterMs === undefined ? 'Wait a moment' : `Wait ${Math.ceil(error.retryAfterMs / 1000)} s`} before running the node again, and send fewer requests at once: process items in smaller batches (Loop Over Items with a Wait node), or turn on "Retry On Fail" with a wait between tries.`,
	INVALID_INPUT: `${FIX_FIELDS} Nothing was sent to ScreenRec.`,
	NETWORK: `Check the Service URL in the ${CREDENTIAL_LABEL} credential and that this n8n instance can reach it (proxy, firewall, DNS).`,
	UNEXPECTED_RESPONSE: `Check that the Service URL in the ${CREDENTIAL_LABEL} credential is the ScreenRec service's address, not a web page or a proxy in front of it.`,
	DEADLINE: `${RAISE_TIMEOUT_HINT} For lists, narrow the filters.`,
	CANCELLED: "The execution was stopped (by you, or by the workflow's timeout). Run it again when you are ready.",
	RESPONSE_TOO_LARGE: `Check that the Service URL in the ${CREDENTIAL_LABEL} credential is the ScreenRec service's address; ScreenRec's answers are never this large.`,
};

export function hintFor(error: ScreenRecError, used: ServiceInterface): string {
	const hint = HINTS[error.code];
	return typeof hint === 'function' ? hint(used, error) : hint;
}

/**
 * What happened, without the advice after it. Core's messages say what went wrong, then what to do in general
 * terms ("…and reconnect"); n8n shows the message above the hint, which says what to change in n8n's own terms, so
 * the message keeps its first sentence only. A sentence end inside parentheses or quotes (the service's own words)
 * does not count.
 */
export function whatHappened(message: string): string {
	let depth = 0;
	let quote: string | undefined;
	for (let index = 0; index < message.length; index++) {
		const character = message[index]!;
		if (quote !== undefined) {
			if (character === quote) quote = undefined;
		} else if (character === '"' || character === '`') {
			quote = character;
		} else if (character === '(') {
			depth++;
		} else if (character === ')') {
			depth = Math.max(0, depth - 1);
		} else if (depth === 0 && '.!?'.includes(character) && /^\s+[A-Z]/.test(message.slice(index + 1))) {
			return message.slice(0, index + 1);
		}
	}
	return message;
}

export interface ErrorContext {
	/** The interface whose client failed. */
	used?: ServiceInterface;
	itemIndex?: number;
	/**
	 * n8n shows this error's message without its hint (n8n 2.3's activation toast, the Recording list's search): the
	 * message then keeps core's own advice.
	 */
	shownAlone?: boolean;
}

/**
 * The whole message, what happened and what to do, for places that show no hint beside it: an item's field, a log
 * line, a webhook's answer.
 */
export function standaloneMessage(node: INode, error: unknown): string {
	return isScreenRecError(error) ? error.message : toNodeError(node, error).message;
}

/**
 * Core's errors as n8n's: a problem with what the user typed (or a stopped run) is a NodeOperationError, everything
 * the service (or the way to it) answered is a NodeApiError with the HTTP status. The message says what happened, in
 * core's words; the hint says what to change.
 */
export function toNodeError(node: INode, error: unknown, context: ErrorContext = {}): NodeApiError | NodeOperationError {
	const { used = 'rest', itemIndex, shownAlone = false } = context;
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined && error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	if (!isScreenRecError(error)) {
		return new NodeOperationError(node, error instanceof Error ? error : String(error), {
			itemIndex,
		});
	}
	const description = hintFor(error, used);
	const message = shownAlone ? error.message : whatHappened(error.message);
	if (error.code === 'INVALID_INPUT' || error.code === 'CANCELLED' || error.code === 'DEADLINE') {
		return new NodeOperationError(node, message, { description, itemIndex });
	}
	// Only what core says, and no `status`/`code` field: NodeApiError would read either as the HTTP code.
	const response: JsonObject = { message, screenRecCode: error.code };
	const apiError = new NodeApiError(node, response, {
		message,
		description,
		itemIndex,
		// Refusals the service sends with status 200 get no HTTP code: n8n would show a misleading "200".
		...(error.status !== undefined && !isSuccess(error.status) ? { httpCode: String(error.status) } : {}),
	});
	// NodeApiError swaps a message that mentions ECONNREFUSED, ETIMEDOUT… for its generic text; core's says more.
	apiError.message = message;
	return apiError;
}
