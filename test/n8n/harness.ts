import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import {
	runScreenRecNode,
	shutDownN8nContexts,
	triggerWorkflow as activeTriggerWorkflow,
	type CredentialStore,
	type RunOptions as NodeRunOptions,
} from '../support/n8n-contexts';

// The nodes run in n8n-core's real contexts (test/support/n8n-contexts.ts); here against nock, with fixed
// credentials and a public https webhook base URL.

afterAll(() => shutDownN8nContexts());

export { captureWarnings, type CredentialStore } from '../support/n8n-contexts';

export const BASE_URL = 'https://api.screenrec.test';
export const BACKEND_TOKEN = 'bt_n8n_5e4d3c2b1a09f8e7';
export const API_KEY = 'sk_n8n_7a6b5c4d3e2f1a0b';
export const WORKSPACE_ID = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
export const RECORDING_ID = '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e';
export const SUBSCRIPTION_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const WEBHOOK_BASE_URL = 'https://n8n.example.com/webhook';
export { WORKFLOW_ID } from '../support/n8n-contexts';

export const HOOK_CREDENTIALS = { serviceUrl: `${BASE_URL}/`, backendToken: BACKEND_TOKEN };
export const REST_CREDENTIALS = { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, apiKey: API_KEY };

const BOTH_CREDENTIALS: CredentialStore = { screenRecHookApi: HOOK_CREDENTIALS, screenRecApi: REST_CREDENTIALS };

export interface RunOptions extends NodeRunOptions {
	credentials?: CredentialStore;
}

/** Runs the ScreenRec node's execute() on the input items, as n8n's engine would. */
export async function runScreenRec(parameters: INodeParameters, options: RunOptions = {}): Promise<INodeExecutionData[]> {
	const { credentials = BOTH_CREDENTIALS, ...runOptions } = options;
	return await runScreenRecNode({ credentials, webhookBaseUrl: WEBHOOK_BASE_URL }, parameters, runOptions);
}

export interface TriggerSetup {
	parameters?: INodeParameters;
	credentials?: CredentialStore;
	staticData?: IDataObject;
	webhookBaseUrl?: string;
}

/** The trigger's node, workflow and static data, shared by its hook and webhook contexts like one active workflow. */
export function triggerWorkflow(setup: TriggerSetup = {}) {
	const { credentials = BOTH_CREDENTIALS, webhookBaseUrl = WEBHOOK_BASE_URL, ...rest } = setup;
	return activeTriggerWorkflow({ credentials, webhookBaseUrl, ...rest });
}
