/**
 * The credential and workflows imported into the real n8n, built from the reference server's demo workspace.
 * Ids are at most 16 characters: n8n silently skips saving static data of a workflow with a longer id.
 */

export const PACKAGE = 'n8n-nodes-screenrec';
/** The package's one credential type; n8n names a saved one "ScreenRec account". */
export const CREDENTIAL = { id: 'srAccountCred001', name: 'ScreenRec account', type: 'screenRecApi' };
export const ACTION_WORKFLOW_ID = 'srActionsWf00001';
export const TRIGGER_WORKFLOW_ID = 'srTriggerWf00001';
export const CANCEL_WORKFLOW_ID = 'srCancelWf000001';
/** The production webhook path that starts the cancel workflow: POST { recordingId }. */
export const CANCEL_WEBHOOK_PATH = 'screenrec-slow-download';
export const EXTERNAL_REFERENCE = 'real-n8n-ticket-1';

export interface Demo {
  baseUrl: string;
  backendToken: string;
  workspaceId: string;
  apiKey: string;
}

export interface CredentialData {
  serviceUrl: string;
  workspaceId?: string;
  backendToken?: string;
  apiKey?: string;
}

/** Every field filled in, as a user who uses both the hook (Create, Video Ready) and the REST operations would. */
export function credentialData(demo: Demo): CredentialData {
  return { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, backendToken: demo.backendToken, apiKey: demo.apiKey };
}

export function credentials(demo: Demo) {
  return [{ ...CREDENTIAL, data: credentialData(demo) }];
}

const nodeCredentials = { screenRecApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
const recordingById = (expression: string) => ({ __rl: true, mode: 'id', value: expression });

/**
 * Manual trigger → Create (hook) → Get Many filtered by the same external reference → Get (by the id found,
 * through the Recording ID resource locator).
 */
export const actionWorkflow = {
  id: ACTION_WORKFLOW_ID,
  name: 'ScreenRec create, find, get',
  active: false,
  settings: { executionOrder: 'v1' },
  nodes: [
    { id: 'n1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    {
      id: 'n2',
      name: 'Create Recording',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [220, 0],
      parameters: { resource: 'recording', operation: 'create', externalReference: EXTERNAL_REFERENCE, tags: 'e2e, n8n' },
      credentials: nodeCredentials,
    },
    {
      id: 'n3',
      name: 'Find Recording',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [440, 0],
      parameters: { resource: 'recording', operation: 'getAll', returnAll: true, filters: { externalReference: EXTERNAL_REFERENCE } },
      credentials: nodeCredentials,
    },
    {
      id: 'n4',
      name: 'Get Recording',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [660, 0],
      parameters: { resource: 'recording', operation: 'get', recordingId: recordingById('={{ $json.id }}') },
      credentials: nodeCredentials,
    },
  ],
  connections: {
    Start: { main: [[{ node: 'Create Recording', type: 'main', index: 0 }]] },
    'Create Recording': { main: [[{ node: 'Find Recording', type: 'main', index: 0 }]] },
    'Find Recording': { main: [[{ node: 'Get Recording', type: 'main', index: 0 }]] },
  },
};

/** ScreenRec Trigger (Video Ready) with the recording's details, http allowed because this n8n listens on loopback. */
export const triggerWorkflow = {
  id: TRIGGER_WORKFLOW_ID,
  name: 'ScreenRec video ready',
  active: false,
  settings: { executionOrder: 'v1' },
  nodes: [
    {
      id: 't1',
      name: 'Video Ready',
      type: `${PACKAGE}.screenRecTrigger`,
      typeVersion: 1,
      position: [0, 0],
      webhookId: '7d0c5b8e-1f2a-4c3d-9e8f-a1b2c3d4e5f6',
      parameters: { allowHttpWebhook: true, includeRecording: true },
      credentials: nodeCredentials,
    },
  ],
  connections: {},
};

/**
 * Webhook (answers at once) → ScreenRec Get Video URL with Download on, for the recording id posted. Started
 * through its production webhook so that the execution runs inside `n8n start`, where n8n's API can stop it.
 */
export const cancelWorkflow = {
  id: CANCEL_WORKFLOW_ID,
  name: 'ScreenRec slow download',
  active: false,
  settings: { executionOrder: 'v1' },
  nodes: [
    {
      id: 'c1',
      name: 'Start download',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      webhookId: '0b6e2f4a-8c1d-4e7f-9a2b-3c4d5e6f7a8b',
      parameters: { httpMethod: 'POST', path: CANCEL_WEBHOOK_PATH, responseMode: 'onReceived', options: {} },
    },
    {
      id: 'c2',
      name: 'Download Video',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [220, 0],
      parameters: { resource: 'recording', operation: 'getVideoUrl', recordingId: recordingById('={{ $json.body.recordingId }}'), download: true },
      credentials: nodeCredentials,
    },
  ],
  connections: { 'Start download': { main: [[{ node: 'Download Video', type: 'main', index: 0 }]] } },
};
