import type { INodeProperties } from 'n8n-workflow';

/** A Comment input: the recording's internal note, which the person who records never sees. */
export const commentField = (description: string): INodeProperties => ({
	displayName: 'Comment',
	name: 'comment',
	type: 'string',
	default: '',
	description,
});
