import { recordingLocator } from '../../../../lib';
import { recordingIdOf, showFor, type Operation } from '../operation';

/** Deletes a recording and its video for good. */
export const deleteRecording: Operation = {
	uses: 'rest',
	description: [recordingLocator({ displayOptions: showFor('recording', 'delete') })],
	async run(run) {
		const recordingId = recordingIdOf(run);
		await run.connection.rest('Delete').deleteRecording(recordingId, run.options);
		return [{ json: { recordingId, deleted: true } }];
	},
};
