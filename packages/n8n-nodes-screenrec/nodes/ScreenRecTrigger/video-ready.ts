import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	NOTIFICATION_ANSWER,
	ScreenRecConnection,
	downloadVideo,
	firstDelivery,
	identifyVideo,
	keepSeenVideos,
	parseVideoReady,
	standaloneMessage,
	toJsonObject,
	videoDownloadUrl,
	type VideoReady,
} from '../../lib';

const NO_API_KEY =
	"The recording details were not fetched: the ScreenRec credential has no API Key (and Workspace ID). Fill them in to get the recording's fields.";

/** The answer to a video-ready notification taken in (200, as n8n's own "on received" answer). */
export const RECEIVED = { message: 'Workflow was started' };
/** The answer to a repeat of a notification already taken in: 200 too, so the service stops sending it. */
export const ALREADY_RECEIVED = {
	message: 'Already received: this video has started its workflow run',
};

/**
 * A video-ready notification: answered at once, then turned into one workflow item.
 *
 * The answer comes before the lookup and the download: the service counts a notification delivered only when it has
 * its answer and sends it again when that takes too long (the reference service waits 10 s), and a busy webhook
 * process fetching recordings or videos for a burst of notifications would make it do so. A repeat of a video
 * already taken in (core's `videoKey`, see lib/seen-videos.ts) is answered the same way and starts nothing. Only
 * an unreadable body is refused (400).
 */
export async function receiveVideoReady(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const receivedAt = new Date().toISOString();
	let notification: VideoReady;
	try {
		notification = parseVideoReady(context.getBodyData());
	} catch (error) {
		const message = standaloneMessage(context.getNode(), error);
		context.logger.warn(`ScreenRec Trigger ignored a request that is not a video-ready notification: ${message}`);
		context.getResponseObject().status(NOTIFICATION_ANSWER.unreadable).json({ message });
		return { noWebhookResponse: true };
	}
	const first = await firstDelivery(context, notification.videoKey);
	// `noWebhookResponse`: n8n sends nothing more, and still starts the run with `workflowData` (n8n 2.3 and 2.41 alike).
	context
		.getResponseObject()
		.status(NOTIFICATION_ANSWER.received)
		.json(first ? RECEIVED : ALREADY_RECEIVED);
	if (!first) {
		context.logger.info(`ScreenRec Trigger received ${notification.videoKey} again and started no second run (answered 200).`);
		return { noWebhookResponse: true };
	}
	const item = await videoReadyItem(context, notification, receivedAt);
	keepSeenVideos(context);
	return { noWebhookResponse: true, workflowData: [[item]] };
}

/**
 * The item, after the answer. Core identifies the recording (only what the service confirms); nothing here may lose
 * the notification, which the service now counts as delivered: a failed lookup or download still gives the item with
 * the link, and `detailsError` / `downloadError` say what is missing and why.
 */
async function videoReadyItem(context: IWebhookFunctions, notification: VideoReady, receivedAt: string): Promise<INodeExecutionData> {
	const json: IDataObject = {
		videoUrl: notification.videoUrl,
		videoKey: notification.videoKey,
		recordingId: null,
		receivedAt,
	};
	let connection: ScreenRecConnection;
	try {
		connection = await ScreenRecConnection.of(context);
	} catch (error) {
		return {
			json: { ...json, detailsError: failedFor(context, 'could not read its credential', error) },
		};
	}
	const rest = connection.hasRest ? connection.rest('Fetching the recording details') : undefined;
	const identified = await identifyVideo(context.getBodyData(), rest);
	json.recordingId = identified.recordingId;
	const includeRecording = context.getNodeParameter('includeRecording', false) === true;
	// Null when the details are there, as on every platform (the behaviour table's Video Ready item).
	const detailsError = identified.detailsError ?? (includeRecording && rest === undefined ? NO_API_KEY : null);
	json.detailsError = detailsError;
	if (detailsError !== null) context.logger.warn(`ScreenRec Trigger: ${detailsError}`);
	// The notification's own fields win over the recording's, which only add to them.
	const item: INodeExecutionData = {
		json: includeRecording && identified.recording !== null ? { ...toJsonObject(identified.recording), ...json } : json,
	};
	if (context.getNodeParameter('download', false) === true) {
		const field = String(context.getNodeParameter('binaryPropertyName', 'data'));
		try {
			const url = await videoDownloadUrl(identified, rest, connection.serviceUrl);
			item.binary = {
				[field]: await downloadVideo(context, url, `screenrec-${identified.recordingId ?? 'video'}`),
			};
		} catch (error) {
			item.json.downloadError = failedFor(context, 'could not download the video', error);
		}
	}
	return item;
}

function failedFor(context: IWebhookFunctions, what: string, error: unknown): string {
	const message = standaloneMessage(context.getNode(), error);
	context.logger.warn(`ScreenRec Trigger ${what}: ${message}`);
	return message;
}
