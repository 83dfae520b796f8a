import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';
import { callOptionsOf } from '../../../lib/call-options';
import { ScreenRecConnection } from '../../../lib/connection';
import { toNodeError } from '../../../lib/errors';
import { isCancellation, leanToolResult, runsAsTool, toolFailure } from '../../../lib/tool-mode';
import { usesOf } from './operation-descriptor';
import { NODE_OPERATIONS, declaredOutput } from './node-operations';

/**
 * Runs the chosen operation once per input item; each output is paired with its item. As an AI agent's tool, the
 * model reads the outputs: only what the operation's output declares, and a ScreenRec failure is a result it can act
 * on (tool-mode.ts), logged with the builder's hint; as a regular node, a failure fails the node (or gives an {error}
 * item under On Error).
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const asTool = runsAsTool(this.getNode());
	const output: INodeExecutionData[] = [];
	let connection: ScreenRecConnection | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operationName = this.getNodeParameter('operation', itemIndex) as string;
		const operation = NODE_OPERATIONS[resource]?.[operationName];
		if (operation === undefined) {
			throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not known for "${resource}".`, { itemIndex });
		}
		const used = usesOf(operation.operation);
		try {
			connection ??= await ScreenRecConnection.of(this);
			const results = await operation.run({
				context: this,
				itemIndex,
				connection,
				options: callOptionsOf(this, itemIndex),
			});
			for (const result of results)
				output.push({
					...result,
					...(asTool ? { json: leanToolResult(result.json, declaredOutput(operation.operation)) } : {}),
					pairedItem: { item: itemIndex },
				});
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, { itemIndex, used });
			if (asTool && !isCancellation(error)) {
				this.logger.warn(`ScreenRec tool "${this.getNode().name}" failed: ${nodeError.message} ${nodeError.description ?? ''}`.trim());
				output.push({ json: toolFailure(error, used), pairedItem: { item: itemIndex } });
				continue;
			}
			if (this.continueOnFail()) {
				output.push({ json: { error: nodeError.message }, pairedItem: { item: itemIndex } });
				continue;
			}
			throw nodeError;
		}
	}
	return [output];
}
