/**
 * The credentials and workflows imported into the real n8n, built from the reference server's demo workspace.
 * Ids are at most 16 characters: n8n silently skips saving static data of a workflow with a longer id.
 */

export const PACKAGE = 'n8n-nodes-screenrec';
export const HOOK_CREDENTIAL = { id: 'srHookCred000001', name: 'ScreenRec Hook (demo)', type: 'screenRecHookApi' };
export const REST_CREDENTIAL = { id: 'srRestCred000001', name: 'ScreenRec API (demo)', type: 'screenRecApi' };
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

export function hookCredentialData(demo: Demo, backendToken = demo.backendToken) {
  return { serviceUrl: demo.baseUrl, backendToken };
}

export function credentials(demo: Demo) {
  return [
    { ...HOOK_CREDENTIAL, data: hookCredentialData(demo) },
    { ...REST_CREDENTIAL, data: { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, apiKey: demo.apiKey } },
  ];
}

const hookCredentials = { screenRecHookApi: { id: HOOK_CREDENTIAL.id, name: HOOK_CREDENTIAL.name } };
const restCredentials = { screenRecApi: { id: REST_CREDENTIAL.id, name: REST_CREDENTIAL.name } };

/** Manual trigger → ScreenRec Create (hook) → ScreenRec Get Many filtered by the same external reference. */
export const actionWorkflow = {
  id: ACTION_WORKFLOW_ID,
  name: 'ScreenRec create then find',
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
      credentials: hookCredentials,
    },
    {
      id: 'n3',
      name: 'Find Recording',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [440, 0],
      parameters: { resource: 'recording', operation: 'getAll', returnAll: true, filters: { externalReference: EXTERNAL_REFERENCE } },
      credentials: restCredentials,
    },
  ],
  connections: {
    Start: { main: [[{ node: 'Create Recording', type: 'main', index: 0 }]] },
    'Create Recording': { main: [[{ node: 'Find Recording', type: 'main', index: 0 }]] },
  },
};

/** ScreenRec Trigger (Video Ready), with http allowed because this n8n listens on loopback. */
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
      credentials: { ...hookCredentials, ...restCredentials },
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
      parameters: { resource: 'recording', operation: 'getVideoUrl', recordingId: '={{ $json.body.recordingId }}', download: true },
      credentials: restCredentials,
    },
  ],
  connections: { 'Start download': { main: [[{ node: 'Download Video', type: 'main', index: 0 }]] } },
};
