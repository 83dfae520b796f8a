import {
	NodeConnectionTypes,
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { HOOK_CREDENTIAL, REST_CREDENTIAL, toNodeError } from '../../lib';
import { OPERATIONS } from './operations';
import { recordingFields, recordingOperation } from './recording.description';
import { tagFields, tagOperation } from './tag.description';

export class ScreenRec implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'ScreenRec',
		name: 'screenRec',
		icon: { light: 'file:../../icons/screenrec.svg', dark: 'file:../../icons/screenrec.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Request screen recordings, find them, get their videos, tag and delete them in ScreenRec',
		defaults: { name: 'ScreenRec' },
		usableAsTool: true,
		
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: HOOK_CREDENTIAL,
				required: true,
				displayOptions: { show: { resource: ['recording'], operation: ['create'] } },
			},
			{
				name: REST_CREDENTIAL,
				required: true,
				displayOptions: { hide: { operation: ['create'] } },
			},
		],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Recording', value: 'recording', description: 'A screen recording and its video' },
					{ name: 'Tag', value: 'tag', description: 'The labels used on recordings' },
				],
				default: 'recording',
			},
			recordingOperation,
			...recordingFields,
			tagOperation,
			...tagFields,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const resource = this.getNodeParameter('resource', itemIndex) as string;
			const operation = this.getNodeParameter('operation', itemIndex) as string;
			const handler = OPERATIONS[`${resource}.${operation}`];
			if (handler === undefined) {
				throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for "${resource}".`, { itemIndex });
			}
			try {
				const results = await handler.run(this, itemIndex);
				for (const result of results) output.push({ ...result, pairedItem: { item: itemIndex } });
			} catch (error) {
				const nodeError = toNodeError(this.getNode(), error, { itemIndex, credential: handler.credential });
				if (this.continueOnFail()) {
					output.push({ json: { error: nodeError.message }, pairedItem: { item: itemIndex } });
					continue;
				}
				throw nodeError;
			}
		}
		return [output];
	}
}
