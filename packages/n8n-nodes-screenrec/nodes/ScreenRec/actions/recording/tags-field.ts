import type { INodeProperties } from 'n8n-workflow';

/** A Tags input: comma-separated text, or an array from an expression or an AI agent. */
export const tagsField = (description: string): INodeProperties => ({
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'onboarding, ticket-1234',
	description,
});
