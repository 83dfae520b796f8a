/**
 * What the queue-mode run imports into n8n: the ScreenRec credential (encrypted into Postgres, so every process
 * reads the same one) and three workflows. Ids are at most 16 characters: n8n silently skips saving static data of
 * a workflow with a longer id, and the trigger keeps its subscription there.
 */

import {
  chainConnections,
  credentialsFile,
  recordingNode,
  screenRecNode,
  videoReadyTriggerNode,
  webhookStartNode,
  workflow,
  type Credential,
  type Demo,
} from '../real-n8n/workflow-parts';

export { type Demo } from '../real-n8n/workflow-parts';
/** The Video Ready workflow the burst and crash checks use: the worker downloads the video. */
export const TRIGGER_WORKFLOW_ID = 'srQueueTrigger01';
/** The Video Ready workflow whose trigger downloads the video on the webhook process. */
export const TRIGGER_DOWNLOAD_WORKFLOW_ID = 'srQueueTrigDl001';
export const OPERATIONS_WORKFLOW_ID = 'srQueueOps000001';
export const OPERATIONS_PATH = 'screenrec-queue-operations';
/** The environment variable each n8n process sets to its role; the workflows write it into their output. */
export const ROLE_VARIABLE = 'SCREENREC_QUEUE_ROLE';

/** The one ScreenRec credential: the backend token for the trigger and Create, the API key for the REST operations. */
const CREDENTIAL: Credential = { id: 'srQueueAccount01', name: 'ScreenRec account (queue)', type: 'screenRecApi' };

export function credentials(demo: Demo) {
  return credentialsFile(CREDENTIAL, demo);
}

/**
 * The fault cases' Video Ready workflows, each on a workspace of its own (ScreenRec notifies every subscription of
 * a workspace, so the other checks' recordings never reach them): the repeat storm, the erased record and the
 * restarts on the reference service the other checks use, the leak drain on a second one that the suite stops and
 * starts.
 */
export const FAULT_WORKFLOWS = {
  storm: { id: 'srQueueStorm0001', webhookId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', credentialId: 'srQueueStormAcc1' },
  leak: { id: 'srQueueLeak00001', webhookId: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c', credentialId: 'srQueueLeakAcc01' },
  /** Downloads in the trigger: a long video keeps its webhook request (and the static data it loaded) open a while. */
  erasure: { id: 'srQueueErase0001', webhookId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', credentialId: 'srQueueEraseAcc1' },
} as const;
export type FaultWorkflow = keyof typeof FAULT_WORKFLOWS;

const faultCredential = (name: FaultWorkflow): Credential => ({
  id: FAULT_WORKFLOWS[name].credentialId,
  name: `ScreenRec account (queue ${name})`,
  type: 'screenRecApi',
});

export function faultCredentials(accounts: Record<FaultWorkflow, Demo>) {
  return (Object.keys(FAULT_WORKFLOWS) as FaultWorkflow[]).flatMap((name) => credentialsFile(faultCredential(name), accounts[name]));
}

/** Video Ready (looking the recording up, as a user who wants its details does) → the process that ran the rest. */
export function faultWorkflow(name: FaultWorkflow) {
  const nodes = [
    videoReadyTriggerNode(faultCredential(name), {
      id: 'trigger',
      position: [0, 0],
      webhookId: FAULT_WORKFLOWS[name].webhookId,
      parameters: { allowHttpWebhook: true, includeRecording: true, download: name === 'erasure', binaryPropertyName: 'video' },
    }),
    roleNode('On Worker', [220, 0], [], true),
  ];
  return workflow({
    id: FAULT_WORKFLOWS[name].id,
    name: `ScreenRec video ready (queue mode, ${name} case)`,
    nodes,
    connections: chainConnections(nodes.map((node) => String(node.name))),
  });
}

/** A Set node that adds which n8n process ran it (its ROLE_VARIABLE) to the item, or replaces the item with fields. */
function roleNode(
  name: string,
  position: [number, number],
  extra: Array<{ name: string; value: string; type: string }>,
  includeOtherFields: boolean,
) {
  return {
    id: name.replace(/\W/g, '').toLowerCase(),
    name,
    type: 'n8n-nodes-base.set',
    typeVersion: 3.4,
    position,
    parameters: {
      mode: 'manual',
      assignments: {
        assignments: [{ name: 'ranOn', value: `={{ $env.${ROLE_VARIABLE} }}`, type: 'string' }, ...extra].map((field, index) => ({
          id: `f${index}`,
          ...field,
        })),
      },
      includeOtherFields,
      options: {},
    },
  };
}

/**
 * Where the workflow downloads the video: in the trigger (on the webhook process, before ScreenRec gets its answer)
 * or with the ScreenRec node's Get Video URL (on the worker, after).
 */
export type DownloadIn = 'trigger' | 'worker';

/**
 * Video Ready (details on; download on when it downloads in the trigger) → [Get Video, download on, when it downloads
 * on the worker] → Read Video (the bytes as base64, read back from n8n's binary data store by the process that runs
 * it) → On Worker (that process's role) → Checkpoint (tells the test's checkpoint which run arrived from where, and
 * waits there while the test holds it).
 */
export function triggerWorkflow(downloadIn: DownloadIn, checkpointUrl: string) {
  const nodes: Array<Record<string, unknown>> = [
    videoReadyTriggerNode(CREDENTIAL, {
      id: 'trigger',
      position: [0, 0],
      webhookId: downloadIn === 'trigger' ? '0b5c4f7e-2a61-4c1d-9e3f-51a2b3c4d5e6' : '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      parameters: { allowHttpWebhook: true, includeRecording: true, download: downloadIn === 'trigger', binaryPropertyName: 'video' },
    }),
  ];
  if (downloadIn === 'worker') {
    nodes.push(
      recordingNode(
        CREDENTIAL,
        { id: 'video', name: 'Get Video', position: [220, 0] },
        { operation: 'getVideoUrl', recordingId: '={{ $json.recordingId }}', download: true, binaryPropertyName: 'video' },
      ),
    );
  }
  nodes.push(
    {
      id: 'read',
      name: 'Read Video',
      type: 'n8n-nodes-base.extractFromFile',
      typeVersion: 1.1,
      position: [440, 0],
      parameters: {
        operation: 'binaryToPropery',
        binaryPropertyName: 'video',
        destinationKey: 'videoBase64',
        options: { keepSource: 'json' },
      },
    },
    roleNode('On Worker', [660, 0], [], true),
    {
      id: 'checkpoint',
      name: 'Checkpoint',
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4.2,
      position: [880, 0],
      parameters: {
        method: 'POST',
        url: checkpointUrl,
        sendBody: true,
        specifyBody: 'json',
        jsonBody: "={{ JSON.stringify({ videoUrl: $('Video Ready').item.json.videoUrl, ranOn: $json.ranOn }) }}",
        options: { timeout: 300_000 },
      },
    },
  );
  return workflow({
    id: downloadIn === 'trigger' ? TRIGGER_DOWNLOAD_WORKFLOW_ID : TRIGGER_WORKFLOW_ID,
    name: `ScreenRec video ready, downloaded in the ${downloadIn === 'trigger' ? 'trigger' : 'workflow'} (queue mode)`,
    nodes,
    connections: chainConnections(nodes.map((node) => String(node.name))),
  });
}

/**
 * A Webhook node (answered with the last node's output) → the ScreenRec node's operations: create a link, find it
 * by its reference, update its tags, get a completed recording's video with the download on, search tags → one
 * summary item with the process's role.
 */
export const operationsWorkflow = workflow({
  id: OPERATIONS_WORKFLOW_ID,
  name: 'ScreenRec operations (queue mode)',
  nodes: [
    webhookStartNode({
      id: 'request',
      name: 'Operations Request',
      webhookId: '3d4e5f60-7182-4a93-b4c5-d6e7f8091a2b',
      path: OPERATIONS_PATH,
      responseMode: 'lastNode',
      responseData: 'firstEntryJson',
    }),
    recordingNode(
      CREDENTIAL,
      { id: 'create', name: 'Create Link', position: [220, 0] },
      { operation: 'create', externalReference: '={{ $json.body.reference }}', tags: 'queue, worker' },
    ),
    recordingNode(
      CREDENTIAL,
      { id: 'find', name: 'Find By Reference', position: [440, 0] },
      { operation: 'getAll', returnAll: true, filters: { externalReference: "={{ $('Operations Request').item.json.body.reference }}" } },
    ),
    recordingNode(
      CREDENTIAL,
      { id: 'update', name: 'Tag It', position: [660, 0] },
      { operation: 'update', recordingId: '={{ $json.id }}', updateFields: { tags: 'queue-worker, done' } },
    ),
    recordingNode(
      CREDENTIAL,
      { id: 'video', name: 'Get Video', position: [880, 0] },
      {
        operation: 'getVideoUrl',
        recordingId: "={{ $('Operations Request').item.json.body.completedRecordingId }}",
        download: true,
        binaryPropertyName: 'video',
      },
    ),
    screenRecNode(CREDENTIAL, {
      id: 'tags',
      name: 'Find Tags',
      position: [1100, 0],
      parameters: { resource: 'tag', operation: 'search', query: 'queue-w' },
    }),
    roleNode(
      'Summary',
      [1320, 0],
      [
        { name: 'created', value: "={{ $('Create Link').item.json }}", type: 'object' },
        { name: 'found', value: "={{ $('Find By Reference').all().map(item => item.json) }}", type: 'array' },
        { name: 'updated', value: "={{ $('Tag It').item.json }}", type: 'object' },
        { name: 'video', value: "={{ $('Get Video').item.json }}", type: 'object' },
        { name: 'videoFile', value: "={{ $('Get Video').item.binary.video }}", type: 'object' },
        { name: 'tags', value: "={{ $('Find Tags').all().map(item => item.json) }}", type: 'array' },
      ],
      false,
    ),
  ],
  connections: chainConnections(['Operations Request', 'Create Link', 'Find By Reference', 'Tag It', 'Get Video', 'Find Tags', 'Summary']),
});
