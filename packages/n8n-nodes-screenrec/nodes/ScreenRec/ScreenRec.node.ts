import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { screenRecNodeType, type HintedNodeTypeDescription } from '../builder-hint';
import { timeoutOption } from '../../lib/call-options';
import { testScreenRecCredential } from '../../lib/credential-test';
import { SEARCH_RECORDINGS, searchRecordings } from '../../lib/recording-locator';
import { OPERATION_PARAMETERS, RESOURCE_PARAMETER } from './actions/node-operations';
import { WAIT_FOR_VIDEO_WEBHOOKS } from './actions/recording/waitForVideo/waitForVideo.operation';
import { resumeOnVideo } from './actions/recording/waitForVideo/waitForVideo.webhook';
import { route } from './actions/router';
import { actionSubtitle } from './actions/subtitle';

export class ScreenRec implements INodeType {
	description: HintedNodeTypeDescription = {
		displayName: 'ScreenRec',
		name: 'screenRec',
		icon: { light: 'file:../../icons/screenrec.svg', dark: 'file:../../icons/screenrec.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: actionSubtitle(OPERATION_PARAMETERS.filter((parameter) => parameter.name === 'operation')),
		description: 'Request screen recordings, find them, get their videos, tag and delete them in ScreenRec',
		defaults: { name: 'ScreenRec' },
		usableAsTool: true,
		builderHint: {
			searchHint:
				'Ask someone to record their screen: ScreenRec e-mails an invitation, or gives a link to send yourself; Wait for Video pauses until the video is ready. Also finds, tags and deletes recordings and gets their videos. E.g. "ask the customer for a screen recording of the bug".',
			relatedNodes: [
				{ nodeType: screenRecNodeType('screenRecTrigger'), relationHint: 'Starts a workflow when the video is ready' },
				{ nodeType: 'n8n-nodes-base.gmail', relationHint: 'Sends the recording link to whoever should record' },
				{ nodeType: 'n8n-nodes-base.slack', relationHint: 'Posts the recording or video link' },
				{ nodeType: '@n8n/n8n-nodes-langchain.agent', relationHint: 'Uses ScreenRec as a tool' },
			],
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'screenRecApi', required: true, testedBy: 'screenRecApiTest' }],
		// Wait for Video's resume webhook: a restart webhook, nothing to register at activation (see its declaration).
		webhooks: WAIT_FOR_VIDEO_WEBHOOKS,
		properties: [
			RESOURCE_PARAMETER,
			...OPERATION_PARAMETERS,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [timeoutOption],
			},
		],
	};

	methods = {
		listSearch: { [SEARCH_RECORDINGS]: searchRecordings },
		credentialTest: { screenRecApiTest: testScreenRecCredential },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeOnVideo.call(this);
	}
}
