import type { INodeProperties } from 'n8n-workflow';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from 'screenrec/portable';
import { catalogueOf, n8nAction, n8nKeyOf, n8nName, type OperationDescriptor } from './operation-descriptor';
import { n8nDescription } from './fields';
import { getAll } from './recording/getAll.operation';
import { getVideoUrl } from './recording/getVideoUrl.operation';
import { waitForVideo } from './recording/waitForVideo/waitForVideo.operation';
import { regularOperation } from './regular';
import { toolDescriptionField } from './tool-description';

/** The operations n8n does its own way; every other one is the catalogue's (regular.ts). */
const OWN_WAY: Partial<Record<OperationName, OperationDescriptor>> = {
	findRecordings: getAll,
	getVideoUrl,
	waitForVideo,
};

/** The node's resources, n8n's grouping of its operations; each keeps the operation it released as its default. */
const RESOURCES = [
	{ name: 'Recording', value: 'recording', description: 'A screen recording and its video', defaultOperation: 'create' },
	{ name: 'Tag', value: 'tag', description: 'The labels used on recordings', defaultOperation: 'search' },
];

/** Every catalogue operation n8n released on the ScreenRec node (keyed `<resource>.<operation>`), by resource and value. */
export const NODE_OPERATIONS: Record<string, Record<string, OperationDescriptor>> = {};
for (const name of OPERATION_NAMES.filter((candidate) => catalogueOf(candidate).keys.n8n?.includes('.'))) {
	const { resource, value } = n8nKeyOf(name);
	(NODE_OPERATIONS[resource] ??= {})[value] = OWN_WAY[name] ?? regularOperation(name);
}

/** The fields of one item the operation's output declares: what an agent is given. */
export const declaredOutput = (name: OperationName): string[] => Object.keys(OPERATIONS[name].output.shape);

/** Each resource's Operation parameter, then its operations' tool descriptions and fields. */
function resourceProperties({ value: resource, defaultOperation }: (typeof RESOURCES)[number]): INodeProperties[] {
	const operations = Object.values(NODE_OPERATIONS[resource] ?? {});
	const operation: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations
			.map(({ operation: name }) => ({
				name: n8nName(name),
				value: n8nKeyOf(name).value,
				action: n8nAction(name),
				description: n8nDescription(catalogueOf(name).summary),
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	return [operation, ...operations.flatMap(toolDescriptionField), ...operations.flatMap((each) => each.description)];
}

export const RESOURCE_PARAMETER: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES.map(({ name, value, description }) => ({ name, value, description })),
	default: 'recording',
};

/** The node's parameters for every resource and operation. */
export const OPERATION_PARAMETERS: INodeProperties[] = RESOURCES.flatMap(resourceProperties);
