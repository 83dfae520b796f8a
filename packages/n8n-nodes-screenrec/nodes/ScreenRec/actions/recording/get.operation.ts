import { recordingLocator, toJsonObject } from '../../../../lib';
import { recordingIdOf, showFor, type OperationDescriptor } from '../operation';

/** One recording, with its status, tags, comment and external reference. */
export const get: OperationDescriptor = {
	uses: 'rest',
	description: [recordingLocator({ displayOptions: showFor('recording', 'get') })],
	async run(run) {
		const recording = await run.connection.rest('Get').getRecording(recordingIdOf(run), run.options);
		return [{ json: toJsonObject(recording) }];
	},
};
