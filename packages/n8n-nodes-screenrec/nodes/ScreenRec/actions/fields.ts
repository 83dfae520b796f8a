import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { INPUT_FIELDS, inputKey, inputKind, type InputField, type InputKind, type InputName } from 'screenrec/portable';
import { recordingLocator } from '../../../lib/recording-locator';
import { fromAiKeyOf } from '../../../lib/tool-mode';
import { valueOptions } from '../../../lib/value-options';
import { withPropertyHint } from '../../builder-hint';

/*
 * The catalogue's inputs as n8n parameters: the key n8n released, the label and help in n8n's style, the parameter
 * type n8n offers for the value (a list is comma-separated text, or a multi-select of ScreenRec's values), and what
 * n8n's AI workflow builder reads about filling it.
 */

const TAGS_HINT = 'Comma-separated short labels (topic, team, ticket) the user names; empty when none';

/** How n8n's AI workflow builder fills an input; n8n's own words, not the catalogue's (no other platform has such a builder). */
const BUILDER_HINTS: Partial<Record<InputName, string>> = {
	recordingId: 'By ID: the id or recordingId of the step or trigger that made or found the recording; never made up',
	externalReference: 'Map the ID of what the recording is for (ticket, order, conversation) from an earlier step',
	filterReference: 'The ticket, order or conversation ID the recording was made for',
	email: 'Map the address of whoever should record from an earlier step; never made up',
	tags: TAGS_HINT,
	newTags: TAGS_HINT,
	filterTags: TAGS_HINT,
};

/** The n8n kind of an input: core's, with the Recording ID a resource locator and yes-or-no a flag (n8n's words). */
export type ParameterKind = 'locator' | 'flag' | Exclude<InputKind['kind'], 'boolean'>;

export function kindOf(name: InputName): ParameterKind {
	if (name === 'recordingId') return 'locator';
	const { kind } = inputKind(name);
	return kind === 'boolean' ? 'flag' : kind;
}

/**
 * The label n8n shows. n8n's editor names the `$fromAI` argument of a field after its label (fromAiKeyOf), and a
 * saved agent workflow keeps that name: so a field a model fills shows the catalogue's label only when it gives the
 * field's fixed AI name, and otherwise the AI name itself ("Created_After" shows "Created After").
 */
export function n8nLabel(field: InputField): string {
	if (field.aiName === undefined || fromAiKeyOf(field.label) === field.aiName) return field.label;
	return field.aiName.replace(/_/g, ' ');
}

/** n8n's style for a description: a single sentence has no final period, several keep theirs. */
export function n8nDescription(text: string): string {
	const trimmed = text.trim();
	return trimmed.split(/(?<=[.!?])\s+(?=[A-Z])/).length === 1 ? trimmed.replace(/\.$/, '') : trimmed;
}

const IDIOMS: Partial<Record<ParameterKind, string>> = {
	list: 'Separate several with commas.',
	date: "Without a time zone, it is read in the workflow's timezone (Workflow Settings).",
};

/** The value a parameter starts with, when the schema has no default: empty text unless here. */
const DEFAULTS: Partial<Record<ParameterKind, INodeProperties['default']>> = { choices: [], flag: false, number: 0 };
const TYPES = {
	text: 'string',
	list: 'string',
	choice: 'options',
	choices: 'multiOptions',
	date: 'dateTime',
	flag: 'boolean',
	number: 'number',
} as const;

/** One input as an n8n parameter, shown under `displayOptions` (none inside a collection). */
export function inputField(name: InputName, displayOptions?: IDisplayOptions, required = false): INodeProperties {
	const field: InputField = INPUT_FIELDS[name];
	const kind = kindOf(name);
	const description = n8nDescription([field.help, IDIOMS[kind]].filter(Boolean).join(' '));
	const shown = displayOptions === undefined ? {} : { displayOptions };
	let property: INodeProperties;
	if (kind === 'locator') property = recordingLocator({ displayName: n8nLabel(field), description, ...shown });
	else {
		const schemaDefault: unknown = field.schema.safeParse(undefined).data;
		const read = inputKind(name);
		property = {
			displayName: n8nLabel(field),
			name: inputKey(name, 'n8n'),
			type: TYPES[kind],
			default: typeof schemaDefault === 'string' ? schemaDefault : (DEFAULTS[kind] ?? ''),
			description,
			...(required ? { required } : {}),
			...('choices' in read ? { options: valueOptions(read.choices) } : {}),
			...(kind === 'text' || kind === 'list' ? { placeholder: [field.example].flat().join(', ') } : {}),
			...shown,
		};
	}
	const hint = BUILDER_HINTS[name];
	return hint === undefined ? property : withPropertyHint(property, hint);
}
