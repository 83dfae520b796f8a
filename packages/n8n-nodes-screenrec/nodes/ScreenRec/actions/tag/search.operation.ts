import { inputParameters, inputValues } from '../inputs';
import { n8nName, type OperationDescriptor } from '../operation-descriptor';

/** Tags in use on the workspace's recordings that contain the query: one item per tag. */
export const search: OperationDescriptor = {
	operation: 'searchTags',
	description: inputParameters('searchTags'),
	async run(run) {
		const { query } = inputValues(run, 'searchTags');
		const tags = await run.connection.rest(n8nName('searchTags')).searchTags(query ?? '', run.options);
		return tags.map((tag) => ({ json: { tag } }));
	},
};
