import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import { createRecording, executionsOf, type SuiteContext } from './context';
import { TRIGGER_WORKFLOW_ID } from './workflows';

interface Subscription {
  callback: string;
  provider: string;
}

interface Delivery {
  recordingId: string;
  state: string;
  attempts: number;
  copy?: number;
}

/** What the trigger logs when it answers a copy of a video it already took in: its decision to start nothing. */
const REPEAT_LINE = 'again and started no second run';

/**
 * The Video Ready trigger, in the order a user lives it: activation subscribes (the workflow was published before
 * n8n started), a stranger's post is turned away, a completed recording runs the workflow, deactivation unsubscribes.
 */
export async function triggerChecks({ checks, demo, server, instance, n8n }: SuiteContext): Promise<void> {
  const subscriptions = async () => (await server.admin<Subscription[]>('GET', `/admin/workspaces/${demo.workspaceId}/subscriptions`)).body;

  let subscribed: Subscription | undefined;
  await checks.check('activating the Video Ready workflow subscribes its webhook URL', async () => {
    subscribed = await waitUntil(
      'the trigger to subscribe',
      async () => {
        const list = await subscriptions();
        return list.length === 1 ? list[0] : undefined;
      },
      PROCESS_WAIT,
    );
    expectThat(
      subscribed.provider === 'N8N' && subscribed.callback.startsWith(`http://127.0.0.1:${instance.port}/webhook/`),
      `subscribed ${JSON.stringify(subscribed)}`,
    );
  });
  const STRANGER =
    "a post without the subscription's secret is answered 401, one with another secret 410 (a subscription it does not hold), and neither runs anything";
  const COMPLETED =
    'completing a recording runs the workflow once with the video URL, though ScreenRec delivers the notification twice at the same moment';
  const DEACTIVATED = 'deactivating the workflow unsubscribes';
  if (subscribed === undefined) {
    for (const name of [STRANGER, COMPLETED, DEACTIVATED]) checks.fail(name, 'not run: the trigger did not subscribe');
    return;
  }
  const callback = subscribed.callback;

  await checks.check(STRANGER, async () => {
    const secretQuery = new URL(callback).searchParams;
    expectThat([...secretQuery.keys()].length > 0, `the registered callback ${callback} carries no secret in its query`);
    const withoutSecret = new URL(callback);
    withoutSecret.search = '';
    const withWrongSecret = new URL(callback);
    for (const [name, value] of secretQuery) withWrongSecret.searchParams.set(name, 'x'.repeat(value.length));
    const before = (await executionsOf(n8n, TRIGGER_WORKFLOW_ID)).length;
    const logFrom = n8n.output().length;
    for (const [url, expected] of [
      [withoutSecret, 401],
      [withWrongSecret, 410],
    ] as const) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ result: `${demo.baseUrl}/videos/00000000-0000-4000-8000-000000000000` }),
      });
      expectThat(answer.status === expected, `a post to ${url.pathname}${url.search} was answered ${answer.status}, not ${expected}`);
    }
    // The trigger writes 401 and 410 in the step that hands n8n no items (ScreenRecTrigger.webhook), and logs why:
    // once both lines are logged, n8n has nothing left to run, and the count is final.
    await waitUntil(
      'the trigger to log both refusals',
      async () => {
        const log = n8n.output().slice(logFrom);
        return log.includes('refused a request without a secret') && log.includes('for a subscription it no longer holds')
          ? true
          : undefined;
      },
      PROCESS_WAIT,
    );
    const after = (await executionsOf(n8n, TRIGGER_WORKFLOW_ID)).length;
    expectThat(after === before, `the strangers' posts started ${after - before} execution(s)`);
  });

  await checks.check(COMPLETED, async () => {
    const recordingId = await createRecording(demo, 'real-n8n-trigger');
    const settings = (deliveriesPerNotification: number) =>
      server.admin('PATCH', '/admin/settings', { deliveriesPerNotification, repeatDeliveryDelayMs: 0 });
    const before = (await executionsOf(n8n, TRIGGER_WORKFLOW_ID)).length;
    const logFrom = n8n.output().length;
    expectThat((await settings(2)).status === 200, 'the reference server did not take deliveriesPerNotification 2');
    try {
      const completed = await server.admin('POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
      expectThat(completed.status === 200, `completing the recording answered ${completed.status}`);
    } finally {
      await settings(1);
    }
    const deliveries = await waitUntil(
      'ScreenRec to deliver both copies',
      async (note) => {
        const mine = note(
          (await server.admin<Delivery[]>('GET', '/admin/deliveries')).body.filter((delivery) => delivery.recordingId === recordingId),
        );
        return mine.length === 2 && mine.every((delivery) => delivery.state !== 'PENDING') ? mine : undefined;
      },
      PROCESS_WAIT,
    );
    expectThat(
      deliveries.every((delivery) => delivery.state === 'DELIVERED' && delivery.attempts === 1),
      `both copies should be answered 200 at once: ${JSON.stringify(deliveries)}`,
    );
    const execution = await waitUntil(
      'the trigger workflow to run',
      async () => (await executionsOf(n8n, TRIGGER_WORKFLOW_ID)).find((item) => item.status === 'success'),
      PROCESS_WAIT,
    );
    // Both copies are answered 200 before the trigger decides (it answers first, then looks the recording up): the
    // copy that starts nothing logs so once it has decided, and only then is the count final.
    await waitUntil(
      "the trigger to log the second copy's decision",
      async () =>
        n8n
          .output()
          .slice(logFrom)
          .split('\n')
          .some((line) => line.includes(REPEAT_LINE) && line.includes(recordingId)) || undefined,
      PROCESS_WAIT,
    );
    const runs = (await executionsOf(n8n, TRIGGER_WORKFLOW_ID)).length - before;
    expectThat(runs === 1, `two deliveries of one notification started ${runs} executions`);
    const details = await n8n.rest('GET', `/executions/${execution.id}`);
    const data = JSON.stringify(details.body);
    expectThat(data.includes(`/videos/${recordingId}?`), `the execution's data holds no video URL of ${recordingId}`);
    expectThat(data.includes('real-n8n-trigger'), `the execution's data holds no recording fields: ${data.slice(0, 1500)}`);
  });

  await checks.check(DEACTIVATED, async () => {
    const deactivated = await n8n.rest('POST', `/workflows/${TRIGGER_WORKFLOW_ID}/deactivate`, {});
    expectThat(deactivated.status === 200, `deactivate answered ${deactivated.status}: ${JSON.stringify(deactivated.body)}`);
    await waitUntil('the trigger to unsubscribe', async () => ((await subscriptions()).length === 0 ? true : undefined), {
      ...PROCESS_WAIT,
      timeoutMs: 15_000,
    });
  });
}
