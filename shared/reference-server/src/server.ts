import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { systemResolver, type HostResolver } from './address-policy';
import { authThrottle } from './auth-throttle';
import type { ServerContext } from './context';
import { deliverySettingsOf } from './delivery-settings';
import { DeliveryWorker } from './delivery-worker';
import { JournalFile, isJournalTemp, readJournal } from './journal-file';
import { RecordingLifecycle, VIDEO_FILE } from './lifecycle';
import { DEFAULT_TIMEOUTS, LIMITS, type Timeouts } from './limits';
import { lingerAfterAnswer } from './lingering-close';
import type { DemoCredentials } from './model';
import { adminPlugin } from './plugins/admin';
import { hookPlugin } from './plugins/hook';
import { participantPlugin } from './plugins/participant';
import { restPlugin } from './plugins/rest';
import { videosPlugin } from './plugins/videos';
import { MESSAGES, sendMessage } from './replies';
import { newSecret } from './secrets';
import { addSecurityHeaders } from './security-headers';
import { Store, type StoreLimits } from './store';
import { DEFAULT_LINK_TTL_MS, VideoLinks, type VideoLinkMode } from './video-links';
import { HOOK_PROVIDERS, type HookProvider } from './wire';

/** Where `listen` takes the server; the defaults are a free port on loopback. */
export interface ListenAddress {
  /** 0 (the default here) picks a free port. */
  port?: number;
  host?: string;
}

export interface ServerOptions extends ListenAddress {
  /** Persist every change to this file and reload it on start. Default: memory only. */
  dataFile?: string;
  /** Allow http: callbacks (for loopback receivers in tests). */
  insecureCallbacks?: boolean;
  /** Base of the callback retry backoff. Default 1000 ms. */
  retryDelayMs?: number;
  /** The base that links (recording pages, videos) are built on. Default: the listening address (before listening, http://localhost, the host inject() sends). */
  publicUrl?: string;
  /** Default: a fresh random token. */
  adminToken?: string;
  /** pino level; 'silent' for tests. Logs go to stderr. */
  logLevel?: string;
  linkTtlMs?: number;
  /** Largest participant upload. Default 500 MB. */
  maxUploadBytes?: number;
  callbackTimeoutMs?: number;
  /** `service` (default): /videos/{id}?expires&signature; `storage`: object-store style links that hide the id. */
  videoLinks?: VideoLinkMode;
  /** How callback host names are resolved (at subscribe and at connect). Default: the system's (dns.lookup). */
  resolveHost?: HostResolver;
  /** The Limits table's timeouts; tests shorten them. */
  timeouts?: Partial<Timeouts>;
  /** Failed authentications per client address per minute before 429 (default 20). */
  failedAuthPerMinute?: number;
  /** How much of the outbox and the delivery log is kept. */
  logLimits?: Partial<StoreLimits>;
  /** Journal bytes appended before a compaction is considered (default 4 MiB; tests lower it). */
  minCompactionBytes?: number;
  /** Separate deliveries of each video-ready notification to each subscription, 1 to 5 (default 1). */
  deliveriesPerNotification?: number;
  /** Delay before each repeated delivery, 0 to 60,000 ms (default 0: all at once). */
  repeatDeliveryDelayMs?: number;
}

export interface DemoWorkspace {
  workspaceId: string;
  workspaceName: string;
  ownerUserId: string;
  tokens: Record<HookProvider, string>;
  apiKey: string;
}

/**
 * The reference service in this process, built and not yet listening: `app.inject()` reaches every route without a
 * socket. Deliveries of new notifications run from the start; those a previous run left pending resume on `listen`,
 * once links can name the address the server answers on.
 */
export interface InProcessServer {
  /** The base links are built on: `publicUrl` if given, else the listening address (http://localhost before). */
  readonly publicUrl: string;
  adminToken: string;
  demo: DemoWorkspace;
  /** Where videos are kept: beside the data file, or a temp dir removed on close. */
  videosDir: string;
  /** The live state, for tests and benchmarks that set up or inspect it directly. */
  store: Store;
  app: FastifyInstance;
  /** Starts listening (once), then resumes pending deliveries. */
  listen(address?: ListenAddress): Promise<ListeningServer>;
  close(): Promise<void>;
}

/** An in-process server that listens on a socket (a separate process's server is test/support's RunningServer). */
export interface ListeningServer extends InProcessServer {
  baseUrl: string;
}

export const JSON_BODY_LIMIT = LIMITS.restBodyBytes;
const DEFAULT_MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** What a request's URL is resolved against before the server listens: inject() sends Host: localhost:80. */
const UNLISTENED_BASE = 'http://localhost';

/** Starts the reference service: builds it, then listens on `options.port`/`host`. */
export async function startServer(options: ServerOptions = {}): Promise<ListeningServer> {
  const server = await buildServer(options);
  try {
    return await server.listen(options);
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Builds the reference service without listening: loads or seeds the state, registers the routes and hooks, and
 * wires the delivery worker. `listen` is separate, so route tests can use `app.inject()`.
 */
export async function buildServer(options: ServerOptions = {}): Promise<InProcessServer> {
  // Checked before anything is created, so a bad value leaves no temp dir or listener behind.
  const settings = deliverySettingsOf({ deliveriesPerNotification: options.deliveriesPerNotification, repeatDeliveryDelayMs: options.repeatDeliveryDelayMs });
  const logLimits: StoreLimits = { outboxEntries: LIMITS.outboxEntries, deliveryLogEntries: LIMITS.deliveryLogEntries, ...options.logLimits };
  const store = loadStore(options.dataFile, logLimits);
  const file = options.dataFile === undefined ? undefined : new JournalFile(options.dataFile, () => store.snapshot(), options.minCompactionBytes);
  const videosDir = options.dataFile === undefined ? mkdtempSync(join(tmpdir(), 'screenrec-videos-')) : `${options.dataFile}.videos`;
  mkdirSync(videosDir, { recursive: true });
  if (options.dataFile !== undefined) removeLeftovers(options.dataFile, videosDir, store);
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  /** Sockets carrying a participant upload: exempt from the whole-request timeout (they have their own). */
  const longRequests = new WeakSet<Socket>();

  const app = Fastify({
    bodyLimit: LIMITS.restBodyBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // The Limits table: headers within 10 s, the whole request within 30 s, idle keep-alive closed after 5 s. An idle
    // socket (nothing received for 30 s) is closed too, which is what still bounds an upload (see participant.ts).
    connectionTimeout: timeouts.requestMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1_000, Math.max(50, timeouts.headersMs / 4)) },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && longRequests.has(socket)) return;
      answerClientError(error, socket);
    },
    // A silent pino still makes a child logger for every request; no logger writes the same nothing for free.
    logger:
      options.logLevel === 'silent'
        ? false
        : {
            level: options.logLevel ?? 'info',
            stream: process.stderr,
            // Video links carry their signature in the query string: log paths only.
            serializers: { req: (request: { method: string; url: string }) => ({ method: request.method, path: request.url.split('?')[0] }) },
          },
  });
  acceptEmptyJsonBodies(app);
  if (file !== undefined) {
    let flushScheduled = false;
    store.onChange = (change) => {
      file.record(change);
      // Changes made off the request path (deliveries) are saved without waiting for the next request; one
      // scheduled flush covers every change recorded before it runs.
      if (flushScheduled) return;
      flushScheduled = true;
      setImmediate(() => {
        flushScheduled = false;
        file.flush().catch((error: unknown) => app.log.error({ err: error }, 'could not save the data file'));
      });
    };
    await file.start();
  }
  addSecurityHeaders(app);
  await app.register(rateLimit, { global: false });

  let publicUrl = trimUrl(options.publicUrl ?? UNLISTENED_BASE);
  const links = new VideoLinks(store.signingKey, options.linkTtlMs ?? DEFAULT_LINK_TTL_MS, Date.now, options.videoLinks ?? 'service');
  const resolveHost = options.resolveHost ?? systemResolver;
  const deliveries: DeliveryWorker = new DeliveryWorker(
    store,
    {
      retryDelayMs: options.retryDelayMs ?? 1000,
      allowHttp: options.insecureCallbacks ?? false,
      timeoutMs: options.callbackTimeoutMs,
      resolver: resolveHost,
      settings,
      // Called only once deliveries run, after `lifecycle` below exists.
      linkFor: (recordingId): string | undefined => lifecycle.linkFor(recordingId),
    },
    app.log,
  );
  const lifecycle: RecordingLifecycle = new RecordingLifecycle(store, videosDir, links, deliveries, () => publicUrl);
  const context: ServerContext = {
    store,
    lifecycle,
    deliveries,
    links,
    adminToken: options.adminToken ?? newSecret('sra_'),
    allowHttpCallbacks: options.insecureCallbacks ?? false,
    resolveHost,
    videosDir,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    uploadTimeoutMs: timeouts.uploadMs,
    longRequests,
    failedAuthentication: authThrottle(app, options.failedAuthPerMinute ?? LIMITS.failedAuthPerMinute),
  };
  const demo = seedDemo(store);

  // A reply is sent only once the change it reports is on disk, so a restart loses nothing acknowledged. Both hooks
  // finish synchronously when they can: fastify stops a request answered early (in onRequest/preParsing) only when
  // the answer has been written by the time the hook returns, so an onSend that always waits would let it run on.
  if (file !== undefined) {
    app.addHook('onSend', (_request, _reply, payload, done) => {
      if (file.isDurable()) done(null, payload);
      else file.flush().then(() => done(null, payload), (error: Error) => done(error));
    });
  }
  // A body left unread (refused before parsing) is not drained in full: the connection is closed after the answer,
  // lingering a bounded while so the client can read it (see lingering-close.ts).
  // (`complete` is false on a socket's request until its body is read; an injected request has no such flag.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) {
      reply.header('connection', 'close');
      lingerAfterAnswer(request.raw, { bytes: LIMITS.lingerBytes, ms: LIMITS.lingerMs });
    }
    done(null, payload);
  });
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
  await app.ready();
  await file?.flush();

  let listening: Promise<ListeningServer> | undefined;
  async function listen(address: ListenAddress = {}): Promise<ListeningServer> {
    await app.listen({ port: address.port ?? 0, host: address.host ?? '127.0.0.1' });
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound !== null ? bound.port : address.port;
    const host = address.host === undefined || address.host === '0.0.0.0' ? '127.0.0.1' : address.host;
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (options.publicUrl === undefined) publicUrl = baseUrl;
    deliveries.resumePending();
    return Object.assign(server, { baseUrl });
  }

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    await app.close();
    await deliveries.close();
    await file?.close();
    if (options.dataFile === undefined) rmSync(videosDir, { recursive: true, force: true });
  }
  const server: InProcessServer = {
    get publicUrl() {
      return publicUrl;
    },
    adminToken: context.adminToken,
    demo,
    videosDir,
    store,
    app,
    listen: (address) => (listening ??= listen(address)),
    close: () => (closing ??= close()),
  };
  return server;
}

function trimUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The state a previous run left (snapshot, then its journal replayed in order), or a fresh one. */
function loadStore(dataFile: string | undefined, limits: StoreLimits): Store {
  const journal = dataFile === undefined ? undefined : readJournal(dataFile);
  if (journal === undefined) return new Store(undefined, limits);
  const store = Store.restore(journal.snapshot, limits);
  for (const change of journal.changes) store.apply(change);
  return store;
}

/**
 * What a run killed mid-way can leave: a compaction's temp file beside the data file, an upload's temp file, a
 * video whose recording was deleted or never completed. None of them is reachable from the state, so all go.
 */
function removeLeftovers(dataFile: string, videosDir: string, store: Store): void {
  const dataDir = dirname(dataFile);
  for (const name of readdirSync(dataDir)) if (isJournalTemp(dataFile, name)) rmSync(join(dataDir, name), { force: true });
  const kept = new Set(store.videoFileNames());
  for (const name of readdirSync(videosDir)) {
    if (name.startsWith('.upload-') || (VIDEO_FILE.test(name) && !kept.has(name))) rmSync(join(videosDir, name), { force: true });
  }
}

/** Timeouts and malformed requests, answered before fastify sees a request: a JSON message, then the socket closes. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', MESSAGES.badRequest];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${label}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
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
    store.setDemo(demo);
  }
  const demo = store.demo;
  const workspace = demo === null ? undefined : store.workspace(demo.workspaceId);
  if (demo === null || workspace === undefined) throw new Error('the data file names a demo workspace it does not hold');
  return { workspaceId: workspace.id, workspaceName: workspace.name, ownerUserId: workspace.ownerUserId, tokens: demo.tokens, apiKey: demo.apiKey };
}
