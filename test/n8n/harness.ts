import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import {
  pollingTrigger as activePollingTrigger,
  runScreenRecNode,
  searchRecordingList,
  shutDownN8nContexts,
  triggerWorkflow as activeTriggerWorkflow,
  type RunOptions as NodeRunOptions,
  type ScreenRecCredential,
} from '../support/n8n-contexts';
import { BASE_URL, WORKSPACE_ID } from '../support/sample-connection';

// The nodes run in n8n-core's real contexts (test/support/n8n-contexts.ts); here against nock, with fixed
// credentials and a public https webhook base URL.

afterAll(() => shutDownN8nContexts());

export { WORKFLOW_TIMEZONE, captureWarnings, fakeHttpResponse, testCredential, type ScreenRecCredential } from '../support/n8n-contexts';

export { BASE_URL, RECORDING_ID, SUBSCRIPTION_ID, WORKSPACE_ID } from '../support/sample-connection';
export const BACKEND_TOKEN = 'bt_n8n_5e4d3c2b1a09f8e7';
export const API_KEY = 'sk_n8n_7a6b5c4d3e2f1a0b';
export const WEBHOOK_BASE_URL = 'https://n8n.example.com/webhook';
export { WORKFLOW_ID } from '../support/n8n-contexts';

/** The one ScreenRec credential with every field filled in (a trailing slash in the Service URL is fine). */
export const CREDENTIAL: ScreenRecCredential = {
  serviceUrl: `${BASE_URL}/`,
  workspaceId: WORKSPACE_ID,
  backendToken: BACKEND_TOKEN,
  apiKey: API_KEY,
};

export interface RunOptions extends NodeRunOptions {
  credential?: ScreenRecCredential;
}

/** Runs the ScreenRec node's execute() on the input items, as n8n's engine would. */
export async function runScreenRec(parameters: INodeParameters, options: RunOptions = {}): Promise<INodeExecutionData[]> {
  const { credential = CREDENTIAL, ...runOptions } = options;
  return await runScreenRecNode({ credential, webhookBaseUrl: WEBHOOK_BASE_URL }, parameters, runOptions);
}

export interface TriggerSetup {
  parameters?: INodeParameters;
  credential?: ScreenRecCredential;
  staticData?: IDataObject;
  webhookBaseUrl?: string;
}

/** The trigger's node, workflow and static data, shared by its hook and webhook contexts like one active workflow. */
export function triggerWorkflow(setup: TriggerSetup = {}) {
  const { credential = CREDENTIAL, webhookBaseUrl = WEBHOOK_BASE_URL, ...rest } = setup;
  return activeTriggerWorkflow({ credential, webhookBaseUrl, ...rest });
}

/** The New Recording polling trigger of one active workflow. */
export function pollingTrigger(parameters: INodeParameters = {}, credential: ScreenRecCredential = CREDENTIAL) {
  return activePollingTrigger({ credential, webhookBaseUrl: WEBHOOK_BASE_URL, parameters });
}

/** The Recording field's "From list" search. */
export const searchRecordings = (filter?: string, paginationToken?: unknown, credential: ScreenRecCredential = CREDENTIAL) =>
  searchRecordingList({ credential, webhookBaseUrl: WEBHOOK_BASE_URL }, filter, paginationToken);

/** A Recording field's value as the editor stores it (a resource locator). */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
