import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescriptor } from './operation';

/**
 * What an AI agent's model reads about the ScreenRec tool. n8n describes a node used as a tool by its
 * `toolDescription` parameter, and adds its own (a one-line "<action> in ScreenRec") only when the node has none; so
 * the node brings one per operation, shown only on the tool ('@tool'), which a builder may edit. It says what the
 * operation does, what it returns and when another one fits, then what each field the model may fill means: the
 * editor's "let the model define this" button writes `$fromAI('<Field_Name>', '', …)` with no description, and n8n
 * gives the model nothing else about that argument.
 */

/** n8n's editor names a $fromAI argument after the field's display name, with these characters replaced. */
export function fromAiKeyOf(displayName: string): string {
	return displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
}

/** Fields that are never the model's to fill: the video as binary data, which an agent cannot read, and its field name. */
const NOT_FOR_THE_MODEL = new Set(['download', 'binaryPropertyName']);
/** Field types the editor's button offers $fromAI for (not `options`) that carry a value. */
const MODEL_FILLED_TYPES = new Set(['string', 'number', 'boolean', 'dateTime', 'multiOptions', 'resourceLocator', 'json']);

function sentence(text: string): string {
	const trimmed = text.trim();
	return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "Statuses: Only recordings in one of these states… Comma-separated, from: NEW, RECORDING, …" */
function argumentLine(field: INodeProperties): string {
	const about = [sentence(field.description ?? field.displayName)];
	if (field.type === 'multiOptions') {
		const values = ((field.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
		about.push(`Comma-separated, from: ${values.join(', ')}.`);
	}
	if (field.type === 'dateTime') about.push('An ISO 8601 date or date-time.');
	if (field.type === 'boolean') about.push('Give true or false.');
	return `- ${fromAiKeyOf(field.displayName)}: ${about.join(' ')}`;
}

/** The fields a model may be asked to fill, collections' fields included, in the order the editor shows them. */
function modelFilledFields(properties: readonly INodeProperties[]): INodeProperties[] {
	return properties.flatMap((field): INodeProperties[] => {
		if (field.type === 'collection') return modelFilledFields((field.options ?? []) as INodeProperties[]);
		if (NOT_FOR_THE_MODEL.has(field.name) || !MODEL_FILLED_TYPES.has(field.type)) return [];
		return [field];
	});
}

/** The whole text for one operation: its own words, then its arguments. */
export function toolDescriptionOf(operation: OperationDescriptor & { tool: string }): string {
	const fields = modelFilledFields(operation.description);
	if (fields.length === 0) return operation.tool;
	return `${operation.tool}\nArguments (by the names the editor gives them):\n${fields.map(argumentLine).join('\n')}`;
}

/** One `toolDescription` parameter per operation that can run as a tool, shown only on the tool. */
export function toolDescriptionFields(resource: string, operations: Record<string, OperationDescriptor>): INodeProperties[] {
	return Object.entries(operations).flatMap(([name, operation]): INodeProperties[] => {
		if (operation.tool === undefined) return [];
		return [
			{
				displayName: 'Tool Description',
				name: 'toolDescription',
				type: 'string',
				typeOptions: { rows: 6 },
				default: toolDescriptionOf({ ...operation, tool: operation.tool }),
				description:
					"What the AI agent's model reads about this tool: what the operation does and returns, and what each field it fills means. Add your own instructions if you like.",
				displayOptions: { show: { '@tool': [true], resource: [resource], operation: [name] } },
			},
		];
	});
}
