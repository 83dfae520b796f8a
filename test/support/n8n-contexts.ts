import { Container } from '@n8n/di';
import { ExecuteContext, HookContext, WebhookContext } from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialsHelper,
	type ICredentialType,
	type IDataObject,
	type IN8nHttpFullResponse,
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
// real httpRequestWithAuthentication over axios, real binary data, real continueOnFail. Only the credential
// store and the engine's surroundings are stood in for; the credential store authenticates with our
// credential classes themselves. Nothing here needs jest, so scripts (npm run demo) use it too.

export type CredentialType = 'screenRecHookApi' | 'screenRecApi';
export type CredentialStore = Partial<Record<CredentialType, ICredentialDataDecryptedObject>>;

const CREDENTIAL_TYPES: Record<CredentialType, ICredentialType> = {
	screenRecHookApi: new ScreenRecHookApi(),
	screenRecApi: new ScreenRecApi(),
};

export const WORKFLOW_ID = 'wf1';
const TRIGGER_NAME = 'ScreenRec Trigger';
const TRIGGER_WEBHOOK_ID = 'f00dfeed';

/**
 * A stand-in for an engine object: the given members, and for anything else a function that does nothing,
 * as jest-mock-extended's `mock()` gives. Never thenable, so awaiting it does not hang.
 */
function standIn<T extends object>(members: Partial<T> = {}): T {
	const noOps = new Map<PropertyKey, () => undefined>();
	return new Proxy(members as T, {
		get(target, property) {
			if (property in target) return (target as Record<PropertyKey, unknown>)[property];
			if (typeof property === 'symbol' || property === 'then') return undefined;
			if (!noOps.has(property)) noOps.set(property, () => undefined);
			return noOps.get(property);
		},
	});
}

function credentialsHelperFor(store: CredentialStore): ICredentialsHelper {
	return standIn<ICredentialsHelper>({
		getParentTypes: () => [],
		preAuthentication: async () => undefined,
		getDecrypted: async (_additionalData, _node, type) => {
			const data = store[type as CredentialType];
			if (data === undefined) throw new Error(`no ${type} credentials were given`);
			return { ...data };
		},
		authenticate: async (credentials, type, requestOptions) => {
			const authenticate = CREDENTIAL_TYPES[type as CredentialType]?.authenticate;
			if (typeof authenticate !== 'function') throw new Error(`${type} has no authenticate function`);
			return await authenticate(credentials, requestOptions as never);
		},
	});
}

function workflowOf(nodeType: INodeType, node: INode, staticData: IDataObject = {}): Workflow {
	const nodeTypes = standIn<INodeTypes>({ getByName: () => nodeType, getByNameAndVersion: () => nodeType });
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

/** Where n8n is, as the nodes see it: the credentials it holds and the base of its webhook URLs. */
export interface N8nSetup {
	credentials: CredentialStore;
	webhookBaseUrl: string;
}

function additionalDataFor(setup: N8nSetup, extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
	return standIn<IWorkflowExecuteAdditionalData>({
		credentialsHelper: credentialsHelperFor(setup.credentials),
		currentNodeParameters: undefined,
		webhookBaseUrl: setup.webhookBaseUrl,
		webhookTestBaseUrl: `${setup.webhookBaseUrl}-test`,
		...extra,
	});
}

function executeContextFor(setup: N8nSetup, nodeType: INodeType, node: INode, items: INodeExecutionData[]): ExecuteContext {
	return new ExecuteContext(
		workflowOf(nodeType, node),
		node,
		additionalDataFor(setup),
		'manual',
		{ resultData: { runData: {} } } as never,
		0,
		items,
		{ main: [items] },
		{ node, data: { main: [items] }, source: null },
		[],
	);
}

export interface RunOptions {
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
}

/** Runs the ScreenRec node's execute() on the input items, as n8n's engine would. */
export async function runScreenRecNode(setup: N8nSetup, parameters: INodeParameters, options: RunOptions = {}): Promise<INodeExecutionData[]> {
	const nodeType = new ScreenRec();
	const node = nodeOf('ScreenRec', 'n8n-nodes-screenrec.screenRec', parameters, options.continueOnFail ? { onError: 'continueRegularOutput' } : {});
	const context = executeContextFor(setup, nodeType, node, options.items ?? [{ json: {} }]);
	const [output] = await nodeType.execute!.call(context);
	return output ?? [];
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	/** What n8n shows under "Test connection": the credential's own message for a refusal it knows. */
	message: string;
	/** The answer's body, parsed when it is JSON. */
	body: unknown;
}

/**
 * n8n's "Test connection" for a credential: its `test` request with expressions resolved against the
 * credential, authenticated by the credential, sent through n8n's HTTP helper; a status named by one of its
 * rules gives that rule's message, any other failure n8n's generic one.
 */
export async function testCredential(type: CredentialType, data: ICredentialDataDecryptedObject): Promise<CredentialTestResult> {
	const credentialType = CREDENTIAL_TYPES[type];
	const { request, rules = [] } = credentialType.test!;
	const nodeType = new ScreenRec();
	// The node asks for a credential only where its displayOptions show it: Create uses the hook one, the rest the API one.
	const operation = type === 'screenRecHookApi' ? 'create' : 'getAll';
	const node = nodeOf('Credential test', 'n8n-nodes-screenrec.screenRec', { resource: 'recording', operation });
	const workflow = workflowOf(nodeType, node);
	const resolve = (value: string) =>
		String(workflow.expression.getParameterValue(value, null, 0, 0, node.name, [], 'internal', { $credentials: data } as never));
	const context = executeContextFor({ credentials: { [type]: data }, webhookBaseUrl: 'http://127.0.0.1/webhook' }, nodeType, node, [{ json: {} }]);
	const response = (await context.helpers.httpRequestWithAuthentication.call(context, type, {
		method: request.method ?? 'GET',
		url: resolve(request.baseURL ?? '') + resolve(request.url ?? ''),
		body: request.body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	})) as IN8nHttpFullResponse;
	if (response.statusCode < 300) return { status: 'OK', message: 'Connection tested successfully', body: response.body };
	for (const rule of rules) {
		const { value, message } = rule.properties as { value?: number; message: string };
		if (rule.type === 'responseCode' && value === response.statusCode) return { status: 'Error', message, body: response.body };
	}
	return { status: 'Error', message: `Couldn't connect with these settings (HTTP ${response.statusCode})`, body: response.body };
}

/** n8n's logger is one shared instance: capture only what is logged until restore(). */
export function captureWarnings(logger: { warn: (message: string) => void }) {
	const original = Object.getOwnPropertyDescriptor(logger, 'warn');
	const messages: string[] = [];
	logger.warn = (message: string) => void messages.push(String(message));
	return {
		messages: () => [...messages],
		restore: () => {
			if (original === undefined) delete (logger as { warn?: unknown }).warn;
			else Object.defineProperty(logger, 'warn', original);
		},
	};
}

export interface TriggerSetup extends N8nSetup {
	parameters?: INodeParameters;
	staticData?: IDataObject;
}

/** The trigger's node, workflow and static data, shared by its hook and webhook contexts like one active workflow. */
export function triggerWorkflow(setup: TriggerSetup) {
	const nodeType = new ScreenRecTrigger();
	const node = nodeOf(TRIGGER_NAME, 'n8n-nodes-screenrec.screenRecTrigger', setup.parameters ?? {}, { webhookId: TRIGGER_WEBHOOK_ID });
	const workflow = workflowOf(nodeType, node, setup.staticData ?? {});
	const webhookData = standIn<IWebhookData>({ webhookDescription: nodeType.description.webhooks![0]!, isTest: false });

	const hookContext = () => new HookContext(workflow, node, additionalDataFor(setup), 'trigger', 'activate', webhookData);

	const lifecycle = nodeType.webhookMethods.default;
	return {
		webhookUrl: `${setup.webhookBaseUrl}/${TRIGGER_WEBHOOK_ID}/webhook`,
		/** The path n8n serves this trigger's webhook on, below its webhook base URL. */
		webhookPath: `/${TRIGGER_WEBHOOK_ID}/webhook`,
		staticData: () => workflow.staticData[`node:${TRIGGER_NAME}`] as IDataObject | undefined,
		hookContext,
		checkExists: (context = hookContext()) => lifecycle.checkExists.call(context),
		create: (context = hookContext()) => lifecycle.create.call(context),
		delete: (context = hookContext()) => lifecycle.delete.call(context),
		/** Delivers a request body to webhook() and returns what it answered, what it started and what it logged. */
		async deliver(body: unknown, headers: Record<string, string> = {}) {
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
				additionalDataFor(setup, { httpRequest: { body, headers } as never, httpResponse: httpResponse as never }),
				'webhook',
				webhookData,
				[],
				null,
			);
			const warnings = captureWarnings(context.logger);
			try {
				const result = await nodeType.webhook!.call(context);
				return { result, response, warnings: warnings.messages() };
			} finally {
				warnings.restore();
			}
		},
	};
}

export type TriggerWorkflow = ReturnType<typeof triggerWorkflow>;

/** Execution contexts start n8n's SSH client manager, whose cleanup interval keeps a process from exiting. */
export function shutDownN8nContexts(): void {
	Container.get(SSHClientsManager).onShutdown();
}
