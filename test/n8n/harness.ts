import { Container } from '@n8n/di';
import { mock } from 'jest-mock-extended';
import { ExecuteContext, HookContext, WebhookContext } from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialsHelper,
	type ICredentialType,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ScreenRecApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecApi.credentials';
import { ScreenRecHookApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecHookApi.credentials';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node';
import { ScreenRecTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/ScreenRecTrigger.node';

// Our nodes run inside n8n-core's real node contexts: real parameter resolution (defaults, displayOptions),
// real httpRequestWithAuthentication over axios (nock answers it), real binary data, real continueOnFail.
// Only the credential store is stood in for, and it authenticates with our credential classes themselves.

// Execution contexts start n8n's SSH client manager, whose cleanup interval would keep jest from exiting.
afterAll(() => Container.get(SSHClientsManager).onShutdown());

export const BASE_URL = 'https://api.screenrec.test';
export const BACKEND_TOKEN = 'bt_n8n_5e4d3c2b1a09f8e7';
export const API_KEY = 'sk_n8n_7a6b5c4d3e2f1a0b';
export const WORKSPACE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
export const RECORDING_ID = '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e';
export const SUBSCRIPTION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const WEBHOOK_BASE_URL = 'https://n8n.example.com/webhook';
export const WORKFLOW_ID = 'wf1';

export const HOOK_CREDENTIALS = { serviceUrl: `${BASE_URL}/`, backendToken: BACKEND_TOKEN };
export const REST_CREDENTIALS = { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY };

const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	screenRecHookApi: new ScreenRecHookApi(),
	screenRecApi: new ScreenRecApi(),
};

export type CredentialStore = Partial<Record<'screenRecHookApi' | 'screenRecApi', ICredentialDataDecryptedObject>>;

function credentialsHelperFor(store: CredentialStore): ICredentialsHelper {
	const helper = mock<ICredentialsHelper>();
	helper.getParentTypes.mockReturnValue([]);
	helper.preAuthentication.mockResolvedValue(undefined);
	helper.getDecrypted.mockImplementation(async (_data, _node, type) => {
		const data = store[type as keyof CredentialStore];
		if (data === undefined) throw new Error(`test: no ${type} credentials`);
		return { ...data };
	});
	helper.authenticate.mockImplementation(async (credentials, type, requestOptions) => {
		const authenticate = CREDENTIAL_TYPES[type]?.authenticate;
		if (typeof authenticate !== 'function') throw new Error(`test: ${type} has no authenticate function`);
		return await authenticate(credentials, requestOptions as never);
	});
	return helper;
}

function workflowOf(nodeType: INodeType, node: INode, staticData: IDataObject = {}): Workflow {
	const nodeTypes = mock<INodeTypes>();
	nodeTypes.getByName.mockReturnValue(nodeType);
	nodeTypes.getByNameAndVersion.mockReturnValue(nodeType);
	return new Workflow({ id: WORKFLOW_ID, nodes: [node], connections: {}, active: true, nodeTypes, staticData });
}

function nodeOf(name: string, type: string, parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	return {
		id: `${type}-id`,
		name,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: {
			screenRecHookApi: { id: '1', name: 'ScreenRec Hook' },
			screenRecApi: { id: '2', name: 'ScreenRec API' },
		},
		...extra,
	};
}

function additionalDataFor(store: CredentialStore, extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
	const additionalData = mock<IWorkflowExecuteAdditionalData>();
	Object.assign(additionalData, {
		credentialsHelper: credentialsHelperFor(store),
		currentNodeParameters: undefined,
		webhookBaseUrl: WEBHOOK_BASE_URL,
		webhookTestBaseUrl: `${WEBHOOK_BASE_URL}-test`,
		...extra,
	});
	return additionalData;
}

const BOTH_CREDENTIALS: CredentialStore = { screenRecHookApi: HOOK_CREDENTIALS, screenRecApi: REST_CREDENTIALS };

export interface RunOptions {
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	credentials?: CredentialStore;
}

/** Runs the ScreenRec node's execute() on the input items, as n8n's engine would. */
export async function runScreenRec(parameters: INodeParameters, options: RunOptions = {}): Promise<INodeExecutionData[]> {
	const nodeType = new ScreenRec();
	const node = nodeOf('ScreenRec', 'n8n-nodes-screenrec.screenRec', parameters, options.continueOnFail ? { onError: 'continueRegularOutput' } : {});
	const workflow = workflowOf(nodeType, node);
	const items = options.items ?? [{ json: {} }];
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(options.credentials ?? BOTH_CREDENTIALS),
		'manual',
		{ resultData: { runData: {} } } as never,
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
	const [output] = await nodeType.execute!.call(context);
	return output ?? [];
}

export interface TriggerSetup {
	parameters?: INodeParameters;
	credentials?: CredentialStore;
	staticData?: IDataObject;
	webhookBaseUrl?: string;
}

const TRIGGER_NAME = 'ScreenRec Trigger';

/** The trigger's node, workflow and static data, shared by its hook and webhook contexts like one active workflow. */
export function triggerWorkflow(setup: TriggerSetup = {}) {
	const nodeType = new ScreenRecTrigger();
	const node = nodeOf(TRIGGER_NAME, 'n8n-nodes-screenrec.screenRecTrigger', setup.parameters ?? {}, { webhookId: 'f00dfeed' });
	const workflow = workflowOf(nodeType, node, setup.staticData ?? {});
	const store = setup.credentials ?? BOTH_CREDENTIALS;
	const webhookData = mock<IWebhookData>({ webhookDescription: nodeType.description.webhooks![0]!, isTest: false });

	const hookContext = () =>
		new HookContext(
			workflow,
			node,
			additionalDataFor(store, setup.webhookBaseUrl === undefined ? {} : { webhookBaseUrl: setup.webhookBaseUrl }),
			'trigger',
			'activate',
			webhookData,
		);

	const lifecycle = nodeType.webhookMethods.default;
	return {
		webhookUrl: `${setup.webhookBaseUrl ?? WEBHOOK_BASE_URL}/f00dfeed/webhook`,
		staticData: () => workflow.staticData[`node:${TRIGGER_NAME}`] as IDataObject | undefined,
		hookContext,
		checkExists: (context = hookContext()) => lifecycle.checkExists.call(context),
		create: (context = hookContext()) => lifecycle.create.call(context),
		delete: (context = hookContext()) => lifecycle.delete.call(context),
		/** Delivers a request body to webhook() and returns what it answered and what it started. */
		async deliver(body: unknown) {
			const response = { statusCode: undefined as number | undefined, body: undefined as unknown };
			const httpResponse = {
				status(code: number) {
					response.statusCode = code;
					return httpResponse;
				},
				json(payload: unknown) {
					response.body = payload;
					return httpResponse;
				},
			};
			const context = new WebhookContext(
				workflow,
				node,
				additionalDataFor(store, { httpRequest: { body, headers: {} } as never, httpResponse: httpResponse as never }),
				'webhook',
				webhookData,
				[],
				null,
			);
			const warnings = captureWarnings(context.logger);
			try {
				const result = await nodeType.webhook!.call(context);
				return { result, response, warnings: [...warnings.messages()] };
			} finally {
				warnings.restore();
			}
		},
	};
}

/** n8n's logger is one shared instance: capture only what is logged until restore(). */
export function captureWarnings(logger: { warn: (message: string) => void }) {
	const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
	warn.mockClear();
	// Read messages() before restore(): restoring clears the recorded calls.
	return { messages: () => warn.mock.calls.map(([message]) => String(message)), restore: () => warn.mockRestore() };
}
