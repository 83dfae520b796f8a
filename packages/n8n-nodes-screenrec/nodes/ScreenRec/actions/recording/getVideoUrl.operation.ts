import { downloadVideo, videoDownloadUrl } from '../../../../lib';
import { recordingField } from './recording-field';
import { parameter, recordingIdOf, showFor, type OperationDescriptor, type OperationResult } from '../operation';

const show = showFor('recording', 'getVideoUrl');

/** A fresh temporary link to a finished recording's video, and optionally the video itself, streamed into binary data. */
export const getVideoUrl: OperationDescriptor = {
	uses: 'rest',
	tool: 'Gets a fresh, temporary link to the video of a finished (COMPLETED) recording. Returns recordingId and videoUrl; the link expires, so ask again rather than keeping it. A recording that is not COMPLETED has no video yet: check its status with the ScreenRec tool that gets a recording.',
	description: [
		recordingField({ displayOptions: show }),
		{
			displayName: 'Download Video',
			name: 'download',
			type: 'boolean',
			default: false,
			description: 'Whether to download the video and output it as binary data, besides its link',
			displayOptions: show,
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			hint: 'The name of the output binary field to put the video in',
			displayOptions: { show: { ...show.show, download: [true] } },
		},
	],
	async run(run) {
		const rest = run.connection.rest('Get Video URL');
		const recordingId = recordingIdOf(run);
		if (parameter(run, 'download') !== true) {
			return [{ json: { recordingId, videoUrl: await rest.getVideoUrl(recordingId, run.options) } }];
		}
		// Through core's check: a fresh link for this confirmed recording, never one to a private or loopback address.
		const videoUrl = await videoDownloadUrl({ videoUrl: '', recordingId }, rest, run.connection.serviceUrl, run.options);
		const field = String(parameter(run, 'binaryPropertyName') ?? 'data');
		const result: OperationResult = { json: { recordingId, videoUrl } };
		result.binary = {
			[field]: await downloadVideo(run.context, videoUrl, `screenrec-${recordingId}`, run.options),
		};
		return [result];
	},
};
