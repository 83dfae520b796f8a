import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { type OperationClients, type OperationName } from 'screenrec/portable';
import { toJsonObject } from '../../../lib/parameters';
import { inputParameters, inputValues } from './inputs';
import { catalogueOf, n8nName, type OperationDescriptor, type OperationRun } from './operation-descriptor';

/** The item's connection as the catalogue's call takes it: each client asked for by the operation's n8n name. */
function operationClients(run: OperationRun, name: OperationName): OperationClients {
	const needs = n8nName(name);
	return {
		rest: () => run.connection.rest(needs),
		hook: () => run.connection.hook(needs),
		restIfSetUp: () => (run.connection.hasRest ? run.connection.rest(needs) : undefined),
	};
}

/** Runs the catalogue's own core call with the item's inputs: what every platform does for this operation. */
export async function performed(run: OperationRun, name: OperationName): Promise<IDataObject[]> {
	const { perform, many } = catalogueOf(name);
	if (perform === undefined) throw new Error(`${name} has no core call of its own: it needs an n8n definition of its own`);
	const output: unknown = await perform(operationClients(run, name), inputValues(run, name), run.options);
	const items: unknown[] = many === true && Array.isArray(output) ? output : [output];
	return items.map((item) => {
		if (typeof item !== 'object' || item === null) throw new Error(`${name} gave no item`);
		return toJsonObject(item);
	});
}

/** An operation n8n offers as the catalogue declares it: its inputs as parameters, its core call, each output an item. */
export const regularOperation = (name: OperationName): OperationDescriptor => ({
	operation: name,
	description: inputParameters(name),
	run: async (run): Promise<INodeExecutionData[]> => (await performed(run, name)).map((json) => ({ json })),
});
