import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';
import { subscribableUrl } from '../../lib/callback-url';

/** The URL ScreenRec will POST to; ScreenRec calls https callbacks only, so anything else is refused here with the fix. */
export function callbackUrlOf(context: IHookFunctions, allowHttp: boolean): string {
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (webhookUrl === undefined) {
		throw new NodeOperationError(context.getNode(), 'n8n gave no webhook URL for the ScreenRec Trigger.');
	}
	return subscribableUrl(context.getNode(), webhookUrl, allowHttp);
}
