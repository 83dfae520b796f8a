import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliverySettingsOf } from './delivery-settings';
import { VIDEO_FILE } from './lifecycle';
import { DEFAULT_TIMEOUTS, LIMITS, type Timeouts } from './limits';
import type { DemoCredentials } from './model';
import type { ListenAddress, ServerOptions } from './options';
import { answerClientError, jsonErrors } from './plugins/json-errors';
import { lingeringClose } from './plugins/lingering-close';
import { securityHeaders } from './plugins/security-headers';
import { signInThrottle } from './plugins/sign-in-throttle';
import { createContext, state } from './plugins/state';
import { adminRoutes } from './routes/admin';
import { hookRoutes } from './routes/hook';
import { participantRoutes } from './routes/participant';
import { restRoutes } from './routes/rest';
import { videoRoutes } from './routes/videos';
import { MESSAGES, sendMessage } from './replies';
import { Store } from './store/store';
import { HOOK_PROVIDERS, type HookProvider } from './wire';

export interface DemoWorkspace extends DemoCredentials {
  workspaceName: string;
  ownerUserId: string;
}

export type { ListenAddress, ServerOptions };

/** Built, not listening yet (`app.inject()` needs no socket); pending deliveries resume on `listen`, once links can name it. */
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
  /** With `storagePort`: the origin of the second listener, which serves the storage links (and nothing else). */
  storageUrl?: string;
}

export async function startServer(options: ServerOptions = {}): Promise<ListeningServer> {
  const server = await buildServer(options);
  try {
    return await server.listen(options);
  } catch (error) {
    await server.close();
    throw error;
  }
}

export async function buildServer(options: ServerOptions = {}): Promise<InProcessServer> {
  // Checked before anything is created, so a bad value leaves no temp dir, database or listener behind.
  const { deliveriesPerNotification, repeatDeliveryDelayMs } = options;
  const settings = deliverySettingsOf({ deliveriesPerNotification, repeatDeliveryDelayMs });
  if (options.storagePort !== undefined) options = { ...options, videoLinks: 'storage' };
  const store = Store.open(options.dataFile, options.logLimits);
  const videosDir = options.dataFile === undefined ? mkdtempSync(join(tmpdir(), 'screenrec-videos-')) : `${options.dataFile}.videos`;
  mkdirSync(videosDir, { recursive: true });
  if (options.dataFile !== undefined) removeLeftovers(videosDir, store);
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const longRequests = new WeakSet<Socket>();
  const instanceOptions = fastifyOptions(options.logLevel, timeouts, longRequests);
  const app = Fastify(instanceOptions);
  // Before it listens, links are built on the host inject() sends (Host: localhost:80).
  let publicUrl = (options.publicUrl ?? 'http://localhost').replace(/\/+$/, '');
  let storageUrl: string | undefined;
  const urls = { publicUrl: () => publicUrl, linkBase: () => storageUrl ?? publicUrl };
  const context = createContext(store, settings, options, { videosDir, timeouts, longRequests, log: app.log, ...urls });
  const demo = seedDemo(store);

  await app.register(state, { context });
  await app.register(securityHeaders);
  await app.register(jsonErrors);
  await app.register(signInThrottle, { perMinute: options.failedAuthPerMinute ?? LIMITS.failedAuthPerMinute });
  await app.register(lingeringClose);
  await app.register(hookRoutes);
  await app.register(restRoutes, { prefix: '/public/integration/:workspaceId' });
  await app.register(adminRoutes);
  await app.register(participantRoutes);
  await app.register(videoRoutes, { service: true, storage: options.storagePort === undefined });
  await app.ready();
  // The storage links' own origin, as an object store's host is: the same checks, limits and refusals, no other route.
  const storageApp = options.storagePort === undefined ? undefined : Fastify({ ...instanceOptions, https: options.storageTls ?? null });
  storageApp?.decorate('context', context);
  for (const plugin of [securityHeaders, jsonErrors, lingeringClose]) await storageApp?.register(plugin);
  await storageApp?.register(videoRoutes, { service: false, storage: true });
  await storageApp?.ready();

  let listening: Promise<ListeningServer> | undefined;
  async function listen(address: ListenAddress = {}): Promise<ListeningServer> {
    await app.listen({ port: address.port ?? 0, host: address.host ?? '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const host = address.host === undefined || address.host === '0.0.0.0' ? '127.0.0.1' : address.host;
    const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (options.publicUrl === undefined) publicUrl = baseUrl;
    if (storageApp !== undefined) {
      await storageApp.listen({ port: options.storagePort, host: address.host ?? '127.0.0.1' });
      const scheme = options.storageTls === undefined ? 'http:' : 'https:';
      storageUrl = baseUrl.replace(/^http:/, scheme).replace(/:\d+$/, `:${(storageApp.server.address() as AddressInfo).port}`);
    }
    context.deliveries.resumePending();
    return Object.assign(server, { baseUrl, storageUrl });
  }

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    await Promise.all([app.close(), storageApp?.close()]);
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

function fastifyOptions(logLevel: string | undefined, timeouts: Timeouts, longRequests: WeakSet<Socket>) {
  // Video links carry their signature in the query string: log paths only.
  const req = ({ method, url }: { method: string; url: string }) => ({ method, path: url.split('?')[0] });
  return {
    bodyLimit: LIMITS.restBodyBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // The Limits table's timeouts; a socket idle for 30 s is closed too, which still bounds an upload (participant.ts).
    connectionTimeout: timeouts.requestMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1_000, Math.max(50, timeouts.headersMs / 4)) },
    // A URL fastify cannot decode (`%ZZ`) is refused in the service's own words, as every other bad request.
    frameworkErrors: (_error: Error, _request: unknown, reply: FastifyReply) => sendMessage(reply, 400, MESSAGES.badRequest),
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && longRequests.has(socket)) return;
      answerClientError(error, socket);
    },
    // A silent pino still makes a child logger for every request; no logger writes the same nothing for free.
    logger: logLevel === 'silent' ? false : { level: logLevel ?? 'info', stream: process.stderr, serializers: { req } },
  } as const;
}

/** What a run killed mid-way can leave: upload temp files, videos no recording refers to. None is reachable, so all go. */
function removeLeftovers(videosDir: string, store: Store): void {
  const kept = new Set(store.videoFileNames());
  for (const name of readdirSync(videosDir)) {
    if (name.startsWith('.upload-') || (VIDEO_FILE.test(name) && !kept.has(name))) rmSync(join(videosDir, name), { force: true });
  }
}

/** The demo workspace: created on the first start, the same (credentials included) on later ones. */
function seedDemo(store: Store): DemoWorkspace {
  const demo =
    store.demo ??
    store.transaction(() => {
      const workspace = store.addWorkspace('Demo Workspace');
      store.updateWorkspace(workspace, { apiAccess: true });
      const tokens = Object.fromEntries(
        HOOK_PROVIDERS.map((provider) => [provider, store.setupIntegration(workspace.id, provider)]),
      ) as Record<HookProvider, string>;
      const created: DemoCredentials = { workspaceId: workspace.id, tokens, apiKey: store.addApiKey(workspace.id, null).secret };
      store.setDemo(created);
      return created;
    });
  const workspace = store.workspace(demo.workspaceId);
  if (workspace === undefined) throw new Error('the data file names a demo workspace it does not hold');
  const { id: workspaceId, name: workspaceName, ownerUserId } = workspace;
  return { workspaceId, workspaceName, ownerUserId, tokens: demo.tokens, apiKey: demo.apiKey };
}
