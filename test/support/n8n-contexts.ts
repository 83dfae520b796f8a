import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from '@n8n/di';
import {
  BinaryDataService,
  CredentialTestContext,
  ExecuteContext,
  HookContext,
  LoadOptionsContext,
  PollContext,
  WebhookContext,
} from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import {
  Workflow,
  type ICredentialDataDecryptedObject,
  type ICredentialsHelper,
  type IDataObject,
  type INode,
  type INodeCredentialTestResult,
  type INodeExecutionData,
  type INodeListSearchResult,
  type INodeParameters,
  type INodeType,
  type INodeTypes,
  type IWebhookData,
  type IWorkflowExecuteAdditionalData,
  type WorkflowExecuteMode,
} from 'n8n-workflow';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import type { CaughtRequest } from './catcher';
import { ScreenRecNewRecordingTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecNewRecordingTrigger/ScreenRecNewRecordingTrigger.node.js';
import { ScreenRecTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js';

// Our nodes run inside n8n-core's real node contexts: real parameter resolution (defaults, displayOptions, resource
// locators), real httpRequest over axios, real binary data (in memory, or n8n's filesystem mode), real
// continueOnFail, the real cancel signal and timezone. Only the credential store and the engine's surroundings are
// stood in for. Nothing here needs jest, so scripts (npm run demo) use it too.

export const CREDENTIAL_TYPE = 'screenRecApi';
/** The one ScreenRec credential's fields, as n8n's credential store holds them (blank ones may be absent). */
export type ScreenRecCredential = ICredentialDataDecryptedObject & {
  serviceUrl: string;
  workspaceId?: string;
  backendToken?: string;
  apiKey?: string;
};

export const WORKFLOW_ID = 'wf1';
/** Workflow Settings' timezone in these workflows: dates without a zone are read in it. */
export const WORKFLOW_TIMEZONE = 'Europe/Berlin';
const TRIGGER_NAME = 'ScreenRec Trigger';
const TRIGGER_WEBHOOK_ID = 'f00dfeed';
/** The path n8n serves the trigger's webhook on, below its webhook base URL. */
const WEBHOOK_PATH = `/${TRIGGER_WEBHOOK_ID}/webhook`;

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

function credentialsHelperFor(credential: ScreenRecCredential | undefined): ICredentialsHelper {
  return standIn<ICredentialsHelper>({
    getParentTypes: () => [],
    preAuthentication: async () => undefined,
    getDecrypted: async (_additionalData, _node, type) => {
      if (type !== CREDENTIAL_TYPE || credential === undefined) throw new Error(`no ${type} credentials were given`);
      return { ...credential };
    },
  });
}

export function workflowOf(nodeType: INodeType, node: INode, staticData: IDataObject = {}): Workflow {
  const nodeTypes = standIn<INodeTypes>({ getByName: () => nodeType, getByNameAndVersion: () => nodeType });
  return new Workflow({
    id: WORKFLOW_ID,
    nodes: [node],
    connections: {},
    active: true,
    nodeTypes,
    staticData,
    settings: { timezone: WORKFLOW_TIMEZONE },
  });
}

export function nodeOf(name: string, type: string, parameters: INodeParameters, extra: Partial<INode> = {}): INode {
  return {
    id: `${type}-id`,
    name,
    type,
    typeVersion: 1,
    position: [0, 0],
    parameters,
    credentials: { screenRecApi: { id: '1', name: 'ScreenRec account' } },
    ...extra,
  };
}

/** Where n8n is, as the nodes see it: the credential it holds and the base of its webhook URLs. */
export interface N8nSetup {
  credential: ScreenRecCredential | undefined;
  webhookBaseUrl: string;
}

let executionCount = 0;

export function additionalDataFor(setup: N8nSetup, extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
  return standIn<IWorkflowExecuteAdditionalData>({
    credentialsHelper: credentialsHelperFor(setup.credential),
    currentNodeParameters: undefined,
    webhookBaseUrl: setup.webhookBaseUrl,
    webhookTestBaseUrl: `${setup.webhookBaseUrl}-test`,
    executionId: `exec-${++executionCount}`,
    ...extra,
  });
}

function executeContextFor(
  setup: N8nSetup,
  nodeType: INodeType,
  node: INode,
  items: INodeExecutionData[],
  abortSignal?: AbortSignal,
): ExecuteContext {
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
    abortSignal,
  );
}

export interface RunOptions {
  items?: INodeExecutionData[];
  continueOnFail?: boolean;
  /** The execution's cancel signal (n8n fires it when the user presses Stop or the workflow times out). */
  abortSignal?: AbortSignal;
}

/**
 * Switches n8n's binary data to its filesystem mode (as n8n 2.x runs by default), in a fresh folder: a stored file
 * goes to disk instead of memory. Returns the folder.
 */
export async function useFilesystemBinaryData(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'n8n-binary-'));
  const service = Container.get(BinaryDataService) as unknown as {
    config: { mode: string; localStoragePath: string };
    init(): Promise<void>;
  };
  service.config.mode = 'filesystem';
  service.config.localStoragePath = folder;
  await service.init();
  return folder;
}

/** Runs the ScreenRec node's execute() on the input items, as n8n's engine would. */
export async function runScreenRecNode(
  setup: N8nSetup,
  parameters: INodeParameters,
  options: RunOptions = {},
): Promise<INodeExecutionData[]> {
  const nodeType = new ScreenRec();
  const node = nodeOf(
    'ScreenRec',
    'n8n-nodes-screenrec.screenRec',
    parameters,
    options.continueOnFail ? { onError: 'continueRegularOutput' } : {},
  );
  const context = executeContextFor(setup, nodeType, node, options.items ?? [{ json: {} }], options.abortSignal);
  const [output] = await nodeType.execute!.call(context);
  return output ?? [];
}

/**
 * n8n's "Test connection" for the credential: n8n finds the node that declares `testedBy` for it and calls that
 * method with a real credential-test context (whose only HTTP helper is the older `request`).
 */
export async function testCredential(data: ScreenRecCredential): Promise<INodeCredentialTestResult> {
  const nodeType = new ScreenRec();
  const credential = nodeType.description.credentials?.find((candidate) => candidate.name === CREDENTIAL_TYPE);
  const method = nodeType.methods.credentialTest[credential!.testedBy as 'screenRecApiTest'];
  return await method.call(new CredentialTestContext(), { id: '1', name: 'ScreenRec account', type: CREDENTIAL_TYPE, data });
}

/** The Recording field's "From list" search, as the editor calls it while the user types and scrolls. */
export async function searchRecordingList(setup: N8nSetup, filter?: string, paginationToken?: unknown): Promise<INodeListSearchResult> {
  const nodeType = new ScreenRec();
  const node = nodeOf('ScreenRec', 'n8n-nodes-screenrec.screenRec', { resource: 'recording', operation: 'get' });
  const context = new LoadOptionsContext(workflowOf(nodeType, node), node, additionalDataFor(setup), 'parameters.recordingId');
  return await nodeType.methods.listSearch.searchRecordings.call(context, filter, paginationToken);
}

/** The polling trigger of one active workflow: its static data persists from poll to poll, like n8n's. */
export function pollingTrigger(setup: N8nSetup & { parameters?: INodeParameters }) {
  const nodeType = new ScreenRecNewRecordingTrigger();
  const node = nodeOf('ScreenRec New Recording Trigger', 'n8n-nodes-screenrec.screenRecNewRecordingTrigger', setup.parameters ?? {});
  const workflow = workflowOf(nodeType, node);
  return {
    staticData: () => workflow.staticData['node:ScreenRec New Recording Trigger'] as IDataObject | undefined,
    /** One poll, as the schedule (mode 'trigger') or "Fetch Test Event" (mode 'manual') runs it. */
    poll: async (mode: WorkflowExecuteMode = 'trigger') =>
      await nodeType.poll.call(new PollContext(workflow, node, additionalDataFor(setup), mode, 'activate')),
  };
}

/**
 * The Express response a webhook() answers through, as far as our nodes use it: what it was given is in `response`.
 * `hangUp` resolving is the caller closing the connection before n8n answered.
 */
export function fakeHttpResponse(hangUp?: Promise<void>) {
  const response = { statusCode: undefined as number | undefined, body: undefined as unknown };
  const closeListeners: Array<() => void> = [];
  void hangUp?.then(() => closeListeners.forEach((listener) => listener()));
  const httpResponse = {
    writableEnded: false,
    once(event: string, listener: () => void) {
      if (event === 'close') closeListeners.push(listener);
      return httpResponse;
    },
    status(code: number) {
      response.statusCode = code;
      return httpResponse;
    },
    json(payload: unknown) {
      response.body = payload;
      return httpResponse;
    },
  };
  return { response, httpResponse };
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
  const secret = () => String((workflow.staticData[`node:${TRIGGER_NAME}`] as IDataObject | undefined)?.callbackSecret ?? '');
  /**
   * Delivers a request body to webhook() and returns what it answered, what it started and what it logged. The
   * query is what the caller's URL carried: by default the current secret, as the service sends it.
   */
  const deliver = async (
    body: unknown,
    options: { query?: Record<string, string>; headers?: Record<string, string>; hangUp?: Promise<void> } = {},
  ) => {
    const { query = { secret: secret() }, headers = {}, hangUp } = options;
    // `hangUp`: the caller (the service) closes the connection before n8n answered, as on its own timeout.
    const { response, httpResponse } = fakeHttpResponse(hangUp);
    const context = new WebhookContext(
      workflow,
      node,
      additionalDataFor(setup, { httpRequest: { body, headers, query } as never, httpResponse: httpResponse as never }),
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
  };
  return {
    webhookUrl: `${setup.webhookBaseUrl}${WEBHOOK_PATH}`,
    /** The path n8n serves this trigger's webhook on, below its webhook base URL. */
    webhookPath: WEBHOOK_PATH,
    staticData: () => workflow.staticData[`node:${TRIGGER_NAME}`] as IDataObject | undefined,
    hookContext,
    checkExists: (context = hookContext()) => lifecycle.checkExists.call(context),
    create: (context = hookContext()) => lifecycle.create.call(context),
    delete: (context = hookContext()) => lifecycle.delete.call(context),
    /** The callback URL registered with the service: the webhook URL with the current secret. */
    callbackUrl: () => `${setup.webhookBaseUrl}${WEBHOOK_PATH}?secret=${secret()}`,
    deliver,
    /** Hands webhook() a request the service made to a Catcher, as n8n would: its JSON body, query and headers. */
    deliverCaught: (request: CaughtRequest) =>
      deliver(JSON.parse(request.body), { query: request.query, headers: { 'content-type': request.headers['content-type'] ?? '' } }),
  };
}

export type TriggerWorkflow = ReturnType<typeof triggerWorkflow>;

/** Execution contexts start n8n's SSH client manager, whose cleanup interval keeps a process from exiting. */
export function shutDownN8nContexts(): void {
  Container.get(SSHClientsManager).onShutdown();
}
