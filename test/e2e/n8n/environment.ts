import type { ScreenRecCredential } from '../../support/n8n-contexts';
import { startReferenceServer, type RunningServer, type VideoLinkMode } from '../../support/reference-server';
import { failureOf as anyFailureOf, type Failure } from '../../support/failure';

/** A workspace connected the way an n8n user connects one: integration set up, API access on, one API key. */
export interface N8nWorkspace {
  workspaceId: string;
  name: string;
  ownerUserId: string;
  keyId: string;
  backendToken: string;
  apiKey: string;
  /** The one ScreenRec credential with every field filled in, as n8n's credential store holds it. */
  credential: ScreenRecCredential;
}

export interface N8nE2E {
  server: RunningServer;
  videoLinks: VideoLinkMode;
  connectWorkspace: (name: string) => Promise<N8nWorkspace>;
  /** An admin call that must answer `status`; its body otherwise explains the failure. */
  adminOk: <T = unknown>(status: number, method: string, urlPath: string, body?: unknown) => Promise<T>;
  /** The service's own record of a workspace's callback subscriptions. */
  subscriptionsOf: (workspaceId: string) => Promise<Array<{ subscriptionId: string; provider: string; callback: string }>>;
  stop: () => Promise<void>;
}

/** One reference server (a child process) handing out video links of one shape. Stop it in afterAll. */
export async function startN8nE2E(videoLinks: VideoLinkMode = 'service'): Promise<N8nE2E> {
  const server = await startReferenceServer({ videoLinks, failedAuthPerMinute: 1000 });
  const { adminOk } = server;
  return {
    server,
    videoLinks,
    adminOk,
    subscriptionsOf: (workspaceId) => adminOk(200, 'GET', `/admin/workspaces/${workspaceId}/subscriptions`),
    connectWorkspace: async (name) => {
      const workspace = await server.connectWorkspace(name, 'N8N');
      const credential = {
        serviceUrl: server.baseUrl,
        workspaceId: workspace.workspaceId,
        backendToken: workspace.backendToken,
        apiKey: workspace.apiKey,
      };
      return { ...workspace, credential };
    },
    stop: () => server.stop(),
  };
}

/** The video link the service hands out for a recording, in each mode (the storage one does not name the recording). */
export function videoLinkPattern(e2e: N8nE2E, recordingId: string): RegExp {
  const origin = e2e.videoLinks === 'storage-host' ? e2e.server.storageUrl! : e2e.server.baseUrl;
  const base = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return e2e.videoLinks === 'service'
    ? new RegExp(`^${base}/videos/${recordingId}\\?expires=\\d+&signature=[\\w-]+$`)
    : new RegExp(`^${base}/storage/[\\w-]+/[0-9a-f-]{36}/[0-9a-f-]{32,36}\\.webm\\?X-Amz-[^ ]*X-Amz-Signature=[0-9a-f]+$`);
}

/**
 * The service for each shape of video link: `service` as given, the others started on first use (one each), and
 * stopped by `stopAll`.
 */
export function servicesByLinkMode(service: () => N8nE2E): {
  serviceIn: (mode: VideoLinkMode) => Promise<N8nE2E>;
  stopOthers: () => Promise<void>;
} {
  const others = new Map<VideoLinkMode, Promise<N8nE2E>>();
  return {
    serviceIn: (mode) => {
      if (mode === 'service') return Promise.resolve(service());
      let started = others.get(mode);
      if (started === undefined) others.set(mode, (started = startN8nE2E(mode)));
      return started;
    },
    stopOthers: async () => {
      await Promise.all([...others.values()].map(async (started) => (await started).stop()));
    },
  };
}

/** What a step that must fail threw, checked to hold none of the workspace's secrets: n8n shows and stores errors. */
export const failureOf = (workspace: N8nWorkspace, run: () => Promise<unknown>): Promise<Failure> =>
  anyFailureOf(run, { secrets: [workspace.backendToken, workspace.apiKey] });
