import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HostResolver } from '../address-policy';
import type { DeliveryWorker } from '../delivery-worker';
import type { RecordingLifecycle } from '../lifecycle';
import type { Store } from '../store/store';
import type { VideoLinks } from '../video-links';

/** What the routes need besides the store, built once by the server (decorated below). */
export interface ServerContext {
  store: Store;
  lifecycle: RecordingLifecycle;
  deliveries: DeliveryWorker;
  links: VideoLinks;
  adminToken: string;
  /** Accept http: callback URLs as well as https: ones (--insecure-callbacks). */
  allowHttpCallbacks: boolean;
  /** Resolves callback host names for the subscribe-time check (the delivery worker checks again at connect). */
  resolveHost: HostResolver;
  /** Where uploads are streamed to before they become a recording's video. */
  videosDir: string;
  maxUploadBytes: number;
  /** An upload's own deadline, in place of the 30 s whole-request limit. */
  uploadTimeoutMs: number;
  /** Sockets exempt from the whole-request timeout while they carry an upload. */
  longRequests: WeakSet<Socket>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The state (SQLite), for every route. */
    store: Store;
    /** The recording lifecycle, deliveries, links and settings the routes share. */
    context: ServerContext;
  }
}

/** The store and the shared services as decorators; on close, deliveries stop first, then the database closes. */
export const state = fp(async function state(app: FastifyInstance, { context }: { context: ServerContext }): Promise<void> {
  app.decorate('store', context.store);
  app.decorate('context', context);
  app.addHook('onClose', async () => {
    await context.deliveries.close();
    context.store.close();
  });
});
