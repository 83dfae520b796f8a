/**
 * What the queue-mode run imports into n8n: the ScreenRec credential (encrypted into Postgres, so every process
 * reads the same one) and three workflows. Ids are at most 16 characters: n8n silently skips saving static data of
 * a workflow with a longer id, and the trigger keeps its subscription there.
 */

export const PACKAGE = 'n8n-nodes-screenrec';
/** The Video Ready workflow the burst and crash checks use: the worker downloads the video. */
export const TRIGGER_WORKFLOW_ID = 'srQueueTrigger01';
/** The Video Ready workflow whose trigger downloads the video on the webhook process. */
export const TRIGGER_DOWNLOAD_WORKFLOW_ID = 'srQueueTrigDl001';
export const OPERATIONS_WORKFLOW_ID = 'srQueueOps000001';
export const OPERATIONS_PATH = 'screenrec-queue-operations';
/** The environment variable each n8n process sets to its role; the workflows write it into their output. */
export const ROLE_VARIABLE = 'SCREENREC_QUEUE_ROLE';

export interface Demo {
  baseUrl: string;
  backendToken: string;
  workspaceId: string;
  apiKey: string;
}

/** The one ScreenRec credential: the backend token for the trigger and Create, the API key for the REST operations. */
const CREDENTIAL = { id: 'srQueueAccount01', name: 'ScreenRec account (queue)', type: 'screenRecApi' };

export function credentials(demo: Demo) {
  return [{ ...CREDENTIAL, data: { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, backendToken: demo.backendToken, apiKey: demo.apiKey } }];
}

const accountCredentials = { screenRecApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };

/** A Recording ID parameter (a resource locator) given by ID. */
const recordingIdParameter = (expression: string) => ({ __rl: true, mode: 'id', value: expression });

/** A Set node that adds which n8n process ran it (its ROLE_VARIABLE) to the item, or replaces the item with fields. */
function roleNode(name: string, position: [number, number], extra: Array<{ name: string; value: string; type: string }>, includeOtherFields: boolean) {
  return {
    id: name.replace(/\W/g, '').toLowerCase(),
    name,
    type: 'n8n-nodes-base.set',
    typeVersion: 3.4,
    position,
    parameters: {
      mode: 'manual',
      assignments: {
        assignments: [{ name: 'ranOn', value: `={{ $env.${ROLE_VARIABLE} }}`, type: 'string' }, ...extra].map((field, index) => ({ id: `f${index}`, ...field })),
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
    {
      id: 'trigger',
      name: 'Video Ready',
      type: `${PACKAGE}.screenRecTrigger`,
      typeVersion: 1,
      position: [0, 0],
      webhookId: downloadIn === 'trigger' ? '0b5c4f7e-2a61-4c1d-9e3f-51a2b3c4d5e6' : '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      parameters: { allowHttpWebhook: true, includeRecording: true, download: downloadIn === 'trigger', binaryPropertyName: 'video' },
      credentials: accountCredentials,
    },
  ];
  if (downloadIn === 'worker') {
    nodes.push({
      id: 'video',
      name: 'Get Video',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [220, 0],
      parameters: { resource: 'recording', operation: 'getVideoUrl', recordingId: recordingIdParameter('={{ $json.recordingId }}'), download: true, binaryPropertyName: 'video' },
      credentials: accountCredentials,
    });
  }
  nodes.push(
    {
      id: 'read',
      name: 'Read Video',
      type: 'n8n-nodes-base.extractFromFile',
      typeVersion: 1.1,
      position: [440, 0],
      parameters: { operation: 'binaryToPropery', binaryPropertyName: 'video', destinationKey: 'videoBase64', options: { keepSource: 'json' } },
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
  const chain = nodes.map((node) => String(node.name));
  return {
    id: downloadIn === 'trigger' ? TRIGGER_DOWNLOAD_WORKFLOW_ID : TRIGGER_WORKFLOW_ID,
    name: `ScreenRec video ready, downloaded in the ${downloadIn === 'trigger' ? 'trigger' : 'workflow'} (queue mode)`,
    active: false,
    settings: { executionOrder: 'v1' },
    nodes,
    connections: Object.fromEntries(chain.slice(0, -1).map((name, index) => [name, { main: [[{ node: chain[index + 1]!, type: 'main', index: 0 }]] }])),
  };
}

/**
 * A Webhook node (answered with the last node's output) → the ScreenRec node's operations: create a link, find it
 * by its reference, update its tags, get a completed recording's video with the download on, search tags → one
 * summary item with the process's role.
 */
export const operationsWorkflow = {
  id: OPERATIONS_WORKFLOW_ID,
  name: 'ScreenRec operations (queue mode)',
  active: false,
  settings: { executionOrder: 'v1' },
  nodes: [
    {
      id: 'request',
      name: 'Operations Request',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      webhookId: '3d4e5f60-7182-4a93-b4c5-d6e7f8091a2b',
      parameters: { httpMethod: 'POST', path: OPERATIONS_PATH, responseMode: 'lastNode', responseData: 'firstEntryJson', options: {} },
    },
    {
      id: 'create',
      name: 'Create Link',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [220, 0],
      parameters: { resource: 'recording', operation: 'create', externalReference: '={{ $json.body.reference }}', tags: 'queue, worker' },
      credentials: accountCredentials,
    },
    {
      id: 'find',
      name: 'Find By Reference',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [440, 0],
      parameters: { resource: 'recording', operation: 'getAll', returnAll: true, filters: { externalReference: "={{ $('Operations Request').item.json.body.reference }}" } },
      credentials: accountCredentials,
    },
    {
      id: 'update',
      name: 'Tag It',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [660, 0],
      parameters: { resource: 'recording', operation: 'update', recordingId: recordingIdParameter('={{ $json.id }}'), updateFields: { tags: 'queue-worker, done' } },
      credentials: accountCredentials,
    },
    {
      id: 'video',
      name: 'Get Video',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [880, 0],
      parameters: {
        resource: 'recording',
        operation: 'getVideoUrl',
        recordingId: recordingIdParameter("={{ $('Operations Request').item.json.body.completedRecordingId }}"),
        download: true,
        binaryPropertyName: 'video',
      },
      credentials: accountCredentials,
    },
    {
      id: 'tags',
      name: 'Find Tags',
      type: `${PACKAGE}.screenRec`,
      typeVersion: 1,
      position: [1100, 0],
      parameters: { resource: 'tag', operation: 'search', query: 'queue-w' },
      credentials: accountCredentials,
    },
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
  connections: {
    'Operations Request': { main: [[{ node: 'Create Link', type: 'main', index: 0 }]] },
    'Create Link': { main: [[{ node: 'Find By Reference', type: 'main', index: 0 }]] },
    'Find By Reference': { main: [[{ node: 'Tag It', type: 'main', index: 0 }]] },
    'Tag It': { main: [[{ node: 'Get Video', type: 'main', index: 0 }]] },
    'Get Video': { main: [[{ node: 'Find Tags', type: 'main', index: 0 }]] },
    'Find Tags': { main: [[{ node: 'Summary', type: 'main', index: 0 }]] },
  },
};
