/**
 * "Wait for Video" in queue mode: 100 executions wait at once, each for its own recording; every n8n process is
 * restarted while they wait; then all 100 videos are finished at once. Every execution must be resumed by its own
 * video, exactly once, with no subscription left. ScreenRec notifies every subscription of the workspace of every
 * video, so the webhook process answers up to 100 × 100 notifications here: most are "another recording's video".
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../support/reference-server';
import { Checks, PROCESS_WAIT, expectThat, seconds } from '../support/checks';
import { waitUntil } from '../support/wait';
import { postedRecordingWorkflow, type Credential, type Demo } from '../real-n8n/workflow-parts';
import type { QueueCluster } from './cluster';
import { executionsOf } from './executions';
import { parseFlatted } from './flatted';

/** QUEUE_WAITING=<n> waits with fewer executions, to look into a failure quickly. */
const WAITING = Number(process.env.QUEUE_WAITING ?? 100);
const WAIT_WORKFLOW_ID = 'srQueueWaitVid01';
const WAIT_PATH = 'screenrec-queue-wait';
/** The credential test/queue/workflows.ts imports (only its id and name are needed to refer to it). */
const CREDENTIAL: Credential = { id: 'srQueueAccount01', name: 'ScreenRec account (queue)', type: 'screenRecApi' };

/** Started with { recordingId }: Wait for Video waits for that recording. */
const waitWorkflow = postedRecordingWorkflow(CREDENTIAL, {
  id: WAIT_WORKFLOW_ID,
  name: 'ScreenRec wait for video (queue)',
  start: { id: 'qw1', name: 'Start', webhookId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', path: WAIT_PATH },
  step: { id: 'qw2', name: 'Wait for Video' },
  operation: { operation: 'waitForVideo', allowHttpWebhook: true },
});

interface Context {
  cluster: QueueCluster;
  server: RunningServer;
  demo: Demo;
  checks: Checks;
  workFolder: string;
}

interface Row {
  id: string;
  status: string;
}

type RunData = Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> } }>>;

export async function waitForVideoChecks({ cluster, server, demo, checks, workFolder }: Context): Promise<void> {
  const rest = cluster.main.rest;
  const subscriptions = async () =>
    (
      (await server.adminOk<Array<{ subscriptionId: string; callback: string }>>(
        200,
        'GET',
        `/admin/workspaces/${demo.workspaceId}/subscriptions`,
      )) ?? []
    ).filter((item) => item.callback.includes('/webhook-waiting/'));
  const executions = async (): Promise<Row[]> => await executionsOf(rest, WAIT_WORKFLOW_ID);
  /** What an execution waited for, what it resumed with, and how often Wait for Video ran in it. */
  const runOf = async (id: string) => {
    const answer = await rest<{ data: { data: string } }>('GET', `/executions/${id}`);
    const { resultData } = parseFlatted(answer.body.data.data) as { resultData: { runData: RunData } };
    const first = (node: string) => resultData.runData[node]?.at(-1)?.data?.main?.[0]?.[0]?.json;
    const asked = (first('Start')?.body as { recordingId?: string } | undefined)?.recordingId;
    return { id, asked, got: first('Wait for Video')?.recordingId, waitRuns: resultData.runData['Wait for Video']?.length ?? 0 };
  };
  const createRecordings = async (count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 10) {
      const batch = Array.from({ length: Math.min(10, count - index) }, async (_unused, offset) => {
        const answer = await fetch(`${demo.baseUrl}/public/webhooks/N8N`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-token': demo.backendToken },
          body: JSON.stringify({ action: 'RECORDING', recording: { externalReference: `queue-wait-${index + offset}` } }),
        });
        return new URL(((await answer.json()) as { url: string }).url).pathname.split('/').pop()!;
      });
      ids.push(...(await Promise.all(batch)));
    }
    return ids;
  };

  const started = Date.now();
  let recordings: string[] = [];
  await checks.check(
    `${WAITING} executions wait in Wait for Video at once, each subscribed with its own resume URL on the webhook process`,
    async () => {
      const file = path.join(workFolder, 'wait-workflow.json');
      writeFileSync(file, JSON.stringify([waitWorkflow]));
      cluster.cli(['import:workflow', `--input=${file}`]);
      const stored = await rest<{ data: { versionId: string } }>('GET', `/workflows/${WAIT_WORKFLOW_ID}`);
      const activated = await rest('POST', `/workflows/${WAIT_WORKFLOW_ID}/activate`, { versionId: stored.body.data.versionId });
      expectThat(activated.status === 200, `activating answered ${activated.status}: ${JSON.stringify(activated.body).slice(0, 300)}`);
      recordings = await createRecordings(WAITING);
      for (let index = 0; index < WAITING; index += 10) {
        await Promise.all(
          recordings.slice(index, index + 10).map(async (recordingId) => {
            // Just after activation a webhook process may not serve the workflow's webhook yet (404, nothing started).
            const answer = await waitUntil(
              "the workflow's webhook to start an execution",
              async () => {
                const started = await fetch(`${cluster.webhookUrl}/webhook/${WAIT_PATH}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ recordingId }),
                });
                const text = await started.text();
                return started.status === 404 && text.includes('is not registered') ? undefined : { status: started.status, text };
              },
              { ...PROCESS_WAIT, timeoutMs: 30_000 },
            );
            expectThat(answer.status === 200, `starting a wait answered ${answer.status}: ${answer.text.slice(0, 300)}`);
          }),
        );
      }
      const rows = await waitUntil(
        `${WAITING} executions to wait`,
        async (note) => {
          const list = note((await executions()).filter((row) => row.status === 'waiting'));
          return list.length >= WAITING ? list : undefined;
        },
        { ...PROCESS_WAIT, timeoutMs: 180_000 },
      );
      expectThat(rows.length === WAITING, `${rows.length} executions wait`);
      const subscribed = await subscriptions();
      expectThat(subscribed.length === WAITING, `ScreenRec has ${subscribed.length} resume URLs subscribed`);
      expectThat(
        subscribed.every((item) => item.callback.startsWith(`${cluster.webhookUrl}/webhook-waiting/`)),
        'a resume URL is not on the webhook process',
      );
      console.log(
        `     figures: ${WAITING} executions waiting and subscribed ${seconds(Date.now() - started)} after the first was started`,
      );
    },
  );
  if (recordings.length !== WAITING) return;

  await checks.check('the waits survive a restart of the main, the webhook and the worker process', async () => {
    await cluster.restartMain();
    await cluster.restartWebhook();
    await cluster.stopWorker();
    await cluster.startWorker();
    const waiting = (await executions()).filter((row) => row.status === 'waiting');
    expectThat(waiting.length === WAITING, `${waiting.length} executions still wait`);
    expectThat((await subscriptions()).length === WAITING, 'subscriptions were lost');
  });

  await checks.check(
    `all ${WAITING} videos finished at once: each execution is resumed by its own video, once, and no subscription is left`,
    async () => {
      const completedAt = Date.now();
      let printedAt = completedAt;
      for (let index = 0; index < WAITING; index += 20) {
        await Promise.all(
          recordings
            .slice(index, index + 20)
            .map((id) => server.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' })),
        );
      }
      const rows = await waitUntil(
        `${WAITING} executions to finish`,
        async (note) => {
          const list = await executions();
          const counts: Record<string, number> = {};
          for (const row of list) counts[row.status] = (counts[row.status] ?? 0) + 1;
          note({ after: seconds(Date.now() - completedAt), counts });
          if (Date.now() - printedAt >= 60_000) {
            printedAt = Date.now();
            console.log(`     (${seconds(printedAt - completedAt)} after the videos were finished: ${JSON.stringify(counts)})`);
          }
          return list.every((row) => row.status !== 'waiting' && row.status !== 'running' && row.status !== 'new') ? list : undefined;
        },
        { ...PROCESS_WAIT, intervalMs: 5_000, timeoutMs: 300_000 },
      );
      const finishedIn = Date.now() - completedAt;
      // The service may still be sending the rest of the storm (every completion goes to every subscription): on a
      // slow machine it may not take a connection within fetch's 10 s, so the figures are asked for until it answers.
      const listed = await waitUntil(
        'the service to list its deliveries',
        () =>
          server
            .adminOk<Array<{ subscriptionId: string; callback: string; state: string }>>(200, 'GET', '/admin/deliveries')
            .catch(() => undefined),
        { ...PROCESS_WAIT, intervalMs: 1_000, timeoutMs: 300_000 },
      );
      const deliveries = listed.filter((item) => item.callback.includes('/webhook-waiting/'));
      const states: Record<string, number> = {};
      for (const delivery of deliveries) states[delivery.state] = (states[delivery.state] ?? 0) + 1;
      // A 410 (a resumed wait's answer) drops its subscription, and the service sends none of that subscription's
      // deliveries still pending: they are DROPPED, not left to be sent to an execution that has moved on.
      const dropped = new Set(deliveries.filter((delivery) => delivery.state === 'GONE').map((delivery) => delivery.subscriptionId));
      const pendingOfDropped = deliveries.filter((delivery) => delivery.state === 'PENDING' && dropped.has(delivery.subscriptionId));
      console.log(
        `     figures: ${WAITING} executions ended ${seconds(finishedIn)} after their videos were finished; notifications to resume URLs: ${JSON.stringify(states)}; ` +
          `${dropped.size} subscriptions dropped by a 410, ${pendingOfDropped.length} of their deliveries still pending`,
      );
      expectThat(rows.length === WAITING, `${rows.length} executions, not ${WAITING}`);
      expectThat(
        pendingOfDropped.length === 0,
        `${pendingOfDropped.length} deliveries of subscriptions dropped by a 410 are still pending: ${JSON.stringify(pendingOfDropped.slice(0, 3))}`,
      );
      const failed = rows.filter((row) => row.status !== 'success');
      expectThat(failed.length === 0, `executions not successful: ${JSON.stringify(failed.slice(0, 5))}`);
      const runs: Array<Awaited<ReturnType<typeof runOf>>> = [];
      for (let index = 0; index < rows.length; index += 5)
        runs.push(...(await Promise.all(rows.slice(index, index + 5).map((row) => runOf(row.id)))));
      const wrong = runs.filter((run) => run.asked === undefined || run.got !== run.asked);
      expectThat(wrong.length === 0, `resumed with another recording: ${JSON.stringify(wrong.slice(0, 5))}`);
      const twice = runs.filter((run) => run.waitRuns !== 1);
      expectThat(twice.length === 0, `Wait for Video ran more than once in: ${JSON.stringify(twice.slice(0, 5))}`);
      expectThat(new Set(runs.map((run) => run.got)).size === WAITING, 'two executions resumed with the same recording');
      // Asked again while the service is too busy sending to take the connection (see the figures above).
      const left = await waitUntil(
        'no subscription to be left',
        async () => ((await subscriptions().catch(() => undefined))?.length === 0 ? [] : undefined),
        {
          ...PROCESS_WAIT,
          timeoutMs: 15_000,
        },
      ).catch(subscriptions);
      expectThat(left.length === 0, `${left.length} subscriptions are left`);
    },
  );
}
