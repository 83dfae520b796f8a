import type { INodeProperties } from 'n8n-workflow';
import { INPUT_FIELDS, inputKey, type InputField, type InputName, type InputValues, type OperationName } from 'screenrec/portable';
import { isoDateIn, listOf, textOf } from '../../../lib/parameters';
import { inputField, kindOf } from './fields';
import { catalogueOf, collection, parameter, recordingIdOf, showFor, type OperationRun } from './operation-descriptor';

/** The collections n8n gathers an operation's optional inputs in (n8n's own names for them). */
const COLLECTIONS = {
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
} as const;
type CollectionName = keyof typeof COLLECTIONS;

/**
 * Where an operation's optional inputs sit, as released: a saved workflow holds each value under its place. Without
 * an entry, every input is a parameter of its own; `ownParameters` stay out of the collection.
 */
const OPTIONAL_INPUTS: Partial<Record<OperationName, { collection: CollectionName; ownParameters?: InputName[] }>> = {
	requestRecording: { collection: 'additionalFields', ownParameters: ['direction', 'email'] },
	findRecordings: { collection: 'filters' },
	updateRecording: { collection: 'updateFields' },
};

/** Where an input of an operation is read from: its own parameter, or its key in a collection. */
function placeOf(operation: OperationName, name: InputName): CollectionName | undefined {
	const layout = OPTIONAL_INPUTS[operation];
	const { required } = catalogueOf(operation);
	if (layout === undefined || required.includes(name) || layout.ownParameters?.includes(name)) return undefined;
	return layout.collection;
}

const byLabel = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/** An operation's parameters, in the catalogue's order, its optional inputs gathered in its collection with n8n's `extras`. */
export function inputParameters(operation: OperationName, extras: INodeProperties[] = []): INodeProperties[] {
	const { inputs, required } = catalogueOf(operation);
	const show = showFor(operation);
	const own = inputs.filter((name) => placeOf(operation, name) === undefined);
	const gathered = inputs.filter((name) => placeOf(operation, name) !== undefined);
	const parameters = own.map((name) => inputField(name, show, required.includes(name)));
	const layout = OPTIONAL_INPUTS[operation];
	if (layout === undefined) return parameters;
	const options = [...gathered.map((name) => inputField(name)), ...extras].sort(byLabel);
	return [
		...parameters,
		{ ...COLLECTIONS[layout.collection], name: layout.collection, type: 'collection', default: {}, displayOptions: show, options },
	];
}

/** One input's value as given, read as the catalogue takes it: a list is a list, blank text is no value. */
function valueOf(run: OperationRun, operation: OperationName, name: InputName): unknown {
	const place = placeOf(operation, name);
	const key = inputKey(name, 'n8n');
	const given = place === undefined ? parameter(run, key) : collection(run, place)[key];
	switch (kindOf(name)) {
		case 'locator':
			return recordingIdOf(run);
		case 'list':
		case 'choices':
			return listOf(given);
		case 'date':
			return isoDateIn(given, run.context.getTimezone());
		case 'flag':
			return typeof given === 'boolean' ? given : undefined;
		default:
			return textOf(given);
	}
}

/**
 * The operation's inputs on this item, as the catalogue reads them (tags cleaned, each once). A value its schema
 * refuses goes on as given: core refuses it before anything is sent, in the words every platform shows.
 */
export function inputValues(run: OperationRun, operation: OperationName): InputValues<readonly InputName[]> {
	const values: InputValues<readonly InputName[]> = {};
	for (const name of catalogueOf(operation).inputs) {
		const given = valueOf(run, operation, name);
		if (given === undefined) continue;
		const read = INPUT_FIELDS[name].schema.safeParse(given);
		Object.assign(values, { [name]: read.success ? read.data : given });
	}
	return values;
}

/** The AI argument names of an operation's inputs, by the parameter name each one has on n8n. */
export function aiNamesByParameter(operation: OperationName): Map<string, string> {
	return new Map(
		catalogueOf(operation).inputs.flatMap((name) => {
			const field: InputField = INPUT_FIELDS[name];
			return field.aiName === undefined ? [] : [[inputKey(name, 'n8n'), field.aiName]];
		}),
	);
}
