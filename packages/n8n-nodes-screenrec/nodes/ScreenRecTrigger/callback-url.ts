import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

/** The URL ScreenRec will POST to; ScreenRec calls https callbacks only, so anything else is refused here with the fix. */
export function callbackUrlOf(context: IHookFunctions, allowHttp: boolean): string {
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (webhookUrl === undefined) {
		throw new NodeOperationError(context.getNode(), 'n8n gave no webhook URL for the ScreenRec Trigger.');
	}
	const { protocol } = new URL(webhookUrl);
	if (protocol === 'https:' || (allowHttp && protocol === 'http:')) return webhookUrl;
	throw new NodeOperationError(
		context.getNode(),
		`ScreenRec only delivers to https addresses, and this workflow's webhook URL is ${webhookUrl}.`,
		{
			description:
				"Set n8n's WEBHOOK_URL setting (environment variable) to the public https address of this n8n instance, for example https://n8n.example.com/, and restart n8n. For a trial against a local ScreenRec service that accepts http, turn on 'Allow HTTP Webhook URL (Local Trials Only)'.",
		},
	);
}
