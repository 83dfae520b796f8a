import { createdRecordingDetails } from '../../../../lib';
import { inputParameters, inputValues } from '../inputs';
import { n8nName, type OperationDescriptor } from '../operation-descriptor';

const NEEDS = n8nName('createRecordingLink');

/**
 * The hook's RECORDING: a recording page link to send to whoever should record. ScreenRec e-mails nobody. With the
 * Workspace ID and API Key in the credential, the new recording is looked up for its ID and status; that lookup
 * never fails the item, since the recording exists by then and a retried item would make a second one.
 */
export const create: OperationDescriptor = {
	operation: 'createRecordingLink',
	description: inputParameters('createRecordingLink'),
	async run(run) {
		const client = run.connection.hook(NEEDS);
		const { externalReference = '', tags = [] } = inputValues(run, 'createRecordingLink');
		const { url } = await client.createRecordingLink({ externalReference, ...(tags.length > 0 ? { tags } : {}) }, run.options);
		const rest = run.connection.hasRest ? run.connection.rest(NEEDS) : undefined;
		const details = await createdRecordingDetails(rest, url, externalReference, run.options);
		return [{ json: { ...details, url, externalReference, tags } }];
	},
};
