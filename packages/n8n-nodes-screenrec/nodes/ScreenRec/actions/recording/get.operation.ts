import { RECORDING_STATUSES, toJsonObject } from '../../../../lib';
import { recordingField } from './recording-field';
import { recordingIdOf, showFor, type OperationDescriptor } from '../operation';

/** One recording, with its status, tags, comment and external reference. */
export const get: OperationDescriptor = {
	uses: 'rest',
	tool: `Gets one ScreenRec recording by its ID. Returns id, status (${RECORDING_STATUSES.join(', ')}; COMPLETED once its video is ready), direction, tags, comment, externalReference, createdDate and url. For the video itself, use the ScreenRec tool that gets a video URL; to look recordings up by status, tag, date or external reference, the one that finds recordings.`,
	description: [recordingField({ displayOptions: showFor('recording', 'get') })],
	async run(run) {
		const recording = await run.connection.rest('Get').getRecording(recordingIdOf(run), run.options);
		return [{ json: toJsonObject(recording) }];
	},
};
