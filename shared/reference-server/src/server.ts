import { HOOK_PROVIDERS, type HookProvider } from '@screenrec/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerContext } from './context';
import { DeliveryWorker } from './delivery-worker';
import { RecordingLifecycle } from './lifecycle';
import type { DemoCredentials } from './model';
import { adminPlugin } from './plugins/admin';
import { hookPlugin } from './plugins/hook';
import { participantPlugin } from './plugins/participant';
import { restPlugin } from './plugins/rest';
import { videosPlugin } from './plugins/videos';
import { MESSAGES, sendMessage } from './replies';
import { newSecret } from './secrets';
import { SnapshotFile, readSnapshot } from './snapshot-file';
import { Store } from './store';
import { DEFAULT_LINK_TTL_MS, VideoLinks } from './video-links';

export interface ServerOptions {
  /** 0 (the default here) picks a free port. */
  port?: number;
  host?: string;
  /** Persist every change to this file and reload it on start. Default: memory only. */
  dataFile?: string;
  /** Allow http: callbacks (for loopback receivers in tests). */
  insecureCallbacks?: boolean;
  /** Base of the callback retry backoff. Default 1000 ms. */
  retryDelayMs?: number;
  /** The base that links (recording pages, videos) are built on. Default: the listening address. */
  publicUrl?: string;
  /** Default: a fresh random token. */
  adminToken?: string;
  /** pino level; 'silent' for tests. Logs go to stderr. */
  logLevel?: string;
  linkTtlMs?: number;
  /** Largest participant upload. Default 500 MB. */
  maxUploadBytes?: number;
  callbackTimeoutMs?: number;
}

export interface DemoWorkspace {
  workspaceId: string;
  workspaceName: string;
  ownerUserId: string;
  tokens: Record<HookProvider, string>;
  apiKey: string;
}

export interface RunningServer {
  baseUrl: string;
  publicUrl: string;
  adminToken: string;
  demo: DemoWorkspace;
  /** Where videos are kept: beside the data file, or a temp dir removed on close. */
  videosDir: string;
  /** For in-process tests and benchmarks: the live state and the fastify instance (inject()). */
  store: Store;
  app: FastifyInstance;
  close(): Promise<void>;
}

export const JSON_BODY_LIMIT = 1024 * 1024;
const DEFAULT_MAX_UPLOAD_BYTES = 500 * 1024 * 1024;

/** Starts the reference service: loads or seeds the state, listens, and resumes pending deliveries. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const snapshot = options.dataFile === undefined ? undefined : readSnapshot(options.dataFile);
  const store = snapshot === undefined ? new Store() : Store.restore(snapshot);
  const file = options.dataFile === undefined ? undefined : new SnapshotFile(options.dataFile, () => store.snapshot());
  const videosDir = options.dataFile === undefined ? mkdtempSync(join(tmpdir(), 'screenrec-videos-')) : `${options.dataFile}.videos`;
  mkdirSync(videosDir, { recursive: true });

  const app = Fastify({
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    logger: {
      level: options.logLevel ?? 'info',
      stream: process.stderr,
      // Video links carry their signature in the query string: log paths only.
      serializers: { req: (request: { method: string; url: string }) => ({ method: request.method, path: request.url.split('?')[0] }) },
    },
  });
  acceptEmptyJsonBodies(app);
  if (file !== undefined) {
    store.onChange = () => {
      file.markChanged();
      // Changes made off the request path (deliveries) are saved without waiting for the next request.
      setImmediate(() => void file.flush().catch((error: unknown) => app.log.error({ err: error }, 'could not save the data file')));
    };
  }

  let publicUrl = '';
  const links = new VideoLinks(store.signingKey, options.linkTtlMs ?? DEFAULT_LINK_TTL_MS);
  const deliveries = new DeliveryWorker(
    store,
    { retryDelayMs: options.retryDelayMs ?? 1000, allowHttp: options.insecureCallbacks ?? false, timeoutMs: options.callbackTimeoutMs },
    app.log,
  );
  const context: ServerContext = {
    store,
    lifecycle: new RecordingLifecycle(store, videosDir, links, deliveries, () => publicUrl),
    deliveries,
    links,
    adminToken: options.adminToken ?? newSecret('sra_'),
    allowHttpCallbacks: options.insecureCallbacks ?? false,
    videosDir,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
  };
  const demo = seedDemo(store);

  // A reply is sent only once the change it reports is on disk, so a restart loses nothing acknowledged.
  if (file !== undefined) app.addHook('onSend', async () => file.flush());
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error.statusCode === 413) return sendMessage(reply, 413, MESSAGES.payloadTooLarge);
    if (error.statusCode === 415) return sendMessage(reply, 415, MESSAGES.unsupportedMediaType);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return sendMessage(reply, 400, MESSAGES.badRequest);
    request.log.error({ err: error }, 'request failed');
    return sendMessage(reply, 500, MESSAGES.internal);
  });
  app.setNotFoundHandler((_request, reply) => sendMessage(reply, 404, MESSAGES.notFound));
  await app.register(hookPlugin(context));
  await app.register(restPlugin(context), { prefix: '/public/integration/:workspaceId' });
  await app.register(adminPlugin(context));
  await app.register(participantPlugin(context));
  await app.register(videosPlugin(context));

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const host = options.host === undefined || options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  publicUrl = (options.publicUrl ?? baseUrl).replace(/\/+$/, '');
  await file?.flush();
  deliveries.resumePending();

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    await app.close();
    await deliveries.close();
    await file?.flush();
    if (options.dataFile === undefined) rmSync(videosDir, { recursive: true, force: true });
  }
  return {
    baseUrl,
    publicUrl,
    adminToken: context.adminToken,
    demo,
    videosDir,
    store,
    app,
    close: () => (closing ??= close()),
  };
}

/**
 * Some HTTP clients send `content-type: application/json` with no body on DELETE or a body-less POST;
 * that is read as no body (as without the header) instead of fastify's "empty JSON body" error.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
}

/** The demo workspace: created on the first start, the same (credentials included) on later ones. */
function seedDemo(store: Store): DemoWorkspace {
  if (store.demo === null) {
    const workspace = store.addWorkspace('Demo Workspace');
    store.updateWorkspace(workspace, { apiAccess: true });
    const tokens = Object.fromEntries(HOOK_PROVIDERS.map((provider) => [provider, store.setupIntegration(workspace.id, provider)])) as Record<HookProvider, string>;
    const demo: DemoCredentials = { workspaceId: workspace.id, tokens, apiKey: store.addApiKey(workspace.id, null).secret };
    store.demo = demo;
    store.onChange();
  }
  const demo = store.demo;
  const workspace = store.workspace(demo.workspaceId);
  if (workspace === undefined) throw new Error('the data file names a demo workspace it does not hold');
  return { workspaceId: workspace.id, workspaceName: workspace.name, ownerUserId: workspace.ownerUserId, tokens: demo.tokens, apiKey: demo.apiKey };
}
