import { videoDownloadUrl } from 'screenrec/portable';
import { downloadVideo, downloadVideoParameters } from '../../../../lib/video';
import { inputParameters } from '../inputs';
import { n8nName, parameter, recordingIdOf, showFor, type OperationDescriptor } from '../operation-descriptor';
import { performed } from '../regular';

const show = showFor('getVideoUrl');

/** The catalogue's Get Video URL, and n8n's own extra: the video itself, streamed into binary data. */
export const getVideoUrl: OperationDescriptor = {
	operation: 'getVideoUrl',
	description: [
		...inputParameters('getVideoUrl'),
		...downloadVideoParameters('Whether to download the video and output it as binary data, besides its link', show),
	],
	async run(run) {
		if (parameter(run, 'download') !== true) return (await performed(run, 'getVideoUrl')).map((json) => ({ json }));
		const rest = run.connection.rest(n8nName('getVideoUrl'));
		const recordingId = recordingIdOf(run);
		// Through core's check: a fresh link for this confirmed recording, never one to a private or loopback address.
		const videoUrl = await videoDownloadUrl({ videoUrl: '', recordingId }, rest, run.connection.serviceUrl, run.options);
		const field = String(parameter(run, 'binaryPropertyName') ?? 'data');
		const binary = { [field]: await downloadVideo(run.context, videoUrl, `screenrec-${recordingId}`, run.options) };
		return [{ json: { recordingId, videoUrl }, binary }];
	},
};
