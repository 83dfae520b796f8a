/**
 * The pieces every workflow imported into a real n8n is built from (the single-process run in test/real-n8n and
 * the queue-mode run in test/queue): the ScreenRec credential, its nodes and the chain that connects them.
 */

export const PACKAGE = 'n8n-nodes-screenrec';

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

/** A saved ScreenRec credential as n8n's import reads it (without its data). */
export interface Credential {
  id: string;
  name: string;
  type: 'screenRecApi';
}

/** Every field filled in, as a user who uses both the hook (Create, Video Ready) and the REST operations would. */
export function credentialData(demo: Demo): CredentialData {
  return { serviceUrl: demo.baseUrl, workspaceId: demo.workspaceId, backendToken: demo.backendToken, apiKey: demo.apiKey };
}

/** The file `n8n import:credentials` reads: the one credential with every field filled in. */
export function credentialsFile(credential: Credential, demo: Demo) {
  return [{ ...credential, data: credentialData(demo) }];
}

/** How a node refers to the saved credential. */
export function nodeCredentials(credential: Credential) {
  return { screenRecApi: { id: credential.id, name: credential.name } };
}

/** A Recording ID parameter (a resource locator) given by ID. */
export const recordingById = (expression: string) => ({ __rl: true, mode: 'id', value: expression });

interface NodePlacement {
  id: string;
  name: string;
  position: [number, number];
  parameters: Record<string, unknown>;
}

/** A ScreenRec action node signed in with `credential`. */
export function screenRecNode(credential: Credential, { id, name, position, parameters }: NodePlacement) {
  return { id, name, type: `${PACKAGE}.screenRec`, typeVersion: 1, position, parameters, credentials: nodeCredentials(credential) };
}

/** A Recording operation's parameters: `recordingId` (an expression) fills the Recording ID locator. */
interface RecordingOperation {
  operation: string;
  recordingId?: string;
  /** The operation's other parameters, as the editor names them. */
  [parameter: string]: unknown;
}

/** A ScreenRec action node running one operation on the Recording resource, as the editor saves it. */
export function recordingNode(
  credential: Credential,
  placement: Omit<NodePlacement, 'parameters'>,
  { operation, recordingId, ...more }: RecordingOperation,
) {
  const locator = recordingId === undefined ? {} : { recordingId: recordingById(recordingId) };
  return screenRecNode(credential, { ...placement, parameters: { resource: 'recording', operation, ...locator, ...more } });
}

/** A ScreenRec Trigger (Video Ready) node; n8n keys its subscription by `webhookId`. */
export function videoReadyTriggerNode(
  credential: Credential,
  { id, position, webhookId, parameters }: Omit<NodePlacement, 'name'> & { webhookId: string },
) {
  return {
    id,
    name: 'Video Ready',
    type: `${PACKAGE}.screenRecTrigger`,
    typeVersion: 1,
    position,
    webhookId,
    parameters,
    credentials: nodeCredentials(credential),
  };
}

/** Where a Webhook node listens and how it answers (on receipt unless `responseMode` says otherwise). */
interface WebhookStart {
  id: string;
  name: string;
  webhookId: string;
  path: string;
  responseMode?: string;
  responseData?: string;
}

/** n8n's Webhook node starting a workflow on POST `path`; by default it answers on receipt. */
export function webhookStartNode({ id, name, webhookId, path, responseMode = 'onReceived', ...more }: WebhookStart) {
  return {
    id,
    name,
    type: 'n8n-nodes-base.webhook',
    typeVersion: 2,
    position: [0, 0] as [number, number],
    webhookId,
    parameters: { httpMethod: 'POST', path, responseMode, ...more, options: {} },
  };
}

/** Connects the named nodes one after the other, each one's main output to the next one's input. */
export function chainConnections(names: readonly string[]) {
  return Object.fromEntries(
    names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1]!, type: 'main', index: 0 }]] }]),
  );
}

/**
 * Webhook (answers at once) → one Recording operation on the recording the request names: a workflow started by
 * POST { recordingId } on the production webhook `start.path`, run by `n8n start` (or queued, in queue mode).
 */
export function postedRecordingWorkflow(
  credential: Credential,
  {
    id,
    name,
    start,
    step,
    operation,
  }: { id: string; name: string; start: WebhookStart; step: { id: string; name: string }; operation: RecordingOperation },
) {
  return workflow({
    id,
    name,
    nodes: [
      webhookStartNode(start),
      recordingNode(credential, { ...step, position: [220, 0] }, { ...operation, recordingId: '={{ $json.body.recordingId }}' }),
    ],
    connections: chainConnections([start.name, step.name]),
  });
}

/** A workflow as `n8n import:workflow` reads it: imported inactive, run in n8n's current (v1) execution order. */
export function workflow<Node>({
  id,
  name,
  nodes,
  connections,
}: {
  id: string;
  name: string;
  nodes: Node[];
  connections: Record<string, unknown>;
}) {
  return { id, name, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}
