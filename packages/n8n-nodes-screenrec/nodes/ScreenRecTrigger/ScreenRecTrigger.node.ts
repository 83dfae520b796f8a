import {
	NodeConnectionTypes,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { NOTIFICATION_ANSWER, ScreenRecConnection, testScreenRecCredential, toNodeError } from '../../lib';
import { callbackUrlOf } from './callback-url';
import { SECRET_PARAMETER, callbackUrlWithSecret, forgetSubscription, hasStoredSubscriptionId, newCallbackSecret, readSubscription, saveSubscription, secretMatches } from './subscription';
import { videoReadyItem } from './video-ready';

export const UNAUTHORIZED_NOTIFICATION =
	'This address accepts only the video-ready notifications of its current ScreenRec subscription (its secret is missing or outdated).';

export class ScreenRecTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ScreenRec Trigger',
		name: 'screenRecTrigger',
		icon: { light: 'file:../../icons/screenrec.svg', dark: 'file:../../icons/screenrec.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Video Ready',
		description: 'Starts the workflow when a ScreenRec recording is finished and its video is ready',
		defaults: { name: 'ScreenRec Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'screenRecApi', required: true, testedBy: 'screenRecApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName:
					"ScreenRec delivers only to https addresses. If n8n runs behind a proxy or tunnel, set n8n's WEBHOOK_URL setting to its public https address. Uses the credential's Backend Token; the API Key (optional) lets the trigger confirm which recording a video belongs to.",
				name: 'httpsNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Include Recording Details',
				name: 'includeRecording',
				type: 'boolean',
				default: false,
				description:
					"Whether to add the recording's fields (status, tags, comment, external reference…) to the output; needs the credential's API Key",
			},
			{
				displayName: 'Download Video',
				name: 'download',
				type: 'boolean',
				default: false,
				description:
					'Whether to download the video and output it as binary data, besides its link. ScreenRec waits for the download before it counts the notification as delivered; for long videos, download with the ScreenRec node instead.',
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				hint: 'The name of the output binary field to put the video in',
				displayOptions: { show: { download: [true] } },
			},
			{
				displayName: 'Allow HTTP Webhook URL (Local Trials Only)',
				name: 'allowHttpWebhook',
				type: 'boolean',
				default: false,
				description:
					'Whether to subscribe even when the webhook URL is plain http. Only for trials against a local ScreenRec service that accepts http callbacks.',
			},
		],
	};

	methods = { credentialTest: { screenRecApiTest: testScreenRecCredential } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const stored = readSubscription(this);
				if (stored !== undefined && stored.webhookUrl === this.getNodeWebhookUrl('default')) return true;
				// A stale subscription (WEBHOOK_URL or tunnel changed, or one made before callback secrets): drop it so create() makes a new one.
				const staleId = hasStoredSubscriptionId(this);
				if (staleId !== undefined) await unsubscribe(this, staleId);
				return false;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const allowHttp = this.getNodeParameter('allowHttpWebhook', false) === true;
				const webhookUrl = callbackUrlOf(this, allowHttp);
				// A new secret on every activation: a URL seen before (logs, an old subscription) opens nothing.
				const callbackSecret = newCallbackSecret();
				try {
					const client = (await ScreenRecConnection.of(this)).hook('The ScreenRec Trigger', { allowHttpCallbacks: allowHttp });
					const { subscriptionId } = await client.subscribe(callbackUrlWithSecret(webhookUrl, callbackSecret));
					saveSubscription(this, { subscriptionId, webhookUrl, callbackSecret });
					return true;
				} catch (error) {
					throw toNodeError(this.getNode(), error, { used: 'hook' });
				}
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const subscriptionId = hasStoredSubscriptionId(this);
				if (subscriptionId !== undefined) await unsubscribe(this, subscriptionId);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const stored = readSubscription(this);
		const given = (this.getQueryData() as IDataObject)[SECRET_PARAMETER];
		if (stored === undefined || !secretMatches(given, stored.callbackSecret)) {
			this.logger.warn('ScreenRec Trigger refused a request without the secret of its current subscription (answered 401, no execution).');
			this.getResponseObject().status(NOTIFICATION_ANSWER.unauthorized).json({ message: UNAUTHORIZED_NOTIFICATION });
			return { noWebhookResponse: true };
		}
		return await videoReadyItem(this);
	}
}

/**
 * Unsubscribes and forgets the subscription whatever the service says: a subscription it no longer knows must not
 * block deactivation forever. A failure is logged, so a leftover subscription can be traced.
 */
async function unsubscribe(context: IHookFunctions, subscriptionId: string): Promise<void> {
	try {
		const client = (await ScreenRecConnection.of(context)).hook('Removing the ScreenRec Trigger subscription');
		await client.unsubscribe(subscriptionId);
	} catch (error) {
		const { message } = toNodeError(context.getNode(), error, { used: 'hook' });
		context.logger.warn(`ScreenRec Trigger could not remove subscription ${subscriptionId}; forgetting it anyway. ${message}`);
	} finally {
		forgetSubscription(context);
	}
}
