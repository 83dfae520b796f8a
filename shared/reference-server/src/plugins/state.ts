import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemResolver } from '../address-policy';
import type { DeliverySettings } from '../delivery-settings';
import { DeliveryWorker } from '../delivery-worker';
import { RecordingLifecycle } from '../lifecycle';
import { LIMITS, type Timeouts } from '../limits';
import { newSecret } from '../secrets';
import type { ServerOptions } from '../options';
import type { Store } from '../store/store';
import { VideoLinks } from '../video-links';

const DEFAULT_MAX_UPLOAD_BYTES = 500 * 1024 * 1024;

export type ServerContext = ReturnType<typeof createContext>;

declare module 'fastify' {
  interface FastifyInstance {
    context: ServerContext;
  }
}

interface Surroundings {
  videosDir: string;
  timeouts: Timeouts;
  /** Sockets exempt from the whole-request timeout while they carry an upload (which has its own deadline). */
  longRequests: WeakSet<Socket>;
  log: FastifyBaseLogger;
  publicUrl: () => string;
  /** Where video links point: the storage listener's origin when there is one, else publicUrl. */
  linkBase: () => string;
}

export function createContext(store: Store, settings: DeliverySettings, options: ServerOptions, around: Surroundings) {
  const { videosDir, timeouts, longRequests, log, publicUrl, linkBase } = around;
  const links = new VideoLinks(store.signingKey, options.linkTtlMs, options.videoLinks);
  // Resolves callback host names for the subscribe-time check (the delivery worker checks again at connect).
  const resolveHost = options.resolveHost ?? systemResolver;
  const allowHttpCallbacks = options.insecureCallbacks ?? false;
  const deliveryOptions = {
    retryDelayMs: options.retryDelayMs ?? 1000,
    allowHttp: allowHttpCallbacks,
    timeoutMs: options.callbackTimeoutMs ?? 10_000,
    maxInFlight: options.deliveriesInFlight ?? LIMITS.deliveriesInFlight,
  };
  // linkFor is called only once deliveries run, after `lifecycle` exists.
  const linkFor = (recordingId: string) => lifecycle.linkFor(recordingId);
  const deliveries = new DeliveryWorker(store, { ...deliveryOptions, resolver: resolveHost, settings, linkFor }, log);
  const lifecycle: RecordingLifecycle = new RecordingLifecycle(store, videosDir, links, deliveries, publicUrl, linkBase);
  return {
    store,
    lifecycle,
    deliveries,
    links,
    adminToken: options.adminToken ?? newSecret('sra_'),
    allowHttpCallbacks,
    resolveHost,
    videosDir,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    uploadTimeoutMs: timeouts.uploadMs,
    longRequests,
  };
}

/** The store and the shared services as a decorator; on close, deliveries stop first, then the database closes. */
export const state = fp(async function state(app: FastifyInstance, { context }: { context: ServerContext }): Promise<void> {
  app.decorate('context', context);
  app.addHook('onClose', async () => {
    await context.deliveries.close();
    context.store.close();
  });
});
