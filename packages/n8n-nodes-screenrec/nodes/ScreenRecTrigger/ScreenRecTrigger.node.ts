import {
	NodeConnectionTypes,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { NOTIFICATION_ANSWER } from 'screenrec/portable';
import { ALLOW_HTTP_LABEL, SECRET_PARAMETER, callbackUrlWithSecret, newCallbackSecret } from '../../lib/callback-url';
import { ScreenRecConnection } from '../../lib/connection';
import { testScreenRecCredential } from '../../lib/credential-test';
import { standaloneMessage, toNodeError } from '../../lib/errors';
import { downloadVideoParameters } from '../../lib/video';
import { screenRecNodeType, withPropertyHint, type HintedNodeTypeDescription } from '../builder-hint';
import { callbackUrlOf } from './webhook-url';
import { forgetSubscription, hasStoredSubscriptionId, readSubscription, saveSubscription, secretMatches } from './subscription';
import { receiveVideoReady } from './video-ready';

export const UNAUTHORIZED_NOTIFICATION =
	'This address accepts only the video-ready notifications of its ScreenRec subscription, and this request carries no secret.';
export const GONE_NOTIFICATION =
	'This address no longer holds the ScreenRec subscription this notification is for (its secret is from an earlier activation, or unknown): ScreenRec drops that subscription.';

export class ScreenRecTrigger implements INodeType {
	description: HintedNodeTypeDescription = {
		displayName: 'ScreenRec Trigger',
		name: 'screenRecTrigger',
		icon: { light: 'file:../../icons/screenrec.svg', dark: 'file:../../icons/screenrec.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Video Ready',
		// n8n's nodes panel merges this trigger into the ScreenRec node's entry and shows this description there, above
		// the actions as well as the trigger: it has to describe the whole app.
		description: 'Request screen recordings, find, tag and delete them, get their videos, and start a workflow when a video is ready',
		defaults: { name: 'ScreenRec Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'screenRecApi', required: true, testedBy: 'screenRecApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		builderHint: {
			searchHint:
				'Starts when someone finishes their screen recording and its video is ready; needs n8n at a public https address. E.g. "when someone finishes their recording, post the video to Slack".',
			relatedNodes: [
				{ nodeType: 'n8n-nodes-base.slack', relationHint: 'Posts the video link' },
				{ nodeType: screenRecNodeType('screenRec'), relationHint: 'Gets or downloads the video, tags the recording' },
				{ nodeType: 'n8n-nodes-base.googleDrive', relationHint: 'Stores the downloaded video' },
			],
		},
		properties: [
			{
				// The nodes panel names a trigger's entries from an "Event" options parameter ("On video ready"); without
				// one it lists the generic "On new ScreenRec event". One event, so nothing to choose in the node itself.
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Video Ready',
						value: 'videoReady',
						description: 'When a recording is finished and its video can be fetched (ScreenRec calls n8n)',
					},
				],
				default: 'videoReady',
			},
			{
				displayName:
					"Publishing (activating) the workflow subscribes this trigger's webhook URL in ScreenRec, which needs the credential's Backend Token and an https URL: behind a proxy or tunnel, set n8n's WEBHOOK_URL to its public https address and restart n8n. The API Key (optional) lets the trigger confirm which recording a video belongs to.",
				name: 'httpsNotice',
				type: 'notice',
				default: '',
			},
			withPropertyHint(
				{
					displayName: 'Include Recording Details',
					name: 'includeRecording',
					type: 'boolean',
					default: false,
					description:
						"Whether to add the recording's fields (status, tags, comment, external reference…) to the output; needs the credential's API Key",
				},
				"On when a later step needs the recording's tags or external reference",
			),
			...downloadVideoParameters(
				'Whether to download the video and output it as binary data, besides its link. The trigger answers ScreenRec first and downloads before the workflow starts, on the process that receives webhooks; in queue mode, downloading with the ScreenRec node after this trigger spreads the downloads over the workers.',
			),
			{
				displayName: ALLOW_HTTP_LABEL,
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
					const client = (await ScreenRecConnection.of(this)).hook('The ScreenRec Trigger', {
						allowHttpCallbacks: allowHttp,
					});
					const { subscriptionId } = await client.subscribe(callbackUrlWithSecret(webhookUrl, callbackSecret));
					saveSubscription(this, { subscriptionId, webhookUrl, callbackSecret });
					return true;
				} catch (error) {
					throw toNodeError(this.getNode(), error, { used: 'hook', shownAlone: true });
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
		if (given === undefined || given === '') {
			// Not from any subscription: nothing for the service to drop.
			this.logger.warn(
				'ScreenRec Trigger refused a request without a secret (answered 401, no execution): it did not come from a ScreenRec subscription.',
			);
			this.getResponseObject().status(NOTIFICATION_ANSWER.unauthorized).json({ message: UNAUTHORIZED_NOTIFICATION });
			return { noWebhookResponse: true };
		}
		if (stored === undefined || !secretMatches(given, stored.callbackSecret)) {
			// A subscription of an earlier activation (one whose removal failed, or a deactivation n8n never ran) still
			// posts here: 410 makes ScreenRec drop it instead of posting every later video to it.
			this.logger.warn(
				'ScreenRec Trigger received a notification for a subscription it no longer holds (its secret is from an earlier activation, or unknown): answered 410 so ScreenRec drops that subscription; no execution.',
			);
			this.getResponseObject().status(NOTIFICATION_ANSWER.gone).json({ message: GONE_NOTIFICATION });
			return { noWebhookResponse: true };
		}
		return await receiveVideoReady(this);
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
		const message = standaloneMessage(context.getNode(), error);
		context.logger.warn(`ScreenRec Trigger could not remove subscription ${subscriptionId}; forgetting it anyway. ${message}`);
	} finally {
		forgetSubscription(context);
	}
}
