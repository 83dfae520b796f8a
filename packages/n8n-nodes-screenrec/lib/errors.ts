import { isScreenRecError, type ErrorCode, type ScreenRecError } from '@screenrec/core';
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { HOOK_CREDENTIAL, REST_CREDENTIAL } from './clients';
import type { ScreenRecCredentialType } from './transport';

const NEW_BACKEND_TOKEN =
	'In the ScreenRec dashboard, press Setup on the n8n integration, paste the new backend token into the ScreenRec Hook API credential, then run the node again.';
const FIX_FIELDS = 'Correct the fields named in the message and run the node again.';

type Hint = string | ((credential: ScreenRecCredentialType) => string);

/** What the n8n user changes, per core error code; core's message already says what happened. */
const HINTS: Record<ErrorCode, Hint> = {
	BAD_REQUEST: `Check the Service URL in the ScreenRec Hook API credential. ${NEW_BACKEND_TOKEN}`,
	FORBIDDEN: (credential) =>
		credential === HOOK_CREDENTIAL
			? NEW_BACKEND_TOKEN
			: "In the ScreenRec dashboard's API section, turn API access on for the workspace, and check that the Workspace ID in the ScreenRec API credential is the key's workspace.",
	INTEGRATION_ERROR: NEW_BACKEND_TOKEN,
	INTEGRATION_NOT_CONNECTED: NEW_BACKEND_TOKEN,
	NO_ACTIVE_SUBSCRIPTION: 'Renew the workspace subscription in the ScreenRec dashboard; nothing needs to change in n8n.',
	SERVICE_ERROR: 'The problem is on ScreenRec\'s side. Run the node again later, or turn on the node\'s "Retry On Fail" setting.',
	UNAUTHORIZED:
		"Create a new API key in the ScreenRec dashboard's API section and paste it into the ScreenRec API credential.",
	NOT_FOUND: (credential) =>
		credential === HOOK_CREDENTIAL
			? 'Check the Service URL in the ScreenRec Hook API credential: it is the address of the ScreenRec service, without a path.'
			: 'Check the Recording ID (Get Many and the ScreenRec Trigger output it) and that the ScreenRec API credential is for the workspace that owns the recording.',
	VALIDATION: FIX_FIELDS,
	RATE_LIMITED:
		'Send fewer requests at once: process items in smaller batches (Loop Over Items with a Wait node), or turn on "Retry On Fail" with a wait between tries.',
	INVALID_INPUT: `${FIX_FIELDS} Nothing was sent to ScreenRec.`,
	NETWORK: `Check the Service URL in the ScreenRec credential and that this n8n instance can reach it (proxy, firewall, DNS).`,
	UNEXPECTED_RESPONSE:
		"Check that the Service URL in the ScreenRec credential is the ScreenRec service's address, not a web page or a proxy in front of it.",
};

export function hintFor(error: ScreenRecError, credential: ScreenRecCredentialType): string {
	const hint = HINTS[error.code];
	return typeof hint === 'function' ? hint(credential) : hint;
}

export interface ErrorContext {
	/** The credential whose client failed: the same code means different fixes on the two interfaces. */
	credential?: ScreenRecCredentialType;
	itemIndex?: number;
}

/**
 * Core's errors as n8n's: a problem with what the user typed is a NodeOperationError, everything the service
 * (or the way to it) answered is a NodeApiError with the HTTP status. The message is core's; the hint says what to change.
 */
export function toNodeError(node: INode, error: unknown, context: ErrorContext = {}): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const { credential = REST_CREDENTIAL, itemIndex } = context;
	if (!isScreenRecError(error)) {
		return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
	}
	const description = hintFor(error, credential);
	if (error.code === 'INVALID_INPUT') {
		return new NodeOperationError(node, error.message, { description, itemIndex });
	}
	// Only what core says, and no `status`/`code` field: NodeApiError would read either as the HTTP code.
	const response: JsonObject = { message: error.message, screenRecCode: error.code };
	const apiError = new NodeApiError(node, response, {
		message: error.message,
		description,
		itemIndex,
		// Refusals the service sends with status 200 get no HTTP code: n8n would show a misleading "200".
		...(error.status !== undefined && error.status >= 400 ? { httpCode: String(error.status) } : {}),
	});
	// NodeApiError swaps a message that mentions ECONNREFUSED, ETIMEDOUT… for its generic text; core's says more.
	apiError.message = error.message;
	return apiError;
}
