/**
 * Queue-mode faults, each a named case that prints the runs it saw per video: the repeat storm (every notification
 * delivered three times, at once or minutes apart, round-robin over two webhook processes), Redis and Postgres
 * restarted mid-flow, and a webhook process killed right after it answers.
 *
 * With one webhook process every repeat starts nothing (repeats.ts). With two, n8n allows no exactly-once: it gives
 * a node no shared store with an atomic check, and it saves a workflow's static data whole, so a process handling
 * another video can erase the record of one the other process ran (packages/n8n-nodes-screenrec/README.md). What
 * holds, and is checked, is the bound: no webhook process starts a second run for a video, so a video runs at most
 * once per webhook process that receives it.
 */
import { Checks, PROCESS_WAIT, expectThat, seconds } from '../support/checks';
import { waitUntil } from '../support/wait';
import { WEBHOOK_PROCESSES, type QueueCluster } from './cluster';
import { describeReadiness } from './readiness';
import { describeTally, sleep, videosOf, type FaultWorkspace, type RunTally } from './fault-account';
import type { Delivery } from './repeats';
import { leakDrainCheck, type LeakContext } from './leak-drain';
import type { Service } from './services';

export const CASES = {
  stormAtOnce:
    'repeat storm, copies at once: each notification delivered three times at the same moment, round-robin over two webhook processes',
  stormApart:
    'repeat storm, copies minutes apart: each notification delivered three times, a minute apart, round-robin over two webhook processes',
  erasedRecord:
    'repeat storm, a copy long after: the other webhook process, whose save for another video erased the record, runs the video again',
  redisRestart: 'Redis restarted mid-flow: notifications arriving and runs queued while Redis stops and starts again',
  postgresRestart:
    'Postgres restarted mid-flow: runs queued and running on the worker while Postgres stops and starts again; nothing runs twice, what n8n had in hand is lost',
  webhookKilled:
    'webhook process killed right after it answers: SIGKILL the moment its 200 reaches ScreenRec, the copy 5 s later goes to the other process',
} as const;

/** The spacing of the storm's copies: copies at 0, 1 and 2 minutes. The check runs beside the others meanwhile. */
export const STORM_COPY_SPACING_MS = 60_000;
const STORM_COPIES = 3;
const STORM_AT_ONCE = 30;
const STORM_APART = 20;
const RESTARTED = 20;
const KILLED = 3;
/** The service's copy after the killed process's answer: the at-least-once sender a lost run relies on. */
const KILL_COPY_DELAY_MS = 5_000;
/** How long the Postgres case waits for its executions to end before it counts what n8n left unfinished. */
const POSTGRES_SETTLE_MS = 30_000;
/**
 * After Postgres restarts, how long a process may take to be ready again before it is restarted, as a liveness probe
 * would restart it (Kubernetes' default probe gives up on a container after 30 s of failures; this leaves room for a
 * reconnect behind a busy database).
 */
const READY_AFTER_POSTGRES_MS = 60_000;
/** The long video: its download keeps one process's webhook request open while the other process saves. */
const LONG_VIDEO_BYTES = 40 * 1024 * 1024;

export interface FaultContext {
  cluster: QueueCluster;
  checks: Checks;
  storm: FaultWorkspace;
  /** A workflow that downloads in the trigger, on a workspace of its own. */
  erasure: FaultWorkspace;
  redis: Service;
  postgres: Service;
}

/** Fails unless no start of a webhook process queued two runs of one video, and every video ran. */
function expectBound(tally: RunTally, label: string): void {
  const twiceOnOne = [...tally.perStart.entries()].filter(([, counts]) => counts.some((count) => count > 1));
  const never = [...tally.perVideo.entries()].filter(([, count]) => count === 0);
  expectThat(tally.unattributed === 0, `${label}: ${tally.unattributed} runs no webhook process's log shows queuing`);
  expectThat(never.length === 0, `${label}: ${never.length} videos never ran, e.g. ${never[0]?.[0]}`);
  expectThat(
    twiceOnOne.length === 0,
    `${label}: one webhook process ran a video twice without restarting: ${JSON.stringify(twiceOnOne.slice(0, 3))}`,
  );
}

function expectExactlyOnce(tally: RunTally, label: string): void {
  const wrong = [...tally.perVideo.entries()].filter(([, count]) => count !== 1);
  expectThat(wrong.length === 0, `${label}: ${wrong.length} videos did not run exactly once: ${JSON.stringify(wrong.slice(0, 5))}`);
}

const processesOf = (tally: RunTally) =>
  [...tally.perProcess.values()]
    .reduce(
      (sums, counts) => sums.map((sum, index) => sum + counts[index]!),
      Array.from({ length: WEBHOOK_PROCESSES }, () => 0),
    )
    .join(' + ');

/** Every delivery answered 200 at its first attempt. */
function expectAllAnswered(deliveries: Delivery[], label: string): void {
  const refused = deliveries.filter((delivery) => delivery.state !== 'DELIVERED');
  expectThat(refused.length === 0, `${label}: ${refused.length} deliveries not answered 200: ${JSON.stringify(refused.slice(0, 3))}`);
}

async function storm(context: FaultContext, label: string, count: number, spacingMs: number): Promise<() => Promise<void>> {
  const { storm } = context;
  const ids = await storm.createRecordings(Array.from({ length: count }, (_, index) => `queue-storm-${label}-${index}`));
  const before = await storm.executionIds();
  const started = Date.now();
  await storm.complete(ids, { copies: STORM_COPIES, spacingMs });
  return async () => {
    const deliveries = await storm.delivered(ids, { copies: STORM_COPIES, timeoutMs: (STORM_COPIES - 1) * spacingMs + 120_000 });
    const tally = await storm.tally(videosOf(deliveries), before);
    console.log(
      `     figures: ${count} notifications × ${STORM_COPIES} copies ${spacingMs === 0 ? 'at once' : `${seconds(spacingMs)} apart`} (${seconds(Date.now() - started)}): ` +
        `${describeTally(tally)}; runs queued by webhook process 0 + 1: ${processesOf(tally)}`,
    );
    expectAllAnswered(deliveries, label);
    expectBound(tally, label);
  };
}

/**
 * Starts the fault cases: the storm whose copies come minutes apart begins now, so the caller's own checks run while
 * it waits for them; the returned function runs the other cases (the apart storm counted after the one at once).
 */
export async function beginFaults(context: FaultContext, leak: LeakContext): Promise<() => Promise<void>> {
  const { cluster, checks, storm: account, redis, postgres } = context;
  cluster.proxy.roundRobin(account.webhookId);
  let finishApart: (() => Promise<void>) | undefined;
  const begun = await checks.check(`${CASES.stormApart}: the first copies sent`, async () => {
    await account.activate(1);
    finishApart = await storm(context, 'apart', STORM_APART, STORM_COPY_SPACING_MS);
  });
  return async () => {
    if (!begun) return;
    await checks.check(CASES.stormAtOnce, async () => {
      const finish = await storm(context, 'at-once', STORM_AT_ONCE, 0);
      await finish();
    });
    await checks.check(CASES.stormApart, finishApart!);

    await checks.check(CASES.erasedRecord, async () => {
      const { erasure } = context;
      const marker = erasure.webhookId;
      await erasure.activate(1);
      try {
        const before = await erasure.executionIds();
        const [long, short] = await erasure.createRecordings(['queue-erased-long', 'queue-erased-short']);
        // Process 1 takes the long video's first delivery: it loads the static data, answers, and downloads a while.
        cluster.proxy.pin(marker, 1);
        await erasure.upload(long!, LONG_VIDEO_BYTES);
        await erasure.delivered([long!]);
        // Meanwhile process 0 takes the short one's, runs it and saves the record; then process 1 saves its older copy.
        cluster.proxy.pin(marker, 0);
        await erasure.complete([short!]);
        const [first] = await erasure.delivered([short!]);
        await waitUntil(
          'both first deliveries to have started their runs',
          async (note) => {
            const ids = await erasure.executionIds();
            return note([...ids].filter((id) => !before.has(id)).length) === 2 ? true : undefined;
          },
          { ...PROCESS_WAIT, timeoutMs: 120_000 },
        );
        // Long after, ScreenRec sends the short video again: once to each process.
        const answers: number[] = [];
        for (const backend of [1, 0]) {
          cluster.proxy.pin(marker, backend);
          const answer = await fetch(first!.callback, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(first!.payload),
          });
          await answer.arrayBuffer();
          answers.push(answer.status);
        }
        const tally = await erasure.tally(videosOf([first!]), before);
        const [perProcess] = [...tally.perProcess.values()];
        console.log(
          `     figures: the short video's copy long after, to process 1 then 0: answered ${answers.join(', ')}; ${describeTally(tally)}; ` +
            `runs queued by webhook process 0 + 1: ${perProcess!.join(' + ')}`,
        );
        expectThat(
          answers.every((status) => status === 200),
          `the copies were answered ${answers.join(', ')}`,
        );
        expectBound(tally, CASES.erasedRecord);
        // If this fails with one run, n8n no longer saves static data whole: the bound in the docs can be narrowed.
        expectThat(
          JSON.stringify(perProcess) === '[1,1]',
          `the short video ran ${JSON.stringify(perProcess)} times on processes 0 and 1: the record was not erased`,
        );
      } finally {
        cluster.proxy.pin(marker, undefined);
        await erasure.deactivate();
      }
    });

    await checks.check(CASES.redisRestart, async () => {
      const ids = await account.createRecordings(Array.from({ length: RESTARTED }, (_, index) => `queue-redis-${index}`));
      const before = await account.executionIds();
      await account.complete(ids);
      const restartStarted = Date.now();
      await redis.restart();
      const downMs = Date.now() - restartStarted;
      const deliveries = await account.delivered(ids);
      const tally = await account.tally(videosOf(deliveries), before);
      console.log(`     figures: Redis down ${seconds(downMs)} right after ${RESTARTED} completions; ${describeTally(tally)}`);
      expectAllAnswered(deliveries, CASES.redisRestart);
      expectExactlyOnce(tally, CASES.redisRestart);
    });

    await checks.check(CASES.postgresRestart, async () => {
      const before = await account.executionIds();
      const ids = await account.createRecordings(Array.from({ length: RESTARTED }, (_, index) => `queue-postgres-${index}`));
      await account.complete(ids);
      // Postgres goes once ScreenRec has its answers: the runs are queued or running on the worker.
      const deliveries = await account.delivered(ids);
      const restartStarted = Date.now();
      await postgres.restart();
      const downMs = Date.now() - restartStarted;
      // The next cases need every process back: a webhook process answers 503 until its database connection is, and
      // n8n 2.41 may lose a process to the restart. Each is restarted if it exited or is not ready in time.
      const readiness = await cluster.superviseReadiness(READY_AFTER_POSTGRES_MS);
      console.log(`     readiness after Postgres came back: ${describeReadiness(readiness)}`);
      // n8n never runs a failed job again, nor picks up an execution it left "new" or "running" when Postgres went.
      const tally = await account.tally(videosOf(deliveries), before, { settledWithinMs: POSTGRES_SETTLE_MS });
      const failed = tally.withoutVideo;
      const statuses = new Map<string, number>();
      for (const run of tally.runs) statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1);
      console.log(
        `     figures: Postgres down ${seconds(downMs)} while ${RESTARTED} runs were queued or running: ${describeTally(tally)}; ` +
          `${RESTARTED - tally.runs.length} notifications answered but never stored, ${failed.length} executions without the trigger's output (failed, or left unfinished); ` +
          `executions by status ${POSTGRES_SETTLE_MS / 1000} s after: ${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}; ` +
          `errors: ${[...new Set(failed.map((run) => run.error))].join('; ')}`,
      );
      expectAllAnswered(deliveries, CASES.postgresRestart);
      expectThat(
        [...tally.perVideo.values()].every((count) => count <= 1) && tally.runs.length <= RESTARTED,
        `${CASES.postgresRestart}: ${tally.runs.length} executions for ${RESTARTED} notifications: ${JSON.stringify([...tally.perVideo])}`,
      );
      // Each execution that lost the trigger's output ended in an error or was left unfinished: none succeeded without it.
      expectThat(
        failed.every((run) => run.status !== 'success'),
        `${CASES.postgresRestart}: executions naming no video ended ${JSON.stringify(failed.map((run) => [run.id, run.status]))}`,
      );
    });

    await checks.check(CASES.webhookKilled, async () => {
      const ids = await account.createRecordings(Array.from({ length: KILLED }, (_, index) => `queue-killed-webhook-${index}`));
      const before = await account.executionIds();
      let killed: number | undefined;
      cluster.proxy.onceAnswered(
        (path) => path.includes(account.webhookId),
        (backend) => {
          killed = backend;
          void cluster.killWebhook(backend);
        },
      );
      try {
        await account.complete(ids, { copies: 2, spacingMs: KILL_COPY_DELAY_MS });
        const deliveries = await account.delivered(ids, { copies: 2 });
        const tally = await account.tally(videosOf(deliveries), before);
        console.log(
          `     figures: webhook process ${killed} killed as its 200 reached ScreenRec; ${describeTally(tally)}; ` +
            `deliveries: ${deliveries.map((delivery) => `${delivery.state}/${delivery.attempts}`).join(', ')}`,
        );
        expectThat(killed !== undefined, 'no webhook process answered, so none was killed');
        expectAllAnswered(deliveries, CASES.webhookKilled);
        expectExactlyOnce(tally, CASES.webhookKilled);
      } finally {
        cluster.proxy.onceAnswered(
          () => false,
          () => undefined,
        );
        if (killed !== undefined) {
          await sleep(500);
          await cluster.startWebhookAt(killed);
        }
      }
    });
    await account.deactivate();
    await account.subscriptionCount(0, 'the fault workflow to unsubscribe');
    await leakDrainCheck(leak);
  };
}
