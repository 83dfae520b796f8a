import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NOTIFICATION_ANSWER, ScreenRecConnection, downloadVideo, identifyVideo, toJsonObject, toNodeError, videoDownloadUrl, type IdentifiedVideo } from '../../lib';

const NO_API_KEY =
	"The recording details were not fetched: the ScreenRec credential has no API Key (and Workspace ID). Fill them in to get the recording's fields.";

/**
 * One workflow item for a video-ready notification. Core identifies the recording (only what the service
 * confirms); a failed lookup or download never loses the notification: the item still goes out with the link, and
 * `detailsError` / `downloadError` say what is missing and why. Only an unreadable body is refused (400).
 */
export async function videoReadyItem(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const connection = await ScreenRecConnection.of(context);
	const rest = connection.hasRest ? connection.rest('Fetching the recording details') : undefined;
	const signal = abortedWhenServiceHangsUp(context);
	let identified: IdentifiedVideo;
	try {
		identified = await identifyVideo(context.getBodyData(), rest, { signal });
	} catch (error) {
		const { message } = toNodeError(context.getNode(), error);
		context.logger.warn(`ScreenRec Trigger ignored a request that is not a video-ready notification: ${message}`);
		context.getResponseObject().status(NOTIFICATION_ANSWER.unreadable).json({ message });
		return { noWebhookResponse: true };
	}
	const json: IDataObject = {
		videoUrl: identified.videoUrl,
		videoKey: identified.videoKey,
		recordingId: identified.recordingId,
		receivedAt: new Date().toISOString(),
	};
	const includeRecording = context.getNodeParameter('includeRecording', false) === true;
	const detailsError = identified.detailsError ?? (includeRecording && rest === undefined ? NO_API_KEY : null);
	if (detailsError !== null) {
		json.detailsError = detailsError;
		context.logger.warn(`ScreenRec Trigger: ${detailsError}`);
	}
	// The notification's own fields win over the recording's, which only add to them.
	const item: INodeExecutionData = { json: includeRecording && identified.recording !== null ? { ...toJsonObject(identified.recording), ...json } : json };
	if (context.getNodeParameter('download', false) === true) {
		const field = String(context.getNodeParameter('binaryPropertyName', 'data'));
		try {
			const url = await videoDownloadUrl(identified, rest, connection.serviceUrl, { signal });
			item.binary = { [field]: await downloadVideo(context, url, `screenrec-${identified.recordingId ?? 'video'}`, { signal }) };
		} catch (error) {
			const { message } = toNodeError(context.getNode(), error);
			item.json.downloadError = message;
			context.logger.warn(`ScreenRec Trigger could not download the video: ${message}`);
		}
	}
	return { workflowData: [[item]] };
}

/**
 * A webhook run has no execution cancel signal yet; the request's own connection stands in for it: when the service
 * gives up waiting (it times out and will deliver again), the lookup or download in flight stops.
 */
function abortedWhenServiceHangsUp(context: IWebhookFunctions): AbortSignal {
	const controller = new AbortController();
	const response = context.getResponseObject() as Partial<NodeJS.EventEmitter & { writableEnded: boolean }>;
	if (typeof response.once === 'function') {
		response.once('close', () => {
			if (response.writableEnded !== true) controller.abort();
		});
	}
	return controller.signal;
}
