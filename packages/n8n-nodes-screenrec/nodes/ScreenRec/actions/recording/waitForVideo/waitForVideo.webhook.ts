import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import {
	NOTIFICATION_ANSWER,
	isRefusedVideo,
	parseVideoReady,
	screenVideoReady,
	videoIdCandidates,
	type Recording,
	type VideoReady,
} from 'screenrec/portable';
import { SECRET_PARAMETER, secretFitsDigest } from '../../../../../lib/callback-url';
import { ScreenRecConnection } from '../../../../../lib/connection';
import { standaloneMessage, toNodeError } from '../../../../../lib/errors';
import { claimResume } from './resume-claims';
import { waitSubscriptionOf } from './wait-again';
import { EARLIER_WAIT_FIELD, RECORDING_PARAMETER, isWaitSecret, readEarlierWaitState } from './wait-state';
import { notedSubscription } from './wait-sweep';
import { unconfirmedWaitedVideoItem, waitedVideoItem } from './waited-video';

export const NOT_THIS_EXECUTIONS_SUBSCRIPTION =
	'This address accepts only the video-ready notifications of the subscription made by this waiting execution, and this request carries no secret.';
export const WAIT_GONE =
	'This execution no longer waits with the subscription this notification is for (its secret is wrong or from an earlier wait): ScreenRec drops that subscription.';
export const ANOTHER_RECORDING = "This notification is about another recording's video: the execution keeps waiting for its own.";
export const NOT_FINISHED_YET = 'The awaited recording is not finished yet according to ScreenRec: the execution keeps waiting.';
export const ALREADY_RESUMING = 'The awaited video is ready and this execution is being resumed already.';
export const RESUMING =
	'The awaited video is ready: the execution resumes with it, and this subscription has served its purpose (answered 410, so ScreenRec drops it).';
export const LOOKUP_FAILED =
	'The recording could not be checked with ScreenRec just now; the execution keeps waiting (send the notification again).';
export const RESUMING_UNCONFIRMED =
	"The awaited recording's video is ready according to this notification, which ScreenRec could not be asked to confirm: the execution resumes with its link, flagged, and this subscription has served its purpose (answered 410, so ScreenRec drops it).";

/**
 * n8n calls this for a POST to a waiting execution's resume URL, which "Wait for Video" subscribed to ScreenRec's
 * video-ready notification. Returning items resumes the execution with them; answering and returning none leaves it
 * waiting (n8n keeps the execution as stored). ScreenRec notifies every subscription of the workspace of every
 * video, so whatever video a notification is about, it is taken as the cue to ask ScreenRec whether the AWAITED
 * recording is finished: one lookup, as confirming the notified video would take, and a waiting execution whose own
 * notification was lost is resumed by the next one it gets. The notification that resumes the execution is answered
 * 410, which makes ScreenRec drop the subscription (the node removes it too, where it can): after that n8n itself
 * answers the URL (409), before any node code. When ScreenRec cannot be asked (throttled, a server error, too slow,
 * a revoked key), a notification whose link names the awaited recording still resumes the execution, with that link
 * flagged (`linkConfirmed`, `detailsError`): losing the service's word that the video is ready is worse than a flagged
 * link. One that does not name it is answered 503, to be sent again. It never throws: n8n would resume the execution
 * with the error.
 */
export async function resumeOnVideo(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const answer = (status: number, message: string): IWebhookResponseData => {
		this.getResponseObject().status(status).json({ message });
		return { noWebhookResponse: true };
	};
	const query = this.getQueryData() as IDataObject;
	const given = query[SECRET_PARAMETER];
	if (given === undefined || given === '') {
		this.logger.warn(
			'Wait for Video refused a request without a secret (answered 401; the execution keeps waiting): it did not come from a ScreenRec subscription.',
		);
		return answer(NOTIFICATION_ANSWER.unauthorized, NOT_THIS_EXECUTIONS_SUBSCRIPTION);
	}
	try {
		const connection = await ScreenRecConnection.of(this);
		const awaitedId = awaitedRecordingOf(this, query, connection.credential.backendToken);
		if (awaitedId === undefined) {
			// A subscription this wait does not hold (another execution's or node's, a replaced Backend Token): 410 makes
			// ScreenRec drop it. The wait's own subscription is unaffected, and the execution keeps waiting.
			this.logger.warn(
				'Wait for Video received a notification for a subscription it no longer holds (a wrong secret, or one of an earlier wait): answered 410 so ScreenRec drops that subscription; the execution keeps waiting.',
			);
			return answer(NOTIFICATION_ANSWER.gone, WAIT_GONE);
		}
		let notified: VideoReady;
		try {
			notified = parseVideoReady(this.getBodyData());
		} catch (error) {
			return answer(NOTIFICATION_ANSWER.unreadable, standaloneMessage(this.getNode(), error));
		}
		const rest = connection.rest('Wait for Video');
		// A link that names no recording (object-store links) may be this one's: only the status tells.
		const aboutAwaited = videoIdCandidates(notified.videoUrl).includes(awaitedId.toLowerCase());
		let awaited: Recording | undefined;
		let lookupError: unknown;
		try {
			awaited = await rest.getRecording(awaitedId);
		} catch (error) {
			lookupError = error;
		}
		if (awaited === undefined) {
			const passable = !isRefusedVideo(screenVideoReady(this.getBodyData(), connection.serviceUrl));
			if (!aboutAwaited || !passable) return answer(NOTIFICATION_ANSWER.retryLater, LOOKUP_FAILED);
		} else if (awaited.status !== 'COMPLETED') {
			return answer(NOTIFICATION_ANSWER.received, aboutAwaited ? NOT_FINISHED_YET : ANOTHER_RECORDING);
		}
		const giveClaimBack = claimResume(this.getExecutionId());
		if (giveClaimBack === undefined) return answer(NOTIFICATION_ANSWER.received, ALREADY_RESUMING);
		try {
			const download = this.getNodeParameter('download', false) === true;
			const binaryField = download ? String(this.getNodeParameter('binaryPropertyName', 'data')) : undefined;
			const itemOptions = { binaryField, serviceUrl: connection.serviceUrl };
			// Confirmed, always a fresh link from ScreenRec: the posted one is only the cue (anyone who learns the URL can
			// post one).
			const item =
				awaited === undefined
					? await unconfirmedWaitedVideoItem(this, awaitedId, notified, lookupError, itemOptions)
					: await waitedVideoItem(this, { recording: awaited, videoUrl: await rest.getVideoUrl(awaited.id) }, rest, itemOptions);
			// The 410 makes ScreenRec drop the subscription, but an answer it never gets (n8n answering after its
			// timeout, a cut connection) would leave it to n8n, which answers every later post 409, never 410: so it is
			// removed here first, found in the execution's custom data (or, should that be full, in the static data n8n 2.3
			// gives this webhook as the pause saved it). Quietly: the 410 still removes it.
			const subscriptionId = waitSubscriptionOf(this) ?? notedSubscription(this, this.getExecutionId());
			if (subscriptionId !== undefined)
				await connection
					.hook('Removing the Wait for Video subscription')
					.unsubscribe(subscriptionId)
					.catch(() => undefined);
			// Answered only once nothing can fail any more (a failed download is reported on the item). Should n8n not
			// start the resumed run after this answer (a crash just then), the wait's time limit still ends the wait.
			this.getResponseObject()
				.status(NOTIFICATION_ANSWER.gone)
				.json({ message: awaited === undefined ? RESUMING_UNCONFIRMED : RESUMING });
			return { workflowData: [[item]], noWebhookResponse: true };
		} catch (error) {
			giveClaimBack();
			throw toNodeError(this.getNode(), error);
		}
	} catch (error) {
		const message = standaloneMessage(this.getNode(), error);
		this.logger.warn(`Wait for Video could not handle a notification (answered 500; the execution keeps waiting): ${message}`);
		return answer(NOTIFICATION_ANSWER.failed, message);
	}
}

/**
 * The recording this wait awaits, when the URL's secret proves the notification is for this wait: the recording the
 * URL names, with the secret this node made for this execution (wait-state.ts); or, for a wait begun by the 0.1
 * release, the state that release left on the waiting item. Undefined for a subscription this wait does not hold.
 */
function awaitedRecordingOf(context: IWebhookFunctions, query: IDataObject, key: string): string | undefined {
	const recordingId = query[RECORDING_PARAMETER];
	if (typeof recordingId === 'string' && recordingId !== '') {
		const target = { executionId: context.getExecutionId(), nodeName: context.getNode().name, recordingId };
		return isWaitSecret(query[SECRET_PARAMETER], target, key) ? recordingId : undefined;
	}
	const earlier = readEarlierWaitState(context.evaluateExpression(`{{ $json.${EARLIER_WAIT_FIELD} }}`));
	return earlier !== undefined && secretFitsDigest(query[SECRET_PARAMETER], earlier.secretDigest) ? earlier.recordingId : undefined;
}
