import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { fromAiKeyOf } from '../../../lib/tool-mode';
import { aiNamesByParameter } from './inputs';
import { catalogueOf, showFor, type OperationDescriptor } from './operation-descriptor';

/**
 * What an AI agent's model reads about the ScreenRec tool. n8n describes a node used as a tool by its
 * `toolDescription` parameter, and adds its own (a one-line "<action> in ScreenRec") only when the node has none; so
 * the node brings one per operation, shown only on the tool ('@tool'), which a builder may edit: the catalogue's
 * summary and what it returns, then what each field the model may fill means, by its argument name. The editor's
 * "let the model define this" button writes `$fromAI('<name>', '', …)` with no description, and n8n gives the model
 * nothing else about that argument. The name is the catalogue's fixed AI name (the one the button gives, see
 * fields.ts), so a saved workflow's arguments stay described whatever the labels become.
 */

/** Fields that are never the model's to fill: the video as binary data, which an agent cannot read, and its field name. */
const NOT_FOR_THE_MODEL = new Set(['download', 'binaryPropertyName']);
/** Field types the editor's button offers $fromAI for (not `options`) that carry a value. */
const MODEL_FILLED_TYPES = new Set(['string', 'number', 'boolean', 'dateTime', 'multiOptions', 'resourceLocator', 'json']);

function sentence(text: string): string {
	const trimmed = text.trim();
	return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** "Statuses: Only recordings in one of these states… Comma-separated, from: NEW, RECORDING, …" */
function argumentLine(field: INodeProperties, aiNames: Map<string, string>): string {
	const about = [sentence(field.description ?? field.displayName)];
	if (field.type === 'multiOptions') {
		const values = ((field.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
		about.push(`Comma-separated, from: ${values.join(', ')}.`);
	}
	if (field.type === 'dateTime') about.push('An ISO 8601 date or date-time.');
	if (field.type === 'boolean') about.push('Give true or false.');
	return `- ${aiNames.get(field.name) ?? fromAiKeyOf(field.displayName)}: ${about.join(' ')}`;
}

/** The fields a model may be asked to fill, collections' fields included, in the order the editor shows them. */
export function modelFilledFields(properties: readonly INodeProperties[]): INodeProperties[] {
	return properties.flatMap((field): INodeProperties[] => {
		if (field.type === 'collection') return modelFilledFields((field.options ?? []) as INodeProperties[]);
		if (NOT_FOR_THE_MODEL.has(field.name) || !MODEL_FILLED_TYPES.has(field.type)) return [];
		return [field];
	});
}

/** The whole text for one operation: what it does and returns, then its arguments. */
export function toolDescriptionOf(operation: OperationDescriptor): string {
	const { summary, returns } = catalogueOf(operation.operation);
	const about = `${summary} Returns ${sentence(returns)}`;
	const fields = modelFilledFields(operation.description);
	if (fields.length === 0) return about;
	const aiNames = aiNamesByParameter(operation.operation);
	const lines = fields.map((field) => argumentLine(field, aiNames));
	return `${about}\nArguments (by the names the editor gives them):\n${lines.join('\n')}`;
}

/** The `toolDescription` parameter of an operation that can run as a tool, shown only on the tool. */
export function toolDescriptionField(operation: OperationDescriptor): INodeProperties[] {
	if (operation.asTool === false) return [];
	const { show } = showFor(operation.operation);
	return [
		{
			displayName: 'Tool Description',
			name: 'toolDescription',
			type: 'string',
			typeOptions: { rows: 6 },
			default: toolDescriptionOf(operation),
			description:
				"What the AI agent's model reads about this tool: what the operation does and returns, and what each field it fills means. Add your own instructions if you like.",
			displayOptions: { show: { '@tool': [true], ...show } },
		},
	];
}
