import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	NOTIFICATION_ANSWER,
	ScreenRecConnection,
	WAIT_FIELD,
	readWaitState,
	identifyVideo,
	secretFitsDigest,
	toNodeError,
	waitedVideoItem,
	type IdentifiedVideo,
	type Recording,
	type RestClient,
	type WaitState,
} from '../../../../lib';
import { SECRET_PARAMETER } from '../../../ScreenRecTrigger/subscription';
import { removeSubscription } from './waitForVideo.operation';

export const NOT_THIS_EXECUTIONS_SUBSCRIPTION =
	'This address accepts only the video-ready notifications of the subscription made by this waiting execution (its secret is missing or wrong).';
export const ANOTHER_RECORDING = "This notification is about another recording's video: the execution keeps waiting for its own.";
export const LOOKUP_FAILED = 'The recording could not be checked with ScreenRec just now; the execution keeps waiting (send the notification again).';

/**
 * n8n calls this for a POST to a waiting execution's resume URL, which "Wait for Video" subscribed to ScreenRec's
 * video-ready notification. Returning items resumes the execution with them; answering and returning none leaves it
 * waiting (n8n keeps the execution as stored). ScreenRec notifies every subscription of the workspace of every
 * video, so only this recording's video resumes it; any other is answered 200, since it was delivered fine. It
 * never throws: n8n would resume the execution with the error.
 */
export async function resumeOnVideo(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const answer = (status: number, message: string): IWebhookResponseData => {
		this.getResponseObject().status(status).json({ message });
		return { noWebhookResponse: true };
	};
	// The waiting node's input item, as the operation left it (wait-state.ts).
	const state = readWaitState(this.evaluateExpression(`{{ $json.${WAIT_FIELD} }}`));
	const given = (this.getQueryData() as IDataObject)[SECRET_PARAMETER];
	if (state === undefined || !secretFitsDigest(given, state.secretDigest)) {
		this.logger.warn('Wait for Video refused a request without the secret of its subscription (answered 401; the execution keeps waiting).');
		return answer(NOTIFICATION_ANSWER.unauthorized, NOT_THIS_EXECUTIONS_SUBSCRIPTION);
	}
	try {
		const connection = await ScreenRecConnection.of(this);
		const rest = connection.rest('Wait for Video');
		let identified: IdentifiedVideo;
		try {
			identified = await identifyVideo(this.getBodyData(), rest);
		} catch (error) {
			return answer(NOTIFICATION_ANSWER.unreadable, toNodeError(this.getNode(), error).message);
		}
		const awaited = await awaitedRecording(identified, state, rest);
		if (awaited === 'unknown') return answer(NOTIFICATION_ANSWER.retryLater, LOOKUP_FAILED);
		if (awaited === undefined) return answer(NOTIFICATION_ANSWER.received, ANOTHER_RECORDING);
		// Removed before anything slower (a download): the resumed execution's URL answers 409 from now on.
		await removeSubscription(connection, this, state.subscriptionId);
		const videoUrl = awaited.fromNotification ? identified.videoUrl : await rest.getVideoUrl(awaited.recording.id);
		const download = this.getNodeParameter('download', false) === true;
		const binaryField = download ? String(this.getNodeParameter('binaryPropertyName', 'data')) : undefined;
		const item = await waitedVideoItem(this, { recording: awaited.recording, videoUrl }, rest, { binaryField, serviceUrl: connection.serviceUrl });
		return { workflowData: [[item]] };
	} catch (error) {
		const { message } = toNodeError(this.getNode(), error);
		this.logger.warn(`Wait for Video could not handle a notification (answered 500; the execution keeps waiting): ${message}`);
		return answer(NOTIFICATION_ANSWER.failed, message);
	}
}

/**
 * The awaited recording when this notification is its video. Core identifies the video; a link that names no
 * recording (object-store links) is checked the other way round: is the awaited recording finished now?
 */
async function awaitedRecording(
	identified: IdentifiedVideo,
	state: WaitState,
	rest: RestClient,
): Promise<{ recording: Recording; fromNotification: boolean } | undefined | 'unknown'> {
	if (identified.recordingId !== null) {
		return identified.recordingId === state.recordingId && identified.recording !== null ? { recording: identified.recording, fromNotification: true } : undefined;
	}
	try {
		const recording = await rest.getRecording(state.recordingId);
		return recording.status === 'COMPLETED' ? { recording, fromNotification: false } : undefined;
	} catch {
		return 'unknown';
	}
}
