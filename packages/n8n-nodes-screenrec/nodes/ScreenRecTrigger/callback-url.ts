import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

/** The URL ScreenRec will POST to; ScreenRec calls https callbacks only, so anything else is refused here with the fix. */
export function callbackUrlOf(context: IHookFunctions, allowHttp: boolean): string {
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (webhookUrl === undefined) {
		throw new NodeOperationError(context.getNode(), 'n8n gave no webhook URL for the ScreenRec Trigger.');
	}
	const { protocol } = new URL(webhookUrl);
	if (protocol === 'https:' || (allowHttp && protocol === 'http:')) return webhookUrl;
	// n8n 2.3's activation toast shows only the message, not the description: what to change must be in the message.
	throw new NodeOperationError(context.getNode(), httpWebhookMessage(webhookUrl), {
		description: `For a trial against a local ScreenRec service that accepts http, turn on '${ALLOW_HTTP_LABEL}' instead.`,
	});
}

/** The display name of the trigger's switch that lets a local trial subscribe an http URL. */
export const ALLOW_HTTP_LABEL = 'Allow HTTP Webhook URL (Local Trials Only)';

export function httpWebhookMessage(webhookUrl: string): string {
	return `Set n8n's WEBHOOK_URL to this instance's public https address (for example https://n8n.example.com/) and restart n8n: ScreenRec only delivers to https, and this workflow's webhook URL is ${webhookUrl}.`;
}
