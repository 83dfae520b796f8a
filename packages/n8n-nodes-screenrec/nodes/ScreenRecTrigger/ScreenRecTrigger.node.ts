import {
	NodeConnectionTypes,
	type IDataObject,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import {
	HOOK_CREDENTIAL,
	REST_CREDENTIAL,
	downloadVideo,
	hookClientFor,
	parseVideoReady,
	restClientFor,
	toJsonObject,
	toNodeError,
	type VideoReady,
} from '../../lib';
import { callbackUrlOf } from './callback-url';
import { forgetSubscription, readSubscription, saveSubscription } from './subscription';

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
		credentials: [
			{ name: HOOK_CREDENTIAL, required: true },
			{ name: REST_CREDENTIAL, required: true, displayOptions: { show: { includeRecording: [true] } } },
		],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName:
					'ScreenRec delivers only to https addresses. If n8n runs behind a proxy or tunnel, set n8n\'s WEBHOOK_URL setting to its public https address.',
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
					"Whether to add the recording's fields (ID, tags, comment, status, external reference…) to the output; needs the ScreenRec API credential",
			},
			{
				displayName: 'Download Video',
				name: 'download',
				type: 'boolean',
				default: false,
				description:
					'Whether to download the video and output it as binary data, besides its link. ScreenRec waits for the download before it counts the notification as delivered, and may time out and send it again; for long videos, download with the ScreenRec node instead.',
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

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const stored = readSubscription(this);
				if (stored === undefined) return false;
				if (stored.webhookUrl === this.getNodeWebhookUrl('default')) return true;
				// The webhook URL changed (WEBHOOK_URL, tunnel): drop the stale subscription so create() makes a new one.
				await unsubscribe(this, stored.subscriptionId);
				return false;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const allowHttp = this.getNodeParameter('allowHttpWebhook', false) === true;
				const webhookUrl = callbackUrlOf(this, allowHttp);
				try {
					const client = await hookClientFor(this, { allowHttpCallbacks: allowHttp });
					const { subscriptionId } = await client.subscribe(webhookUrl);
					saveSubscription(this, { subscriptionId, webhookUrl });
					return true;
				} catch (error) {
					throw toNodeError(this.getNode(), error, { credential: HOOK_CREDENTIAL });
				}
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const stored = readSubscription(this);
				if (stored !== undefined) await unsubscribe(this, stored.subscriptionId);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		let videoReady: VideoReady;
		try {
			videoReady = parseVideoReady(this.getBodyData());
		} catch (error) {
			const message = toNodeError(this.getNode(), error).message;
			this.logger.warn(`ScreenRec Trigger ignored a request that is not a video-ready notification: ${message}`);
			this.getResponseObject().status(400).json({ message });
			return { noWebhookResponse: true };
		}
		const item: INodeExecutionData = { json: await outputOf(this, videoReady) };
		if (this.getNodeParameter('download', false) === true) {
			const field = String(this.getNodeParameter('binaryPropertyName', 'data'));
			const stem = `screenrec-${videoReady.recordingId ?? 'video'}`;
			item.binary = { [field]: await downloadVideo(this, videoReady.videoUrl, stem) };
		}
		return { workflowData: [[item]] };
	}
}

/**
 * Unsubscribes and forgets the subscription whatever the service says: a subscription it no longer knows
 * must not block deactivation forever. A failure is logged, so a leftover subscription can be traced.
 */
async function unsubscribe(context: IHookFunctions, subscriptionId: string): Promise<void> {
	try {
		const client = await hookClientFor(context);
		await client.unsubscribe(subscriptionId);
	} catch (error) {
		const { message } = toNodeError(context.getNode(), error, { credential: HOOK_CREDENTIAL });
		context.logger.warn(`ScreenRec Trigger could not remove subscription ${subscriptionId}; forgetting it anyway. ${message}`);
	} finally {
		forgetSubscription(context);
	}
}

async function outputOf(context: IWebhookFunctions, videoReady: VideoReady): Promise<IDataObject> {
	const output: IDataObject = {
		videoUrl: videoReady.videoUrl,
		videoKey: videoReady.videoKey,
		receivedAt: new Date().toISOString(),
	};
	if (videoReady.recordingId !== undefined) output.recordingId = videoReady.recordingId;
	if (context.getNodeParameter('includeRecording', false) !== true) return output;
	if (videoReady.recordingId === undefined) {
		output.recordingError = 'The video link does not name its recording, so its details could not be fetched.';
		return output;
	}
	try {
		const client = await restClientFor(context);
		const [recording] = await client.collectRecordings({ ids: [videoReady.recordingId] }, { limit: 1 });
		if (recording === undefined) {
			output.recordingError = `ScreenRec has no recording ${videoReady.recordingId} in this workspace.`;
			return output;
		}
		// The notification's own fields win over the recording's, which only add to them.
		return { ...toJsonObject(recording), ...output };
	} catch (error) {
		// The video is ready whatever happened to the details: the workflow still starts, with the reason.
		const { message } = toNodeError(context.getNode(), error, { credential: REST_CREDENTIAL });
		context.logger.warn(`ScreenRec Trigger could not fetch recording ${videoReady.recordingId}: ${message}`);
		output.recordingError = message;
	}
	return output;
}
