import type { INodeProperties } from 'n8n-workflow';
import type { OperationDescriptor } from '../operation';
import { search } from './search.operation';

export const tagOperations: Record<string, OperationDescriptor> = { search };

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

export const tagFields: INodeProperties[] = Object.values(tagOperations).flatMap((operation) => operation.description);
