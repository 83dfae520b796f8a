import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	NOTIFICATION_ANSWER,
	identifyVideo,
	isRefusedVideo,
	screenVideoReady,
	videoDownloadUrl,
	type IdentifiedVideo,
	type RestClient,
	type VideoReady,
} from 'screenrec/portable';
import { ScreenRecConnection } from '../../lib/connection';
import { standaloneMessage } from '../../lib/errors';
import { toJsonObject } from '../../lib/parameters';
import { firstDelivery, keepSeenVideos, seenBefore } from '../../lib/seen-videos';
import { downloadVideo } from '../../lib/video';

const NO_API_KEY =
	"The recording details were not fetched: the ScreenRec credential has no API Key (and Workspace ID). Fill them in to get the recording's fields.";

/** The answer to a video-ready notification taken in (200, as n8n's own "on received" answer). */
export const RECEIVED = { message: 'Workflow was started' };
/** The answer to a repeat of a notification already taken in: 200 too, so the service stops sending it. */
export const ALREADY_RECEIVED = {
	message: 'Already received: this video has started its workflow run',
};
/** The answer when the credential cannot be read just now: a 5xx, so the service sends the notification again. */
export const CREDENTIAL_UNREADABLE = {
	message: 'The ScreenRec Trigger could not read its credential just now: send the notification again later.',
};

/**
 * A video-ready notification: answered at once, then turned into one workflow item.
 *
 * The answer comes before the lookup and the download: the service counts a notification delivered only when it has
 * its answer and sends it again when that takes too long (the reference service waits 10 s), and a busy webhook
 * process fetching recordings or videos for a burst of notifications would make it do so. What can be told without a
 * lookup is answered at once: an unreadable body, or a link that can never be the service's (plain http off the
 * Service URL's origin), is refused with 400; a repeat of a video already taken in is answered 200 and starts
 * nothing. Whatever the lookup says, the notification starts one run: with the service's own link when it confirms
 * the recording (core's identifyVideo), else with the posted https link flagged `linkConfirmed: false` and the reason,
 * no recording fields and nothing downloaded from it, since losing a real video is worse than a flagged link.
 */
export async function receiveVideoReady(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const receivedAt = new Date().toISOString();
	const answer = (status: number, body: IDataObject): IWebhookResponseData => {
		context.getResponseObject().status(status).json(body);
		// `noWebhookResponse`: n8n sends nothing more, and still starts the run with `workflowData` (n8n 2.3 and 2.41 alike).
		return { noWebhookResponse: true };
	};
	let connection: ScreenRecConnection;
	try {
		connection = await ScreenRecConnection.of(context);
	} catch (error) {
		const message = standaloneMessage(context.getNode(), error);
		context.logger.warn(
			`ScreenRec Trigger could not read its credential (answered 503, so ScreenRec sends the notification again): ${message}`,
		);
		return answer(NOTIFICATION_ANSWER.retryLater, CREDENTIAL_UNREADABLE);
	}
	let notification: VideoReady;
	try {
		const screened = screenVideoReady(context.getBodyData(), connection.serviceUrl);
		if (isRefusedVideo(screened)) {
			context.logger.warn(`ScreenRec Trigger answered 400 and started no execution: ${screened.refused}`);
			return answer(NOTIFICATION_ANSWER.unreadable, { message: screened.refused });
		}
		notification = screened;
	} catch (error) {
		const message = standaloneMessage(context.getNode(), error);
		context.logger.warn(`ScreenRec Trigger ignored a request that is not a video-ready notification: ${message}`);
		return answer(NOTIFICATION_ANSWER.unreadable, { message });
	}
	// Only keys the service gave are remembered: a posted key matches one only when it is the service's own link.
	if (seenBefore(context, notification.videoKey)) {
		context.logger.info(`ScreenRec Trigger received ${notification.videoKey} again and started no second run (answered 200).`);
		return answer(NOTIFICATION_ANSWER.received, ALREADY_RECEIVED);
	}
	answer(NOTIFICATION_ANSWER.received, RECEIVED);
	const rest = connection.hasRest ? connection.rest('Fetching the recording details') : undefined;
	let identified: IdentifiedVideo;
	try {
		const outcome = await identifyVideo(context.getBodyData(), rest, connection.serviceUrl);
		if (isRefusedVideo(outcome)) {
			context.logger.warn(`ScreenRec Trigger started no execution: ${outcome.refused}`);
			return { noWebhookResponse: true };
		}
		identified = outcome;
	} catch (error) {
		failedFor(context, 'could not read the notification', error);
		return { noWebhookResponse: true };
	}
	// Deduplicated on the key of the link the service vouches for, now that it is known.
	if (!(await firstDelivery(context, identified.videoKey))) {
		context.logger.info(`ScreenRec Trigger received ${identified.videoKey} again and started no second run (answered 200).`);
		return { noWebhookResponse: true };
	}
	const item = await videoReadyItem(context, identified, { connection, rest, receivedAt });
	keepSeenVideos(context);
	return { noWebhookResponse: true, workflowData: [[item]] };
}

interface ItemSources {
	connection: ScreenRecConnection;
	rest: RestClient | undefined;
	receivedAt: string;
}

/**
 * The item, after the answer. Nothing here may lose the notification, which the service now counts as delivered: a
 * failed download still gives the item with the link, and `detailsError` / `downloadError` say what is missing and why.
 */
async function videoReadyItem(
	context: IWebhookFunctions,
	identified: IdentifiedVideo,
	{ connection, rest, receivedAt }: ItemSources,
): Promise<INodeExecutionData> {
	const includeRecording = context.getNodeParameter('includeRecording', false) === true;
	// Null when the details are there, as on every platform (the behaviour table's Video Ready item).
	const detailsError = identified.detailsError ?? (includeRecording && rest === undefined ? NO_API_KEY : null);
	const json: IDataObject = {
		videoUrl: identified.videoUrl,
		videoKey: identified.videoKey,
		linkConfirmed: identified.linkConfirmed,
		recordingId: identified.recordingId,
		receivedAt,
		detailsError,
	};
	if (detailsError !== null) context.logger.warn(`ScreenRec Trigger: ${detailsError}`);
	if (identified.postedLinkNote !== null) context.logger.warn(`ScreenRec Trigger: ${identified.postedLinkNote}`);
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
