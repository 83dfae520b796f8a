/**
 * Leaked subscriptions drain themselves. They leak the ordinary ways: a Video Ready workflow deactivated while
 * ScreenRec cannot be reached (the service down for a moment) forgets its subscription, which ScreenRec keeps; and
 * n8n's main process dying the moment ScreenRec has answered its subscribe, before n8n stored it. The next video's
 * deliveries reach the trigger with the secret of a subscription it no longer holds: it answers 410 Gone, and
 * ScreenRec drops that subscription. A second reference service (its state in a file, on a fixed port, behind a
 * forwarding proxy that sees its answers) is the one stopped and started again, so the other checks' never goes down.
 */
import { PROCESS_WAIT, expectThat, type Checks } from '../support/checks';
import type { RunningServer } from '../support/reference-server';
import { waitUntil } from '../support/wait';
import type { QueueCluster } from './cluster';
import { describeTally, videosOf, type FaultWorkspace } from './fault-account';
import type { WebhookProxy } from './webhook-proxy';

export const LEAK_DRAIN_CASE =
  'leaked subscriptions drain: workflows deactivated while ScreenRec is down leave their subscriptions; the next video answers each 410 and ScreenRec drops them';
export const LEAK_CRASH_CASE =
  'a leaked subscription drains after a crash: the main process killed as it subscribes leaves one; the next video answers it 410 and ScreenRec drops it';

/** How long a main process restarted after a crash may take to subscribe again when the workflow is published. */
const RESTARTED_MAIN_SUBSCRIBES_WITHIN_MS = 90_000;
/** n8n 2.41's publication lease (120 s), its outbox's poll (15 s) and a margin: a publication killed with its main process ends by then. */
const KILLED_PUBLICATION_ENDS_WITHIN_MS = 180_000;
/** Stops whose unsubscribe never reaches the service. */
const LEAKED = 3;

export interface LeakContext {
  checks: Checks;
  cluster: QueueCluster;
  /** The proxy in front of the second reference service (its Service URL). */
  serviceProxy: WebhookProxy;
  leak: FaultWorkspace;
  /** Stops the second reference service; `start` brings it back on the same port with the same data. */
  stopService: () => Promise<void>;
  startService: () => Promise<RunningServer>;
}

/** How often the trigger has logged that it could not remove its subscription (its line in the main process's log). */
const triggerGaveUp = (cluster: QueueCluster) => cluster.main.log().split('ScreenRec Trigger could not remove subscription').length - 1;

/** The next video after `leaked` subscriptions leaked beside the live one: each leaked one answered 410 and dropped. */
async function nextVideoDrains(leak: FaultWorkspace, leaked: number, how: string, reference: string): Promise<void> {
  const [id] = await leak.createRecordings([reference]);
  const before = await leak.executionIds();
  await leak.complete([id!]);
  const deliveries = await leak.delivered([id!], { copies: leaked + 1 });
  const gone = deliveries.filter((delivery) => delivery.state === 'GONE').length;
  const remaining = await waitUntil(
    'ScreenRec to drop the subscriptions answered 410',
    async (note) => {
      const list = note(await leak.subscriptions());
      return list.length === 1 ? list : undefined;
    },
    PROCESS_WAIT,
  );
  const tally = await leak.tally(videosOf(deliveries), before);
  console.log(
    `     figures: ${leaked} subscriptions leaked by ${how}; the next video's ${deliveries.length} deliveries: ` +
      `${gone} answered 410 (dropped), ${deliveries.length - gone} delivered; ${remaining.length} subscription left; ${describeTally(tally)}`,
  );
  expectThat(gone === leaked, `${gone} of the ${leaked} leaked subscriptions' deliveries were answered 410: ${JSON.stringify(deliveries)}`);
  expectThat(
    [...tally.perVideo.values()].every((count) => count === 1),
    `the video ran ${JSON.stringify([...tally.perVideo])}`,
  );
}

export async function leakDrainCheck({ checks, cluster, serviceProxy, leak, stopService, startService }: LeakContext): Promise<void> {
  await checks.check(LEAK_DRAIN_CASE, async () => {
    for (let stop = 0; stop < LEAKED; stop++) {
      await leak.activate(stop + 1);
      await stopService();
      try {
        const given = triggerGaveUp(cluster);
        await leak.deactivate();
        // n8n may answer before the trigger's removal has run (2.41 does): the service stays down until it has given up.
        await waitUntil(
          'the trigger to give up removing its subscription',
          (note) => (note(triggerGaveUp(cluster)) > given ? true : undefined),
          { ...PROCESS_WAIT, timeoutMs: 60_000 },
        );
      } finally {
        await startService();
      }
    }
    await leak.activate(LEAKED + 1);
    await nextVideoDrains(leak, LEAKED, `${LEAKED} stops while ScreenRec was down`, 'queue-leak-drain-stops');
    await leak.deactivate();
    await leak.subscriptionCount(0, 'the trigger to unsubscribe');
  });

  await checks.check(LEAK_CRASH_CASE, async () => {
    // The main process is killed the moment ScreenRec has answered its subscribe, before n8n stores it.
    serviceProxy.onceAnswered(
      (path) => path.startsWith('/public/webhooks/'),
      () => void cluster.killMain(),
    );
    await leak.requestActivation().catch(() => undefined);
    await cluster.restartMain();
    // Restarted, n8n publishes the workflow again if it had stored it as published (and the trigger subscribes anew);
    // otherwise the user publishes it again.
    const subscribedOnStart = await leak.subscriptionCount(2, 'the restarted main process to subscribe', 10_000).then(
      () => true,
      () => false,
    );
    if (!subscribedOnStart) {
      // n8n 2.41 publishes through an outbox: the killed publication stays in progress until its lease runs out, then
      // ends without calling the trigger again (its webhook row is there), and the workflow shows as published with no
      // subscription. What a user can do: let it end, unpublish, and publish again. Before 2.41 there is no such status.
      const publication = (wanted: (status: string) => boolean, what: string, timeoutMs: number) =>
        waitUntil(
          what,
          async (note) => {
            const status = note(await leak.publicationStatus());
            return status === undefined || wanted(status) ? true : undefined;
          },
          { ...PROCESS_WAIT, timeoutMs },
        );
      await publication((status) => status !== 'in_progress', 'the killed publication to end', KILLED_PUBLICATION_ENDS_WITHIN_MS);
      await leak.deactivate().catch(() => undefined);
      await publication((status) => status === 'not_published', 'the workflow to be unpublished', 30_000);
      await leak.activate(2, RESTARTED_MAIN_SUBSCRIBES_WITHIN_MS);
    }
    await nextVideoDrains(leak, 1, 'a main process killed as it subscribed', 'queue-leak-drain-crash');
    await leak.deactivate();
    await leak.subscriptionCount(0, 'the trigger to unsubscribe');
  });
}
