import {
	ScreenRecError,
	detailsLookupFailedMessage,
	parseVideoReady,
	refusedLookupFailedReason,
	unconfirmedLinkMessage,
	videoDownloadUrl,
	type CallOptions,
	type Recording,
	type RestClient,
	type VideoReady,
} from 'screenrec/portable';
import type { INodeExecutionData } from 'n8n-workflow';
import { standaloneMessage } from '../../../../../lib/errors';
import { toJsonObject } from '../../../../../lib/parameters';
import { downloadVideo, type DownloadContext } from '../../../../../lib/video';

/** A finished recording and the link of its video, as "Wait for Video" outputs it. */
export interface WaitedVideo {
	recording: Recording;
	/** A link ScreenRec signed for this recording just now (Get Video URL), never a posted one. */
	videoUrl: string;
}

export interface WaitedVideoOptions extends CallOptions {
	/** The binary field to put the downloaded video in; no download when undefined. */
	binaryField?: string;
	/** The credential's Service URL: a video is fetched only from a public address, or from the service's own host. */
	serviceUrl: string;
}

/**
 * The item "Wait for Video" continues with, in the names Video Ready uses: `recordingId`, `videoUrl`, `videoKey`,
 * and the recording's fields beside them; with a binary field, the video itself, fetched through that fresh link
 * (core's videoDownloadUrl rules: never a private or loopback address). A failed download does not lose the video's
 * arrival: the item goes out with `downloadError` saying why, as Video Ready's does.
 */
export async function waitedVideoItem(
	context: DownloadContext,
	video: WaitedVideo,
	rest: RestClient,
	options: WaitedVideoOptions,
): Promise<INodeExecutionData> {
	const { binaryField, serviceUrl, ...callOptions } = options;
	const { recording, videoUrl } = video;
	const item: INodeExecutionData = {
		json: {
			...toJsonObject(recording),
			recordingId: recording.id,
			videoUrl,
			videoKey: parseVideoReady({ result: videoUrl }).videoKey,
			linkConfirmed: true,
		},
	};
	if (binaryField !== undefined) {
		try {
			const freshLink = await videoDownloadUrl(
				{ videoUrl, recordingId: recording.id, linkSource: 'presign' },
				rest,
				serviceUrl,
				callOptions,
			);
			item.binary = {
				[binaryField]: await downloadVideo(context, freshLink, `screenrec-${recording.id}`, callOptions),
			};
		} catch (error) {
			item.json.downloadError = standaloneMessage(context.getNode(), error);
		}
	}
	return item;
}

/**
 * The item "Wait for Video" continues with when ScreenRec notified the awaited recording's video but could not be
 * asked about it (throttled, a server error, too slow, a revoked key): the notification's own link, with no recording
 * fields, `detailsError` saying why, and `linkConfirmed` false when the link is on another host than the Service
 * URL's. Losing a real video is worse than a flagged link; a video is downloaded only from the Service URL's origin.
 */
export async function unconfirmedWaitedVideoItem(
	context: DownloadContext,
	recordingId: string,
	notified: VideoReady,
	lookupError: unknown,
	options: WaitedVideoOptions,
): Promise<INodeExecutionData> {
	const { binaryField, serviceUrl, ...callOptions } = options;
	const reason = lookupError instanceof ScreenRecError ? lookupError.message : 'an unexpected error.';
	const linkConfirmed = new URL(notified.videoUrl).origin === new URL(serviceUrl).origin;
	const item: INodeExecutionData = {
		json: {
			recordingId,
			videoUrl: notified.videoUrl,
			videoKey: notified.videoKey,
			linkConfirmed,
			detailsError: linkConfirmed ? detailsLookupFailedMessage(reason) : unconfirmedLinkMessage(refusedLookupFailedReason(reason)),
		},
	};
	if (binaryField !== undefined) {
		try {
			const link = await videoDownloadUrl({ videoUrl: notified.videoUrl, recordingId: null }, undefined, serviceUrl);
			item.binary = { [binaryField]: await downloadVideo(context, link, `screenrec-${recordingId}`, callOptions) };
		} catch (error) {
			item.json.downloadError = standaloneMessage(context.getNode(), error);
		}
	}
	return item;
}
