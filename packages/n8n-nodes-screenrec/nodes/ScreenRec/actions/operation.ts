import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { CallOptions, ServiceInterface, ScreenRecConnection } from '../../../lib';

export interface OperationResult {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

/** What one item's run of an operation gets. */
export interface OperationRun {
	context: IExecuteFunctions;
	itemIndex: number;
	connection: ScreenRecConnection;
	/** The execution's cancel signal and the Timeout option's deadline: pass to every core call and the download. */
	options: CallOptions & { timeoutSeconds?: number };
}

/** One operation of one resource: its own fields, the interface it uses and what it does per item. */
export interface OperationDescriptor {
	/** Which of ScreenRec's interfaces it calls: error hints depend on it. */
	uses: ServiceInterface;
	description: INodeProperties[];
	/**
	 * What an AI agent's model reads when this operation runs as a tool: what it does, what it returns, when another
	 * operation fits (named by what it does: the builder names the tools). Undefined: it cannot run as a tool.
	 */
	tool?: string;
	run(run: OperationRun): Promise<OperationResult[]>;
}

/** Shows a field only for these operations of this resource. */
export const showFor = (resource: string, ...operation: string[]) => ({
	show: { resource: [resource], operation },
});

/** A parameter as given, or undefined when absent. */
export function parameter(run: OperationRun, name: string): unknown {
	return run.context.getNodeParameter(name, run.itemIndex, undefined);
}

export function collection(run: OperationRun, name: string): IDataObject {
	return run.context.getNodeParameter(name, run.itemIndex, {}) as IDataObject;
}

/** The recording ID of the Recording field, whichever mode it was given in (from list, ID, or page link). */
export function recordingIdOf(run: OperationRun): string {
	return String(run.context.getNodeParameter('recordingId', run.itemIndex, '', { extractValue: true }) ?? '').trim();
}
