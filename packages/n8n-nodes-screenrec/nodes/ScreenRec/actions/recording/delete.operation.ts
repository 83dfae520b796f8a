import { toJsonObject } from '../../../../lib';
import { recordingField } from './recording-field';
import { recordingIdOf, showFor, type OperationDescriptor } from '../operation';

/** Deletes a recording and its video for good; reads it first, so the output shows what was deleted. */
export const deleteRecording: OperationDescriptor = {
	uses: 'rest',
	tool: 'Deletes a ScreenRec recording and its video for good: it cannot be undone. Use it only when the user asks to delete that recording. Returns what was deleted (id, status, tags, externalReference, createdDate) and deleted: true.',
	description: [recordingField({ displayOptions: showFor('recording', 'delete') })],
	async run(run) {
		const recording = await run.connection.rest('Delete').deleteRecording(recordingIdOf(run), run.options);
		return [{ json: { ...toJsonObject(recording), deleted: true } }];
	},
};
