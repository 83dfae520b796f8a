import type { INodeProperties } from 'n8n-workflow';

export const tagOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['tag'] } },
	options: [
		{
			name: 'Search',
			value: 'search',
			action: 'Search tags',
			description: 'Find tags used on recordings of the workspace whose name contains the text (case-insensitive)',
		},
	],
	default: 'search',
};

export const tagFields: INodeProperties[] = [
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'onboard',
		description: 'Part of a tag name; each matching tag becomes one output item',
		displayOptions: { show: { resource: ['tag'], operation: ['search'] } },
	},
];
