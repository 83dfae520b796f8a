import { showFor, parameter, type OperationDescriptor } from '../operation';

/** Tags in use on the workspace's recordings that contain the query. */
export const search: OperationDescriptor = {
	uses: 'rest',
	tool: "Finds the tags used on the ScreenRec workspace's recordings whose name contains the query (case-insensitive). Returns one result per tag, as {tag}. Use it to learn exact tag names before finding recordings by tag.",
	description: [
		{
			displayName: 'Query',
			name: 'query',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'onboard',
			description: 'Part of a tag name (case-insensitive); each matching tag becomes one output item',
			displayOptions: showFor('tag', 'search'),
		},
	],
	async run(run) {
		const tags = await run.connection.rest('Search Tags').searchTags(String(parameter(run, 'query') ?? ''), run.options);
		return tags.map((tag) => ({ json: { tag } }));
	},
};
