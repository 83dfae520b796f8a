/**
 * What the fault cases do on a ScreenRec workspace of their own, through one Video Ready workflow: activate it, ask
 * for and finish recordings, read ScreenRec's deliveries, and count the runs each video started and on which webhook
 * process (from the "Enqueued execution" line of the process that queued the run).
 */
import type { RunningServer } from '../support/reference-server';
import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import { askForRecordings } from './ask-for-recordings';
import type { QueueCluster } from './cluster';
import { executionsOf, keyOf, runsOf, settled, videoOf, type Run } from './executions';
import type { Delivery } from './repeats';
import { FAULT_WORKFLOWS, type Demo, type FaultWorkflow } from './workflows';

export interface FaultAccount {
  /** Which fault workflow (and its workspace) this is. */
  name: FaultWorkflow;
  server: () => RunningServer;
  account: Demo;
  cluster: QueueCluster;
}

/** How many runs each video of a case started: in all, and on each webhook process. */
export interface RunTally {
  perVideo: Map<string, number>;
  /** Per video, the runs each webhook process queued (index as the proxy numbers them). */
  perProcess: Map<string, number[]>;
  /** Per video, the runs each start of a webhook process queued (in cluster.webhookStarts() order). */
  perStart: Map<string, number[]>;
  /** Runs no webhook process's log claims (none expected). */
  unattributed: number;
  /** Runs whose data names no video: n8n replaced it with the error that ended them. */
  withoutVideo: Run[];
  /** Every execution of the case, whatever its status. */
  runs: Run[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function faultAccount(options: FaultAccount) {
  const { name, account, cluster } = options;
  const workflowId = FAULT_WORKFLOWS[name].id;
  const rest = <T>(method: string, urlPath: string, body?: unknown) => cluster.main.rest<T>(method, urlPath, body);
  const subscriptions = async () =>
    await options
      .server()
      .adminOk<Array<{ subscriptionId: string; callback: string }>>(200, 'GET', `/admin/workspaces/${account.workspaceId}/subscriptions`);
  const subscriptionCount = (count: number, what: string, timeoutMs = 30_000) =>
    waitUntil(what, async (note) => (note((await subscriptions()).length) === count ? true : undefined), {
      ...PROCESS_WAIT,
      timeoutMs,
    });

  return {
    workflowId,
    webhookId: FAULT_WORKFLOWS[name].webhookId,
    subscriptions,
    subscriptionCount,
    /** Asks n8n to publish the workflow (n8n 2 activates a named version: the imported one); resolves with n8n's answer. */
    requestActivation: async () => {
      const workflow = await rest<{ data: { versionId: string } }>('GET', `/workflows/${workflowId}`);
      return await rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.body.data.versionId });
    },
    /** Publishes the workflow; `expected` subscriptions in its workspace then. */
    activate: async (expected: number, timeoutMs?: number) => {
      const workflow = await rest<{ data: { versionId: string } }>('GET', `/workflows/${workflowId}`);
      const activated = await rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.body.data.versionId });
      expectThat(
        activated.status === 200,
        `activating ${workflowId} answered ${activated.status}: ${JSON.stringify(activated.body).slice(0, 300)}`,
      );
      await subscriptionCount(
        expected,
        `the ${name} workflow's trigger to subscribe (${expected} subscriptions in its workspace)`,
        timeoutMs,
      );
    },
    /** n8n 2.41's publication status of the workflow ('in_progress', 'published', 'not_published'…); undefined before 2.41. */
    publicationStatus: async () => {
      const answer = await rest<{ data?: { status?: string } }>('GET', `/workflows/${workflowId}/publication-status`);
      return answer.status === 200 ? answer.body.data?.status : undefined;
    },
    /** Deactivates the workflow; n8n answers once the trigger has unsubscribed, or given up and forgotten. */
    deactivate: async () => {
      const deactivated = await rest('POST', `/workflows/${workflowId}/deactivate`, {});
      expectThat(
        deactivated.status === 200,
        `deactivating ${workflowId} answered ${deactivated.status}: ${JSON.stringify(deactivated.body).slice(0, 300)}`,
      );
    },
    /** Recordings asked for with the workspace's backend token (hook RECORDING), ten at a time. */
    createRecordings: (references: string[]) => askForRecordings(options.server().baseUrl, account.backendToken, references),
    /** Finishes the recordings, each notification delivered `copies` times, `spacingMs` apart (the service's at-least-once settings). */
    complete: async (ids: string[], { copies = 1, spacingMs = 0 } = {}) => {
      const server = options.server();
      await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: copies, repeatDeliveryDelayMs: spacingMs });
      try {
        await Promise.all(ids.map((id) => server.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' })));
      } finally {
        await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 });
      }
    },
    /** A participant's upload of `bytes` (a video of that size): completes the recording, as the admin call does. */
    upload: async (id: string, bytes: number) => {
      const answer = await fetch(`${options.server().baseUrl}/r/${id}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'video/webm' },
        body: Buffer.alloc(bytes, 1),
      });
      expectThat(answer.ok, `the upload answered ${answer.status}: ${await answer.text()}`);
    },
    /** Waits until the service has finished every delivery (`copies` per recording) and returns them. */
    delivered: (ids: string[], { copies = 1, timeoutMs = 120_000 } = {}) => {
      const wanted = new Set(ids);
      return waitUntil(
        `ScreenRec to finish ${ids.length * copies} deliveries`,
        async (note) => {
          const list = (await options.server().adminOk<Delivery[]>(200, 'GET', '/admin/deliveries')).filter((delivery) =>
            wanted.has(delivery.recordingId),
          );
          note(list.map((delivery) => delivery.state));
          return list.length === ids.length * copies && list.every((delivery) => delivery.state !== 'PENDING') ? list : undefined;
        },
        { ...PROCESS_WAIT, timeoutMs },
      );
    },
    /** The workflow's executions so far, to tell a case's own from earlier ones. */
    executionIds: async () => new Set((await executionsOf(cluster.main.rest, workflowId)).map((row) => row.id)),
    /**
     * The runs of the notified videos among the workflow's executions started since `since`, once those have all
     * settled (or, given `settledWithinMs`, once that time is up: Postgres going away can leave executions "new" or
     * "running" for good) and a few seconds more have brought no new one: per video, in all, per webhook process and
     * per start of one.
     */
    tally: async (videos: Set<string>, since: Set<string>, { settledWithinMs }: { settledWithinMs?: number } = {}): Promise<RunTally> => {
      const caseRows = async () => (await executionsOf(cluster.main.rest, workflowId)).filter((row) => !since.has(row.id));
      const allSettled = waitUntil(
        `the ${name} workflow's runs to settle`,
        async (note) => {
          const current = note(await caseRows());
          return current.every(settled) ? current : undefined;
        },
        { ...PROCESS_WAIT, timeoutMs: settledWithinMs ?? 240_000 },
      );
      await (settledWithinMs === undefined ? allSettled : allSettled.catch(() => undefined));
      await sleep(3_000);
      const runs = await runsOf(
        cluster.main.rest,
        (await caseRows()).map((row) => row.id),
      );
      const starts = cluster.webhookStarts();
      const processes = cluster.webhookLogs().length;
      const perVideo = new Map<string, number>([...videos].map((video) => [video, 0]));
      const perProcess = new Map<string, number[]>([...videos].map((video) => [video, Array.from({ length: processes }, () => 0)]));
      const perStart = new Map<string, number[]>([...videos].map((video) => [video, starts.map(() => 0)]));
      let unattributed = 0;
      const withoutVideo: Run[] = [];
      for (const run of runs) {
        const video = videoOf(run);
        if (run.items['Video Ready'] === undefined) withoutVideo.push(run);
        if (!videos.has(video)) continue;
        perVideo.set(video, perVideo.get(video)! + 1);
        const queuedBy = starts.findIndex(({ log }) => log.includes(`Enqueued execution ${run.id} `));
        if (queuedBy === -1) {
          unattributed++;
          continue;
        }
        perStart.get(video)![queuedBy]! += 1;
        perProcess.get(video)![starts[queuedBy]!.process]! += 1;
      }
      return { perVideo, perProcess, perStart, unattributed, withoutVideo, runs };
    },
  };
}

export type FaultWorkspace = ReturnType<typeof faultAccount>;

/** The video keys of a case's deliveries. */
export const videosOf = (deliveries: Delivery[]) => new Set(deliveries.map((delivery) => keyOf(delivery.payload.result)));

/** "runs per video: 1 run × 28, 2 runs × 2" */
export function describeTally({ perVideo }: RunTally): string {
  const histogram = new Map<number, number>();
  for (const count of perVideo.values()) histogram.set(count, (histogram.get(count) ?? 0) + 1);
  const parts = [...histogram.entries()]
    .sort(([a], [b]) => a - b)
    .map(([runs, videos]) => `${runs} run${runs === 1 ? '' : 's'} × ${videos}`);
  return `runs per video: ${parts.join(', ')}`;
}
