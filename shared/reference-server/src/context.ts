import type { Socket } from 'node:net';
import type { HostResolver } from './address-policy';
import type { FailedAuthentication } from './auth-throttle';
import type { DeliveryWorker } from './delivery-worker';
import type { RecordingLifecycle } from './lifecycle';
import type { Store } from './store';
import type { VideoLinks } from './video-links';

/** What every route plugin needs, built once by the server. */
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
  /** Counts a failed authentication; answers 429 (and returns the reply) past the per-address limit. */
  failedAuthentication: FailedAuthentication;
}
