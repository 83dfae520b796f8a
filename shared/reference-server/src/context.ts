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
  /** Where uploads are streamed to before they become a recording's video. */
  videosDir: string;
  maxUploadBytes: number;
}
