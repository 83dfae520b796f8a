/**
 * One notification, one run: ScreenRec delivers each notification twice (its copies at the same moment, or the copy
 * after the first was answered), and later again to a restarted webhook process. The Video Ready workflow must run
 * once per video, and every delivery must be answered 200 so that ScreenRec stops sending it.
 */
import type { RunningServer } from '../support/reference-server';
import { Checks, PROCESS_WAIT, expectThat, seconds } from '../support/checks';
import { waitUntil } from '../support/wait';
import type { QueueCluster } from './cluster';

export interface Delivery {
  recordingId: string;
  callback: string;
  payload: { result: string };
  attempts: number;
  state: string;
  copy?: number;
}

/** What the scenario already knows how to do, lent to these checks. */
export interface RepeatContext {
  cluster: QueueCluster;
  server: RunningServer;
  checks: Checks;
  createRecordings: (references: string[]) => Promise<string[]>;
  complete: (ids: string[]) => Promise<unknown>;
  /** Waits until ScreenRec has `copies` finished deliveries of each recording's notification; resolves when it saw that. */
  allDelivered: (ids: string[], options?: { copies?: number; intervalMs?: number }) => Promise<Delivery[]>;
  /** The videos (link without signature) the Video Ready workflow's executions started since `since` ran for, once they settled. */
  runsSince: (since: Set<string>, atLeast: number) => Promise<string[]>;
  executionIds: () => Promise<Set<string>>;
}

const TWICE_AT_ONCE = 100;
const COPY_LATER = 20;
const COPY_DELAY_MS = 3_000;
/** What the trigger logs when a copy of a video it already took in starts nothing: its decision, made after its 200. */
const REPEAT_LINE = 'again and started no second run';
const keyOf = (link: string) => link.split('?')[0]!;

export async function repeatChecks(context: RepeatContext): Promise<void> {
  const { cluster, server, checks } = context;
  const deliverEachTwice = (repeatDeliveryDelayMs: number) =>
    server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 2, repeatDeliveryDelayMs });
  const deliverOnce = () => server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 1, repeatDeliveryDelayMs: 0 });
  const repeatsLogged = (videos: Set<string>) =>
    cluster
      .webhookLogs()
      .join('\n')
      .split('\n')
      .filter((line) => line.includes(REPEAT_LINE) && [...videos].some((video) => line.includes(video))).length;
  /**
   * The trigger answers 200 before it decides (it looks the recording up first), so a copy could start a run after
   * its answer: the runs are counted once every post has been decided, each having started an execution or logged
   * that it started none.
   */
  const everyPostDecided = (posts: number, before: Set<string>, videos: Set<string>, repeatsBefore: number) =>
    waitUntil(
      `each of the ${posts} posts to start an execution or log that it started none`,
      async (note) => {
        const started = [...(await context.executionIds())].filter((id) => !before.has(id)).length;
        const decided = note({ started, repeats: repeatsLogged(videos) - repeatsBefore, posts });
        return decided.started + decided.repeats >= posts ? true : undefined;
      },
      { ...PROCESS_WAIT, timeoutMs: 120_000 },
    );

  /** Completes `count` recordings with each notification delivered twice; checks one run per video and every copy answered. */
  const twice = async (label: string, count: number, repeatDeliveryDelayMs: number) => {
    const ids = await context.createRecordings(
      Array.from({ length: count }, (_, index) => `queue-${label}-${String(index).padStart(3, '0')}`),
    );
    const before = await context.executionIds();
    await deliverEachTwice(repeatDeliveryDelayMs);
    const answeredBefore = cluster.proxy.answered.length;
    const started = Date.now();
    let deliveries: Delivery[];
    try {
      await context.complete(ids);
      deliveries = await context.allDelivered(ids, { copies: 2, intervalMs: 100 });
    } finally {
      await deliverOnce();
    }
    const answeredMs = Date.now() - started;
    const notified = new Set(deliveries.map((delivery) => keyOf(delivery.payload.result)));
    const posts = deliveries.reduce((sum, delivery) => sum + delivery.attempts, 0);
    await everyPostDecided(posts, before, notified, 0);
    const runs = await context.runsSince(before, count);
    const copies = deliveries.filter((delivery) => delivery.copy === 2).length;
    const undelivered = deliveries.filter((delivery) => delivery.state !== 'DELIVERED');
    // What the webhook processes answered, as the proxy saw it: a copy ScreenRec sent again was answered 200 too late
    // for its 10 s timeout (n8n 2.41 answers a burst of 200 more slowly than that here), never refused.
    const triggerPath = new URL(deliveries[0]?.callback ?? 'http://unknown/').pathname;
    const notOk = cluster.proxy.answered
      .slice(answeredBefore)
      .filter((answer) => answer.path.startsWith(triggerPath) && answer.status !== 200);
    const sentAgain = deliveries.filter((delivery) => delivery.attempts > 1).length;
    console.log(
      `     figures: ${count} notifications × 2 deliveries (copy ${repeatDeliveryDelayMs === 0 ? 'at the same moment' : `${seconds(repeatDeliveryDelayMs)} later`}): ` +
        `${deliveries.length} deliveries answered in ${seconds(answeredMs)}, ${sentAgain} sent again after ScreenRec's timeout; ${runs.length} executions; ` +
        `the webhook process logged ${repeatsLogged(notified)} repeats`,
    );
    expectThat(copies === count, `ScreenRec sent ${copies} second copies for ${count} notifications`);
    expectThat(
      undelivered.length === 0,
      `${undelivered.length} deliveries were not answered 200: ${JSON.stringify(undelivered.slice(0, 3))}`,
    );
    expectThat(
      notOk.length === 0,
      `the webhook process answered ${notOk.length} copies with another status: ${JSON.stringify(notOk.slice(0, 3))}`,
    );
    expectThat(runs.length === count, `${runs.length} executions for ${count} notifications delivered twice`);
    expectThat(
      new Set(runs).size === count && runs.every((video) => notified.has(video)),
      `the executions ran for ${new Set(runs).size} distinct notified videos`,
    );
    return deliveries.filter((delivery) => delivery.copy !== 2);
  };

  let firstCopies: Delivery[] = [];
  await checks.check(
    `${TWICE_AT_ONCE} notifications each delivered twice at the same moment give exactly ${TWICE_AT_ONCE} executions; every copy is answered 200`,
    async () => {
      firstCopies = await twice('twice', TWICE_AT_ONCE, 0);
    },
  );

  await checks.check(
    `a copy delivered ${seconds(COPY_DELAY_MS)} after the first was answered starts nothing: ${COPY_LATER} notifications, ${COPY_LATER} executions`,
    async () => {
      await twice('copy-later', COPY_LATER, COPY_DELAY_MS);
    },
  );

  await checks.check(
    `after the webhook process restarts, the ${TWICE_AT_ONCE} notifications delivered again at once are answered 200 and start nothing (the memory is in Postgres)`,
    async () => {
      expectThat(firstCopies.length === TWICE_AT_ONCE, 'the notifications delivered twice were not all delivered');
      await cluster.restartWebhook();
      // n8n's readiness answers before the process serves production webhooks (a POST can meet 404 for a moment):
      // wait until the trigger answers a post without the secret (401, which starts nothing) like a live one.
      const triggerUrl = new URL(firstCopies[0]!.callback);
      triggerUrl.search = '';
      await waitUntil(
        'the restarted webhook process to serve the trigger',
        async (note) => {
          const probe = await fetch(triggerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
          await probe.arrayBuffer();
          return note(probe.status) === 401 ? true : undefined;
        },
        { ...PROCESS_WAIT, timeoutMs: 30_000 },
      );
      const before = await context.executionIds();
      const videos = new Set(firstCopies.map((delivery) => keyOf(delivery.payload.result)));
      const repeatsBefore = repeatsLogged(videos);
      const answers = await Promise.all(
        firstCopies.map(async (delivery) => {
          const answer = await fetch(delivery.callback, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(delivery.payload),
          });
          return answer.status;
        }),
      );
      await everyPostDecided(answers.length, before, videos, repeatsBefore);
      const runs = await context.runsSince(before, 0);
      console.log(
        `     figures: after the webhook process restarted, ${answers.length} notifications delivered again: answered ${[...new Set(answers)].join(', ')}; ${runs.length} executions`,
      );
      expectThat(
        answers.every((status) => status === 200),
        `answers: ${JSON.stringify(answers)}`,
      );
      expectThat(runs.length === 0, `${runs.length} executions started for notifications already run`);
    },
  );
}
