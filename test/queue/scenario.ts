/**
 * The queue-mode checks, in order: activation subscribes once, 100 notifications at once (downloaded in the trigger,
 * then on the worker), the same delivered twice and again after a webhook process restart (repeats.ts), the ScreenRec
 * node's operations on the worker, a worker killed mid-run, and deactivation.
 */
import type { RunningServer } from '../support/reference-server';
import { Checks, PROCESS_WAIT, expectThat, seconds } from '../support/checks';
import { waitUntil } from '../support/wait';
import { askForRecordings } from './ask-for-recordings';
import { WORKER_CONCURRENCY, type QueueCluster } from './cluster';
import { executionsOf, keyOf, runsOf as readRuns, settled, videoOf, type BinaryReference, type ExecutionRow, type Run } from './executions';
import { arrivalsAt, type Checkpoint } from './checkpoint';
import { repeatChecks, type Delivery } from './repeats';
import { OPERATIONS_PATH, OPERATIONS_WORKFLOW_ID, TRIGGER_DOWNLOAD_WORKFLOW_ID, TRIGGER_WORKFLOW_ID, type Demo } from './workflows';

const BURST = 100;
const KILLED = 3;
const WHILE_DOWN = 3;
const STOPPED = 2;
const DOWNLOADED_IN_TRIGGER = 100;
const WARM_UP = 10;
/**
 * A burst of notifications is answered before ScreenRec's 10 s timeout, with room to spare on a two-core machine that
 * also runs n8n's four processes, Postgres, Redis and the service: a warm burst of 100 takes n8n 2.41 about twice as
 * long as 2.3.6.
 */
const ANSWERED_WITHIN_MS = 8_000;

interface Context {
  cluster: QueueCluster;
  server: RunningServer;
  demo: Demo;
  checkpoint: Checkpoint;
  checks: Checks;
  /** Starts the fault cases (fault-cases.ts); what it returns runs the rest of them, after the checks here. */
  faults: () => Promise<() => Promise<void>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runScenario({ cluster, server, demo, checkpoint, checks, faults }: Context): Promise<void> {
  const rest = <T>(method: string, urlPath: string, body?: unknown) => cluster.main.rest<T>(method, urlPath, body);
  const subscriptions = async () =>
    (await server.adminOk<Array<{ subscriptionId: string; provider: string; callback: string }>>(
      200,
      'GET',
      `/admin/workspaces/${demo.workspaceId}/subscriptions`,
    )) ?? [];
  const deliveriesOf = async (ids: string[]) => {
    const wanted = new Set(ids);
    return (await server.adminOk<Delivery[]>(200, 'GET', '/admin/deliveries')).filter((delivery) => wanted.has(delivery.recordingId));
  };
  const executions = (workflowId: string = TRIGGER_WORKFLOW_ID) => executionsOf(cluster.main.rest, workflowId);
  const runsOf = (ids: string[]) => readRuns(cluster.main.rest, ids);
  const createRecordings = (references: string[]) => askForRecordings(demo.baseUrl, demo.backendToken, references);
  const complete = (ids: string[]) =>
    Promise.all(ids.map((id) => server.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' })));
  const allDelivered = (ids: string[], { copies = 1, intervalMs = PROCESS_WAIT.intervalMs } = {}) =>
    waitUntil(
      `ScreenRec to deliver ${ids.length} notifications`,
      async (note) => {
        const list = note(await deliveriesOf(ids));
        return list.length === ids.length * copies && list.every((delivery) => delivery.state !== 'PENDING') ? list : undefined;
      },
      { timeoutMs: 120_000, intervalMs },
    );
  const executionIds = async () => new Set((await executions()).map((row) => row.id));
  /** The workflow's executions since `since`, once there are at least `atLeast` and every one of them has settled. */
  const settledSince = (since: Set<string>, atLeast: number, workflowId = TRIGGER_WORKFLOW_ID, what = `${atLeast} executions to finish`) =>
    waitUntil(
      what,
      async (note) => {
        const fresh = note((await executions(workflowId)).filter((row) => !since.has(row.id)));
        return fresh.length >= atLeast && fresh.every(settled) ? fresh : undefined;
      },
      { ...PROCESS_WAIT, timeoutMs: 240_000 },
    );
  /** The videos the Video Ready workflow's executions since `since` ran for, once at least `atLeast` of them have settled. */
  const runsSince = async (since: Set<string>, atLeast: number) =>
    (await runsOf((await settledSince(since, atLeast)).map((row) => row.id))).map(videoOf);
  /** The bytes the run read back from n8n's binary data (Read Video) are the video the service serves at the link. */
  const expectSameBytes = async (run: Run, link: string | undefined) => {
    expectThat(link !== undefined, `execution ${run.id} names a video no notification carried: ${videoOf(run)}`);
    const served = Buffer.from(await (await fetch(link!)).arrayBuffer());
    const read = Buffer.from(String(run.items['On Worker']?.json.videoBase64 ?? ''), 'base64');
    expectThat(
      served.length > 0 && read.equals(served),
      `execution ${run.id}: the worker read ${read.length} bytes, the service serves ${served.length} different ones`,
    );
  };
  const logHas = (log: string, line: string) => log.includes(`${line} `) || log.endsWith(line);
  /** ScreenRec's deliveries of recordings `${prefix}-0`… asked for and finished at once, once it has made them all. */
  const deliveredRecordings = async (prefix: string, count: number) => {
    const ids = await createRecordings(Array.from({ length: count }, (_, index) => `${prefix}-${index}`));
    await complete(ids);
    return await allDelivered(ids);
  };
  /** The `count` executions none of `earlier` names, once the checkpoint holds every one of them mid-run. */
  const heldAtCheckpoint = (earlier: Set<string>, count: number) =>
    waitUntil(
      'the runs to be held mid-run at the checkpoint',
      async (note) => {
        const rows = note((await executions()).filter((row) => !earlier.has(row.id)));
        return checkpoint.held() === count && rows.length === count && rows.every((row) => row.status === 'running') ? rows : undefined;
      },
      PROCESS_WAIT,
    );

  const activate = async (workflowId: string) => {
    // n8n 2 activates (publishes) a named version of the workflow: the imported one.
    const workflow = await rest<{ data: { versionId: string } }>('GET', `/workflows/${workflowId}`);
    const activated = await rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.body.data.versionId });
    expectThat(
      activated.status === 200,
      `activating ${workflowId} answered ${activated.status}: ${JSON.stringify(activated.body).slice(0, 500)}`,
    );
  };
  const deactivate = async (workflowId: string) => {
    const deactivated = await rest('POST', `/workflows/${workflowId}/deactivate`, {});
    expectThat(
      deactivated.status === 200,
      `deactivating ${workflowId} answered ${deactivated.status}: ${JSON.stringify(deactivated.body).slice(0, 300)}`,
    );
    await waitUntil('the trigger to unsubscribe', async (note) => (note(await subscriptions()).length === 0 ? true : undefined), {
      ...PROCESS_WAIT,
      timeoutMs: 15_000,
    });
  };
  /** The one subscription ScreenRec has, once the trigger made it and no other process made another. */
  const theSubscription = async () => {
    await waitUntil('the trigger to subscribe', async () => ((await subscriptions()).length > 0 ? true : undefined), {
      ...PROCESS_WAIT,
      timeoutMs: 30_000,
    });
    await sleep(3_000);
    const list = await subscriptions();
    expectThat(list.length === 1, `ScreenRec has ${list.length} subscriptions: ${JSON.stringify(list)}`);
    const [subscription] = list;
    expectThat(subscription!.provider === 'N8N', `subscribed as ${subscription!.provider}`);
    expectThat(
      subscription!.callback.startsWith(`${cluster.webhookUrl}/webhook/`),
      `the callback ${subscription!.callback} is not the webhook process's (${cluster.webhookUrl})`,
    );
    return subscription!.subscriptionId;
  };

  // 1. Activation on the main process, and the trigger's own download.
  let subscribed = false;
  await checks.check(
    "activating a Video Ready workflow on the main process subscribes exactly once, with the webhook process's address",
    async () => {
      await activate(OPERATIONS_WORKFLOW_ID);
      await activate(TRIGGER_DOWNLOAD_WORKFLOW_ID);
      // The worker and the webhook process are up too: none of them may subscribe a second time.
      await theSubscription();
      subscribed = true;
    },
  );
  if (!subscribed) throw new Error('the trigger did not subscribe, so nothing else can be checked');

  /** Completes `count` recordings at once for the workflow that downloads in the trigger: how long until all are answered. */
  const downloadedInTrigger = async (count: number, label: string) => {
    const ids = await createRecordings(Array.from({ length: count }, (_, index) => `queue-trigger-download-${label}-${index}`));
    const before = new Set((await executions(TRIGGER_DOWNLOAD_WORKFLOW_ID)).map((row) => row.id));
    const started = Date.now();
    await complete(ids);
    const completedMs = Date.now() - started;
    const deliveries = await allDelivered(ids, { intervalMs: 100 });
    const answeredMs = Date.now() - started;
    const rows = await settledSince(before, count, TRIGGER_DOWNLOAD_WORKFLOW_ID, 'the runs to finish');
    const resent = deliveries.filter((delivery) => delivery.attempts > 1).length;
    console.log(
      `     figures: ${count} notifications at once (${label}), the trigger looking up and downloading each video: all answered ${seconds(answeredMs)} after the ` +
        `completions began (ScreenRec took ${seconds(completedMs)} to complete them), ${resent} sent again; ${rows.length} runs finished ${seconds(Date.now() - started)} after`,
    );
    expectThat(
      deliveries.every((delivery) => delivery.state === 'DELIVERED' && delivery.attempts === 1),
      `deliveries: ${JSON.stringify(deliveries.map((delivery) => [delivery.state, delivery.attempts]))}`,
    );
    expectThat(rows.length === count, `${rows.length} runs for ${count} notifications`);
    return { deliveries, rows, answeredMs };
  };

  await checks.check(
    `${DOWNLOADED_IN_TRIGGER} notifications at once, the trigger looking up and downloading each video: all answered within ${seconds(ANSWERED_WITHIN_MS)}, none sent again, ` +
      'and each video arrives on the worker as binary data (in Postgres), the same bytes the service serves',
    async () => {
      try {
        // The first requests of a freshly started webhook process are slow (n8n fills its caches): they are measured apart.
        const cold = await downloadedInTrigger(WARM_UP, 'the first for this process');
        const burst = await downloadedInTrigger(DOWNLOADED_IN_TRIGGER, 'warm');
        const deliveries = [...cold.deliveries, ...burst.deliveries];
        const links = new Map(deliveries.map((delivery) => [keyOf(delivery.payload.result), delivery.payload.result]));
        for (const run of await runsOf([...cold.rows, ...burst.rows].map((row) => row.id))) {
          expectThat(
            run.status === 'success' && run.items['On Worker']?.json.ranOn === 'worker',
            `execution ${run.id}: ${run.status} on ${String(run.items['On Worker']?.json.ranOn)}`,
          );
          const video = run.items['Video Ready']?.binary?.video;
          expectThat(
            video?.id?.startsWith('database:') === true,
            `execution ${run.id}: the trigger's video is stored as ${JSON.stringify(video)}; its output: ${JSON.stringify(run.items['Video Ready']?.json).slice(0, 400)}`,
          );
          await expectSameBytes(run, links.get(videoOf(run)));
        }
        expectThat(
          burst.answeredMs <= ANSWERED_WITHIN_MS,
          `the ${DOWNLOADED_IN_TRIGGER} notifications took ${seconds(burst.answeredMs)} to be answered`,
        );
      } finally {
        // A failure must not leave this workflow subscribed for the next checks.
        await deactivate(TRIGGER_DOWNLOAD_WORKFLOW_ID);
      }
    },
  );

  // 2. 100 notifications at once, to the workflow that downloads on the worker.
  await activate(TRIGGER_WORKFLOW_ID);
  const subscriptionId = await theSubscription();
  const beforeKillIds = new Set<string>();
  const burstIds = await createRecordings(Array.from({ length: BURST }, (_, index) => `queue-burst-${String(index).padStart(3, '0')}`));
  const beforeBurst = new Set((await executions()).map((row) => row.id));
  const burstStarted = Date.now();
  await complete(burstIds);
  let burstRuns: Run[] = [];
  let burstDeliveries: Delivery[] = [];
  await checks.check(`${BURST} notifications sent at once give exactly ${BURST} executions, one per recording, none twice`, async () => {
    burstDeliveries = await allDelivered(burstIds);
    const acknowledgedMs = Date.now() - burstStarted;
    const rows = await settledSince(beforeBurst, BURST);
    const finishedMs = Date.now() - burstStarted;
    await sleep(2_000);
    const fresh = (await executions()).filter((row) => !beforeBurst.has(row.id));
    burstRuns = await runsOf(rows.map((row) => row.id));
    const attempts = burstDeliveries.map((delivery) => delivery.attempts);
    const resent = attempts.filter((count) => count > 1).length;
    console.log(
      `     figures: ${BURST} notifications acknowledged by the webhook process in ${seconds(acknowledgedMs)} (${resent} of them only after ScreenRec sent them again); ` +
        `${fresh.length} runs, finished on 1 worker (concurrency ${WORKER_CONCURRENCY}) ${seconds(finishedMs)} after the completions, ${(fresh.length / (finishedMs / 1000)).toFixed(1)} runs/s`,
    );
    const undelivered = burstDeliveries.filter((delivery) => delivery.state !== 'DELIVERED');
    expectThat(
      undelivered.length === 0,
      `${undelivered.length} notifications were not delivered: ${JSON.stringify(undelivered.slice(0, 3))}`,
    );
    expectThat(
      resent === 0,
      `${resent} notifications were not acknowledged within ScreenRec's timeout and were sent again (attempts: ${JSON.stringify(attempts)})`,
    );
    expectThat(fresh.length === BURST, `n8n has ${fresh.length} new executions for ${BURST} notifications`);
    const failed = burstRuns.filter((row) => row.status !== 'success');
    expectThat(
      failed.length === 0,
      `${failed.length} executions did not succeed: ${failed
        .slice(0, 3)
        .map((row) => `${row.id} ${row.status}`)
        .join(', ')}`,
    );
    const distinct = new Set(burstRuns.map(videoOf));
    expectThat(
      distinct.size === BURST && burstDeliveries.every((delivery) => distinct.has(keyOf(delivery.payload.result))),
      `the executions name ${distinct.size} distinct videos of the ${BURST} notified; the first run's trigger output: ${JSON.stringify(burstRuns[0]?.items['Video Ready']?.json).slice(0, 600)}`,
    );
  });

  await checks.check('the callbacks went to the webhook process, which queued the runs, and every run happened on the worker', () => {
    expectThat(burstRuns.length === BURST, 'no runs to look at');
    const elsewhere = burstDeliveries.filter((delivery) => !delivery.callback.startsWith(`${cluster.webhookUrl}/webhook/`));
    expectThat(elsewhere.length === 0, `${elsewhere.length} notifications went elsewhere, e.g. ${elsewhere[0]?.callback}`);
    const webhookLog = cluster.webhook.log();
    const workerLog = cluster.workerLogs();
    const mainLog = cluster.main.log();
    const burstVideos = new Set(burstDeliveries.map((delivery) => keyOf(delivery.payload.result)));
    const arrivals = arrivalsAt(checkpoint).filter((arrival) => burstVideos.has(keyOf(arrival.videoUrl)));
    expectThat(
      arrivals.length === BURST && arrivals.every((arrival) => arrival.ranOn === 'worker'),
      `the checkpoint saw ${arrivals.length} runs, from ${[...new Set(arrivals.map((arrival) => arrival.ranOn))].join(', ')}`,
    );
    for (const run of burstRuns) {
      expectThat(run.mode === 'webhook', `execution ${run.id} ran in mode ${run.mode}`);
      expectThat(
        run.items['On Worker']?.json.ranOn === 'worker',
        `execution ${run.id} ran on ${String(run.items['On Worker']?.json.ranOn)}`,
      );
      expectThat(logHas(webhookLog, `Enqueued execution ${run.id}`), `the webhook process did not queue execution ${run.id}`);
      expectThat(!logHas(mainLog, `Enqueued execution ${run.id}`), `the main process queued execution ${run.id}`);
      expectThat(logHas(workerLog, `Worker started execution ${run.id}`), `the worker's log does not show execution ${run.id}`);
    }
  });

  await checks.check(
    'the ScreenRec node downloads each video on the worker as binary data (in Postgres), the same bytes the service serves',
    async () => {
      expectThat(burstRuns.length === BURST, 'no runs to look at');
      const links = new Map(burstDeliveries.map((delivery) => [keyOf(delivery.payload.result), delivery.payload.result]));
      for (const run of burstRuns) {
        const video = run.items['Get Video']?.binary?.video;
        expectThat(video?.id?.startsWith('database:') === true, `execution ${run.id}'s video is stored as ${JSON.stringify(video)}`);
        await expectSameBytes(run, links.get(videoOf(run)));
      }
    },
  );

  // The fault cases begin: the storm with copies minutes apart runs beside the checks that follow.
  const finishFaults = await faults();

  // 2b. The same notifications delivered twice, and again after a restart of the webhook process.
  await repeatChecks({ cluster, server, checks, createRecordings, complete, allDelivered, runsSince, executionIds });

  // 3. The ScreenRec node's operations.
  await checks.check("the ScreenRec node's operations run on the worker with the shared credential", async () => {
    const reference = 'queue-operations-1';
    const operationsStarted = Date.now();
    const answer = await fetch(`${cluster.webhookUrl}/webhook/${OPERATIONS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference, completedRecordingId: burstIds[0] }),
    });
    const text = await answer.text();
    expectThat(answer.status === 200, `the operations workflow answered ${answer.status}: ${text.slice(0, 500)}`);
    const summary = JSON.parse(text) as {
      ranOn?: string;
      created?: { url?: string };
      found?: Array<{ id?: string; externalReference?: string }>;
      updated?: { tags?: string[] };
      video?: Record<string, unknown>;
      videoFile?: BinaryReference;
      tags?: unknown[];
    };
    expectThat(summary.ranOn === 'worker', `the operations ran on ${summary.ranOn}`);
    expectThat(summary.created?.url?.startsWith(`${demo.baseUrl}/r/`) === true, `Create gave ${JSON.stringify(summary.created)}`);
    expectThat(
      summary.found?.length === 1 && summary.found[0]!.externalReference === reference,
      `Get Many found ${JSON.stringify(summary.found)}`,
    );
    expectThat(
      JSON.stringify(summary.updated?.tags) === '["queue-worker","done"]',
      `Update gave tags ${JSON.stringify(summary.updated?.tags)}`,
    );
    expectThat(JSON.stringify(summary.video).includes(burstIds[0]!), `Get Video URL gave ${JSON.stringify(summary.video)}`);
    expectThat(
      summary.videoFile?.id?.startsWith('database:') === true,
      `the downloaded video is stored as ${JSON.stringify(summary.videoFile)}`,
    );
    expectThat(JSON.stringify(summary.tags).includes('queue-worker'), `the tag search gave ${JSON.stringify(summary.tags)}`);
    const [row] = await executions(OPERATIONS_WORKFLOW_ID);
    expectThat(
      row !== undefined && logHas(cluster.workerLogs(), `Worker started execution ${row.id}`),
      `the worker's log does not show the operations' execution ${row?.id}`,
    );
    console.log(
      `     figures: the operations workflow (6 ScreenRec calls and a download) answered through the webhook process in ${seconds(Date.now() - operationsStarted)}`,
    );
  });

  // 4. A worker killed mid-run.
  let killed:
    | { slowRows: ExecutionRow[]; queuedRows: ExecutionRow[]; delivered: Delivery[]; killedAt: number; restartedAt: number }
    | undefined;
  await checks.check('notifications delivered while the only worker is down wait in Redis and run when it is back', async () => {
    for (const row of await executions()) beforeKillIds.add(row.id);
    const newRows = async () => (await executions()).filter((row) => !beforeKillIds.has(row.id));
    checkpoint.hold();
    const slowDeliveries = await deliveredRecordings('queue-killed', KILLED);
    const slowRows = await heldAtCheckpoint(beforeKillIds, KILLED);
    await cluster.killWorker();
    const killedAt = Date.now();
    checkpoint.release();

    const downDeliveries = await deliveredRecordings('queue-down', WHILE_DOWN);
    const queuedRows = await waitUntil(
      'the notifications delivered while no worker runs to be queued',
      async (note) => {
        const rows = note((await newRows()).filter((row) => !slowRows.some((slow) => slow.id === row.id)));
        return rows.length === WHILE_DOWN ? rows : undefined;
      },
      PROCESS_WAIT,
    );
    const delivered = [...slowDeliveries, ...downDeliveries];
    killed = { slowRows, queuedRows, delivered, killedAt, restartedAt: Date.now() };
    expectThat(
      delivered.every((delivery) => delivery.state === 'DELIVERED'),
      `ScreenRec's deliveries: ${JSON.stringify(delivered.map((delivery) => delivery.state))}`,
    );
    expectThat(
      queuedRows.every((row) => row.status === 'new'),
      `while no worker ran: ${JSON.stringify(queuedRows)}`,
    );
    await cluster.startWorker();
    const rows = await waitUntil(
      'the queued runs to finish on the restarted worker',
      async (note) => {
        const current = note((await executions()).filter((row) => queuedRows.some((queued) => queued.id === row.id)));
        return current.every(settled) ? current : undefined;
      },
      PROCESS_WAIT,
    );
    expectThat(
      rows.every((row) => row.status === 'success'),
      `the queued runs ended ${JSON.stringify(rows.map((row) => row.status))}`,
    );
    console.log(
      `     figures: ${WHILE_DOWN} notifications delivered while no worker ran finished ${seconds(Date.now() - killed.restartedAt)} after the worker was started again`,
    );
  });

  await checks.check(
    'a run in progress on a worker killed with SIGKILL is not run again: n8n fails it, and that notification is lost to the workflow',
    async () => {
      expectThat(killed !== undefined, 'the worker was not killed');
      const { slowRows, queuedRows, delivered, killedAt } = killed!;
      // Bull notices a dead worker's jobs when their lock expires (10 s here, 60 s by default). n8n sets maxStalledCount
      // to 0, so the job fails instead of running again, and the process that queued it (here the webhook process)
      // saves the execution as failed, replacing its data (the trigger's output) with the error.
      const ended = await waitUntil(
        'the killed runs to end',
        async (note) => {
          const rows = note((await executions()).filter((row) => slowRows.some((slow) => slow.id === row.id)));
          return rows.every(settled) ? rows : undefined;
        },
        { ...PROCESS_WAIT, timeoutMs: 90_000 },
      );
      const endedMs = Date.now() - killedAt;
      const newWorkerLog = cluster.worker().log();
      for (const row of slowRows)
        expectThat(!logHas(newWorkerLog, `Worker started execution ${row.id}`), `the restarted worker ran execution ${row.id} again`);
      const runs = await runsOf(ended.map((row) => row.id));
      for (const run of runs) {
        expectThat(
          run.status === 'error' && String(run.error).includes('failed to be processed too many times'),
          `execution ${run.id} ended ${run.status}: ${run.error}`,
        );
        expectThat(
          Object.keys(run.items).length === 0,
          `execution ${run.id} still holds the output of ${Object.keys(run.items).join(', ')}`,
        );
      }
      const ranAfter = await runsOf(queuedRows.map((row) => row.id));
      const lost = delivered.filter(
        (delivery) => !ranAfter.some((run) => run.status === 'success' && videoOf(run) === keyOf(delivery.payload.result)),
      );
      expectThat(
        lost.length === KILLED,
        `${lost.length} of the ${delivered.length} notifications delivered around the crash have no successful run`,
      );
      console.log(
        `     figures: of ${delivered.length} notifications ScreenRec counted as delivered around the crash, the ${WHILE_DOWN} queued ones ran; the ${KILLED} in progress ` +
          `were failed ${seconds(endedMs)} after the kill ("${runs[0]?.error}") with no data left to retry`,
      );
    },
  );

  await checks.check('a worker stopped normally (SIGTERM) mid-run finishes its runs before it exits: nothing is lost', async () => {
    for (const row of await executions()) beforeKillIds.add(row.id);
    checkpoint.hold();
    const deliveries = await deliveredRecordings('queue-stopped', STOPPED);
    const rows = await heldAtCheckpoint(beforeKillIds, STOPPED);
    const stopping = cluster.stopWorker();
    await sleep(2_000);
    checkpoint.release();
    const exitCode = await stopping;
    const runs = await runsOf(rows.map((row) => row.id));
    expectThat(exitCode === 0, `the worker exited with ${exitCode}`);
    for (const delivery of deliveries) {
      const ran = runs.filter((run) => run.status === 'success' && videoOf(run) === keyOf(delivery.payload.result));
      expectThat(
        ran.length === 1,
        `recording ${delivery.recordingId}, delivered, has ${ran.length} successful runs: ${JSON.stringify(runs.map((run) => [run.id, run.status]))}`,
      );
    }
    await cluster.startWorker();
  });

  await finishFaults();

  // 5. Deactivation, after a restart of the main process (which activates the workflow again).
  await cluster.restartMain();
  await checks.check(
    'after restarting the worker and the main process, ScreenRec still has the one subscription, and deactivating the workflow removes it',
    async () => {
      const list = await subscriptions();
      expectThat(
        list.length === 1 && list[0]!.subscriptionId === subscriptionId,
        `after the restarts ScreenRec has ${JSON.stringify(list)} (first: ${subscriptionId})`,
      );
      await deactivate(TRIGGER_WORKFLOW_ID);
    },
  );
}
