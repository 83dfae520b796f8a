import type { HintedProperty } from '../../../builder-hint';

/** A Tags input: comma-separated text, or an array from an expression or an AI agent. */
export const tagsField = (description: string): HintedProperty => ({
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'onboarding, ticket-1234',
	description,
	builderHint: {
		propertyHint: 'Comma-separated short labels (topic, team, ticket) the user names; empty when none',
	},
});
