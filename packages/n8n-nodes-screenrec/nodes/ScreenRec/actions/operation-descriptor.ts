import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { OPERATIONS, type CallOptions, type CatalogueOperation, type OperationName } from 'screenrec/portable';
import { type ScreenRecConnection } from '../../../lib/connection';
import { type ServiceInterface } from '../../../lib/errors';

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

/** One operation of the ScreenRec node: the catalogue operation it is, its parameters and what it does per item. */
export interface OperationDescriptor {
	operation: OperationName;
	description: INodeProperties[];
	/** False when it cannot run as an AI agent's tool. */
	asTool?: boolean;
	run(run: OperationRun): Promise<OperationResult[]>;
}

export const catalogueOf = (name: OperationName): CatalogueOperation => OPERATIONS[name];

/** The resource and operation value n8n released it as (`recording.getAll`). */
export function n8nKeyOf(name: OperationName): { resource: string; value: string } {
	const [resource = '', value = ''] = (catalogueOf(name).keys.n8n ?? '').split('.');
	return { resource, value };
}

/** Which of ScreenRec's interfaces it calls, for error hints; one that uses both names its recording by REST. */
export const usesOf = (name: OperationName): ServiceInterface => (catalogueOf(name).uses === 'hook' ? 'hook' : 'rest');

/**
 * The catalogue's name in n8n's idiom: an operation on the resource itself is named by its verb ("Get Recording" is
 * "Get", "Search Tags" is "Search"), a list is "Get Many"; any other keeps its name ("Get Video URL").
 */
export function n8nName(name: OperationName): string {
	const { resource } = n8nKeyOf(name);
	const [, verb, plural] = new RegExp(`^(\\w+) ${resource}(s?)$`, 'i').exec(catalogueOf(name).name) ?? [];
	if (verb === undefined) return catalogueOf(name).name;
	return verb === 'Find' && plural === 's' ? 'Get Many' : verb;
}

/** n8n's action words, shown in the nodes panel and the canvas subtitle: "Get a recording", "Get many recordings". */
export function n8nAction(name: OperationName): string {
	const { resource } = n8nKeyOf(name);
	const shown = n8nName(name);
	if (shown === 'Get Many') return `Get many ${resource}s`;
	if (!shown.includes(' ')) return catalogueOf(name).name.endsWith('s') ? `${shown} ${resource}s` : `${shown} a ${resource}`;
	return shown.replace(/ ([A-Z][a-z]+)/g, (word) => word.toLowerCase());
}

/** Shows a field only for this operation. */
export function showFor(name: OperationName) {
	const { resource, value } = n8nKeyOf(name);
	return { show: { resource: [resource], operation: [value] } };
}

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
