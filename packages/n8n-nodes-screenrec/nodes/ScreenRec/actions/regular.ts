import type { IDataObject } from 'n8n-workflow';
import { toJsonObject, type OperationName } from '../../../lib';
import { inputParameters, inputValues } from './inputs';
import { catalogueOf, n8nName, type OperationDescriptor, type OperationRun } from './operation-descriptor';

/** Runs the catalogue's own core call with the item's inputs: what every platform does for this operation. */
export async function performed(run: OperationRun, name: OperationName): Promise<IDataObject> {
	const { perform } = catalogueOf(name);
	if (perform === undefined) throw new Error(`${name} has no core call of its own: it needs an n8n definition of its own`);
	const output = await perform(run.connection.rest(n8nName(name)), inputValues(run, name), run.options);
	if (typeof output !== 'object' || output === null) throw new Error(`${name} gave no item`);
	return toJsonObject(output);
}

/** An operation n8n offers as the catalogue declares it: its inputs as parameters, its core call, its output as one item. */
export const regularOperation = (name: OperationName): OperationDescriptor => ({
	operation: name,
	description: inputParameters(name),
	run: async (run) => [{ json: await performed(run, name) }],
});
