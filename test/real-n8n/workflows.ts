/**
 * The credential and workflows imported into the real n8n, built from the reference server's demo workspace.
 * Ids are at most 16 characters: n8n silently skips saving static data of a workflow with a longer id.
 */

import {
  chainConnections,
  credentialsFile,
  postedRecordingWorkflow,
  recordingNode,
  videoReadyTriggerNode,
  workflow,
  type Credential,
  type Demo,
} from './workflow-parts';

export { PACKAGE, credentialData, type CredentialData, type Demo } from './workflow-parts';
/** The package's one credential type; n8n names a saved one "ScreenRec account". */
export const CREDENTIAL: Credential = { id: 'srAccountCred001', name: 'ScreenRec account', type: 'screenRecApi' };
export const ACTION_WORKFLOW_ID = 'srActionsWf00001';
export const TRIGGER_WORKFLOW_ID = 'srTriggerWf00001';
export const CANCEL_WORKFLOW_ID = 'srCancelWf000001';
/** The production webhook path that starts the cancel workflow: POST { recordingId }. */
export const CANCEL_WEBHOOK_PATH = 'screenrec-slow-download';
export const EXTERNAL_REFERENCE = 'real-n8n-ticket-1';

export function credentials(demo: Demo) {
  return credentialsFile(CREDENTIAL, demo);
}

/**
 * Manual trigger → Create (hook) → Get Many filtered by the same external reference → Get (by the id found,
 * through the Recording ID resource locator).
 */
export const actionWorkflow = workflow({
  id: ACTION_WORKFLOW_ID,
  name: 'ScreenRec create, find, get',
  nodes: [
    { id: 'n1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    recordingNode(
      CREDENTIAL,
      { id: 'n2', name: 'Create Recording', position: [220, 0] },
      { operation: 'create', externalReference: EXTERNAL_REFERENCE, tags: 'e2e, n8n' },
    ),
    recordingNode(
      CREDENTIAL,
      { id: 'n3', name: 'Find Recording', position: [440, 0] },
      { operation: 'getAll', returnAll: true, filters: { externalReference: EXTERNAL_REFERENCE } },
    ),
    recordingNode(
      CREDENTIAL,
      { id: 'n4', name: 'Get Recording', position: [660, 0] },
      { operation: 'get', recordingId: '={{ $json.id }}' },
    ),
  ],
  connections: chainConnections(['Start', 'Create Recording', 'Find Recording', 'Get Recording']),
});

/** ScreenRec Trigger (Video Ready) with the recording's details, http allowed because this n8n listens on loopback. */
export const triggerWorkflow = workflow({
  id: TRIGGER_WORKFLOW_ID,
  name: 'ScreenRec video ready',
  nodes: [
    videoReadyTriggerNode(CREDENTIAL, {
      id: 't1',
      position: [0, 0],
      webhookId: '7d0c5b8e-1f2a-4c3d-9e8f-a1b2c3d4e5f6',
      parameters: { allowHttpWebhook: true, includeRecording: true },
    }),
  ],
  connections: {},
});

/**
 * Webhook (answers at once) → ScreenRec Get Video URL with Download on, for the recording id posted. Started
 * through its production webhook so that the execution runs inside `n8n start`, where n8n's API can stop it.
 */
export const cancelWorkflow = postedRecordingWorkflow(CREDENTIAL, {
  id: CANCEL_WORKFLOW_ID,
  name: 'ScreenRec slow download',
  start: { id: 'c1', name: 'Start download', webhookId: '0b6e2f4a-8c1d-4e7f-9a2b-3c4d5e6f7a8b', path: CANCEL_WEBHOOK_PATH },
  step: { id: 'c2', name: 'Download Video' },
  operation: { operation: 'getVideoUrl', download: true },
});
