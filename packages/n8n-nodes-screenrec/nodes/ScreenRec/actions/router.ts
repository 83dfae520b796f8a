import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import { ScreenRecConnection, callOptionsOf, toNodeError } from '../../../lib';
import type { OperationDescriptor } from './operation';
import { recordingOperations } from './recording';
import { tagOperations } from './tag';

const OPERATIONS: Record<string, Record<string, OperationDescriptor>> = { recording: recordingOperations, tag: tagOperations };

/** Runs the chosen operation once per input item; each output is paired with its item. */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	let connection: ScreenRecConnection | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operationName = this.getNodeParameter('operation', itemIndex) as string;
		const operation = OPERATIONS[resource]?.[operationName];
		if (operation === undefined) {
			throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not known for "${resource}".`, { itemIndex });
		}
		try {
			connection ??= await ScreenRecConnection.of(this);
			const results = await operation.run({ context: this, itemIndex, connection, options: callOptionsOf(this, itemIndex) });
			for (const result of results) output.push({ ...result, pairedItem: { item: itemIndex } });
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, { itemIndex, used: operation.uses });
			if (this.continueOnFail()) {
				output.push({ json: { error: nodeError.message }, pairedItem: { item: itemIndex } });
				continue;
			}
			throw nodeError;
		}
	}
	return [output];
}
