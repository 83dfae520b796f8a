import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import { parseFlatted } from '../queue/flatted';
import { createRecording, executionsOf, type SuiteContext } from './context';
import type { Interceptor, WholeAnswer } from './dribbling-service';
import { CREDENTIAL } from './workflows';
import { chainConnections, recordingNode, webhookStartNode, workflow } from './workflow-parts';

// "Wait for Video" in a real n8n, as the package README's example workflow shapes it: something starts the workflow,
// Create Recording Link makes the link (reference: the execution's ID), a step sends it, and Wait for Video pauses
// the execution until that recording's video is ready. After it, "Look again?" leads a ticket posted with
// { recheck: true } back into Wait for Video while no video came (the loop the docs give for a periodic re-check);
// any other ticket goes on.

export const WAIT_WORKFLOW_ID = 'srWaitVideoWf001';
/** The production webhook path that starts the workflow (a stand-in for a ticket system's trigger). */
const WAIT_WEBHOOK_PATH = 'screenrec-ask-and-wait';

export const waitWorkflow = workflow({
  id: WAIT_WORKFLOW_ID,
  name: 'ScreenRec ask and wait',
  nodes: [
    webhookStartNode({ id: 'w1', name: 'New ticket', webhookId: '5f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', path: WAIT_WEBHOOK_PATH }),
    recordingNode(
      CREDENTIAL,
      { id: 'w2', name: 'Create Recording Link', position: [220, 0] },
      { operation: 'create', externalReference: '={{ $execution.id }}', tags: 'ask-and-wait' },
    ),
    // Where a user puts the e-mail or chat step that sends {{ $json.url }}.
    { id: 'w3', name: 'Send the link', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
    recordingNode(
      CREDENTIAL,
      { id: 'w4', name: 'Wait for Video', position: [660, 0] },
      {
        operation: 'waitForVideo',
        recordingId: "={{ $('Create Recording Link').item.json.recordingId }}",
        download: true,
        // A ticket posted with { limitMinutes } waits at most that long (the timeout and lost-notification checks).
        limitWaitTime: "={{ $('New ticket').item.json.body.limitMinutes !== undefined }}",
        limitAmount: "={{ $('New ticket').item.json.body.limitMinutes ?? 1 }}",
        limitUnit: 'minutes',
        allowHttpWebhook: true,
      },
    ),
    {
      id: 'w5',
      name: 'Look again?',
      type: 'n8n-nodes-base.if',
      typeVersion: 1,
      position: [880, 0],
      parameters: {
        conditions: {
          boolean: [{ value1: "={{ !$json.videoUrl && $('New ticket').first().json.body.recheck === true }}", value2: true }],
        },
      },
    },
    { id: 'w6', name: 'Go on', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [1100, 100], parameters: {} },
  ],
  connections: {
    ...chainConnections(['New ticket', 'Create Recording Link', 'Send the link', 'Wait for Video', 'Look again?']),
    'Look again?': {
      main: [[{ node: 'Wait for Video', type: 'main', index: 0 }], [{ node: 'Go on', type: 'main', index: 0 }]],
    },
  },
});

interface Subscription {
  subscriptionId: string;
  callback: string;
}
interface Delivery {
  subscriptionId: string;
  callback?: string;
  recordingId: string;
  state: string;
  attempts: number;
  lastError: string | null;
}

type RunData = Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;

/** The recording a lookup through the REST API asks for (core lists by ID: POST …/recordings/list { ids: [id] }). */
function lookedUpRecording({ method, path, body }: { method: string; path: string; body: string }): string | undefined {
  if (method !== 'POST' || !path.endsWith('/recordings/list')) return undefined;
  const ids = (JSON.parse(body) as { ids?: unknown }).ids;
  return Array.isArray(ids) && typeof ids[0] === 'string' ? ids[0] : undefined;
}

const UNAVAILABLE: WholeAnswer = {
  status: 503,
  headers: { 'content-type': 'application/json', 'retry-after': '0' },
  body: Buffer.from('{"message":"Service Unavailable"}'),
};

export async function waitChecks({ checks, demo, server, service, instance, n8n, restartN8n }: SuiteContext): Promise<void> {
  const waitingSubscriptions = async () =>
    (await server.admin<Subscription[]>('GET', `/admin/workspaces/${demo.workspaceId}/subscriptions`)).body.filter((item) =>
      item.callback.includes('/webhook-waiting/'),
    );
  const deliveries = async () => (await server.admin<Delivery[]>('GET', '/admin/deliveries')).body;
  const statusOf = async (id: string) => (await executionsOf(n8n, WAIT_WORKFLOW_ID)).find((item) => item.id === id)?.status;
  /** Starts the workflow as its trigger would, and waits for the execution to wait. */
  const startWaiting = async (ticket: Record<string, unknown> = { ticket: 'T-1' }) => {
    const known = new Set((await executionsOf(n8n, WAIT_WORKFLOW_ID)).map((item) => item.id));
    // Right after n8n starts, its production webhooks may not be registered yet (404, nothing started): asked again.
    const started = await waitUntil(
      "the workflow's webhook to start an execution",
      async (note) => {
        const answer = await fetch(`${instance.webhookUrl}webhook/${WAIT_WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ticket),
        });
        const text = note(await answer.text());
        return answer.status === 404 && text.includes('is not registered') ? undefined : { status: answer.status, text };
      },
      { ...PROCESS_WAIT, timeoutMs: 30_000 },
    );
    expectThat(started.status === 200, `the workflow's webhook answered ${started.status}: ${started.text}`);
    return await waitUntil(
      'the execution to wait in Wait for Video',
      async () => (await executionsOf(n8n, WAIT_WORKFLOW_ID)).find((item) => !known.has(item.id) && item.status === 'waiting'),
      PROCESS_WAIT,
    );
  };
  /** The recording Create Recording Link made in that execution (its reference is the execution's ID). */
  const recordingOf = async (executionId: string) => {
    const details = await n8n.rest<{ data: { data: string } }>('GET', `/executions/${executionId}`);
    const found = /\/r\/([0-9a-f-]{36})/.exec(JSON.stringify(details.body));
    if (found === null) throw new Error(`execution ${executionId} holds no recording page link`);
    return found[1]!;
  };

  const finished = async (id: string, timeoutMs: number) =>
    await waitUntil(
      'the execution to end',
      async () => {
        const now = await statusOf(id);
        return now === 'waiting' || now === 'running' || now === 'new' ? undefined : now;
      },
      { ...PROCESS_WAIT, timeoutMs },
    );
  /** What n8n ran in an execution, node by node. */
  const runDataOf = async (id: string): Promise<RunData> => {
    const answer = await n8n.rest<{ data: { data: string } }>('GET', `/executions/${id}`);
    return (parseFlatted(answer.body.data.data) as { resultData: { runData: RunData } }).resultData.runData;
  };
  const resumeAnswer = async (callback: string) => {
    const answer = await fetch(callback, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: `${demo.baseUrl}/videos/x` }),
    });
    return { status: answer.status, text: (await answer.text()).slice(0, 120) };
  };

  // Started first: n8n's wait tracker looks for executions to resume once a minute, so this one takes that long.
  let timed: { id: string; sub: Subscription } | undefined;
  const TIMEOUT =
    'Limit Wait Time: the execution goes on with its input (no videoUrl) when the time is up; n8n runs no node code then, and its resume URL answers 409';
  await checks.check(`${TIMEOUT} (started)`, async () => {
    const { id } = await startWaiting({ ticket: 'T-2', limitMinutes: 0.05 });
    timed = {
      id,
      sub: await waitUntil(
        'the subscription',
        async () => (await waitingSubscriptions()).find((item) => item.callback.includes(`/webhook-waiting/${id}`)),
        PROCESS_WAIT,
      ),
    };
  });

  let executionId: string | undefined;
  let subscription: Subscription | undefined;
  await checks.check('Wait for Video puts the execution to wait and subscribes its resume URL, with a secret', async () => {
    executionId = (await startWaiting()).id;
    subscription = await waitUntil(
      'the subscription',
      async () => (await waitingSubscriptions()).find((item) => item.callback.includes(`/webhook-waiting/${executionId}`)),
      PROCESS_WAIT,
    );
    const callback = new URL(subscription.callback);
    expectThat(
      callback.origin === new URL(instance.webhookUrl).origin,
      `subscribed ${subscription.callback}, not n8n's address ${instance.webhookUrl}`,
    );
    expectThat(/^[0-9a-f]{64}$/.test(callback.searchParams.get('secret') ?? ''), `the callback ${subscription.callback} carries no secret`);
    const recordingId = await recordingOf(executionId);
    expectThat(
      callback.searchParams.get('recording') === recordingId,
      `the callback ${subscription.callback} does not name ${recordingId}`,
    );
  });
  const OTHER = "another recording's video is answered 200 and leaves the execution waiting";
  const STRANGER = 'a post to the resume URL without the secret is answered 401 and resumes nothing';
  const RESUMED =
    "the recording's own video resumes the execution with the recording and the video; the node removes its subscription itself, and answers that notification 410";
  if (executionId === undefined || subscription === undefined) {
    for (const name of [OTHER, STRANGER, RESUMED]) checks.fail(name, 'not run: the execution did not wait');
  } else {
    const id = executionId;
    const sub = subscription;
    await checks.check(OTHER, async () => {
      const otherId = await createRecording(demo, 'real-n8n-someone-else');
      const completed = await server.admin('POST', `/admin/recordings/${otherId}/status`, { status: 'COMPLETED' });
      expectThat(completed.status === 200, `completing the other recording answered ${completed.status}`);
      const delivery = await waitUntil(
        "the other video's notification to be answered",
        async () =>
          (await deliveries()).find(
            (item) => item.subscriptionId === sub.subscriptionId && item.recordingId === otherId && item.state !== 'PENDING',
          ),
        PROCESS_WAIT,
      );
      expectThat(delivery.state === 'DELIVERED' && delivery.attempts === 1, `the other video's notification: ${JSON.stringify(delivery)}`);
      // Wait for Video answers 200 only where it hands n8n no items, and resumes only with 410 (resumeOnVideo): the
      // delivery answered is the decision, so the execution's status is final now.
      expectThat((await statusOf(id)) === 'waiting', `the execution is ${await statusOf(id)}, not waiting`);
      expectThat(
        (await waitingSubscriptions()).some((item) => item.subscriptionId === sub.subscriptionId),
        'the subscription was removed',
      );
    });

    await checks.check(STRANGER, async () => {
      const withoutSecret = new URL(sub.callback);
      withoutSecret.searchParams.delete('secret');
      const recordingId = await recordingOf(id);
      const answer = await fetch(withoutSecret, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ result: `${demo.baseUrl}/videos/${recordingId}` }),
      });
      expectThat(
        answer.status === 401,
        `a post to ${withoutSecret.pathname}${withoutSecret.search} was answered ${answer.status}, not 401`,
      );
      // Answered 401 in the step that hands n8n no items: nothing can resume after this answer.
      expectThat((await statusOf(id)) === 'waiting', `the execution is ${await statusOf(id)}, not waiting`);
    });

    await checks.check(RESUMED, async () => {
      const recordingId = await recordingOf(id);
      const removals: string[] = [];
      service.intercept(async ({ path, body }) => {
        if (path.includes('/public/webhooks/') && body.includes('CALLBACK_UNSUBSCRIBE')) removals.push(body);
        return undefined;
      });
      let status: string | undefined;
      try {
        const completed = await server.admin('POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
        expectThat(completed.status === 200, `completing the recording answered ${completed.status}`);
        status = await finished(id, 60_000);
      } finally {
        service.intercept(undefined);
      }
      expectThat(status === 'success', `the execution ended as ${status}`);
      // Besides the 410, which an answer given after ScreenRec's timeout never delivers, the node removes it itself.
      expectThat(
        removals.some((body) => body.includes(sub.subscriptionId)),
        'Wait for Video did not remove its subscription itself as it resumed (it found no subscription ID in the custom data)',
      );
      const data = JSON.stringify((await n8n.rest('GET', `/executions/${id}`)).body);
      expectThat(data.includes(`/videos/${recordingId}?`), `the execution's data holds no video URL of ${recordingId}`);
      expectThat(
        data.includes('ask-and-wait') && data.includes('video/webm'),
        `the execution's data holds no recording fields or video: ${data.slice(0, 1500)}`,
      );
      expectThat((await resumeAnswer(sub.callback)).status === 409, "the resumed execution's URL still takes notifications");
      expectThat(
        !(await waitingSubscriptions()).some((item) => item.subscriptionId === sub.subscriptionId),
        'the subscription is still there',
      );
      const own = (await deliveries()).filter((item) => item.recordingId === recordingId && item.subscriptionId === sub.subscriptionId);
      expectThat(own.length === 1 && own[0]!.state === 'GONE', `the video's notifications to the resume URL: ${JSON.stringify(own)}`);
    });
  }

  let stopped: Subscription | undefined;
  await checks.check('Stop on a waiting execution: n8n runs no node code then, and its resume URL answers 409', async () => {
    const { id } = await startWaiting();
    const sub = await waitUntil(
      'the subscription',
      async () => (await waitingSubscriptions()).find((item) => item.callback.includes(`/webhook-waiting/${id}`)),
      PROCESS_WAIT,
    );
    const stop = await n8n.rest('POST', `/executions/${id}/stop`, {});
    expectThat(stop.status === 200, `stopping execution ${id} answered ${stop.status}: ${JSON.stringify(stop.body)}`);
    const status = await finished(id, 60_000);
    expectThat(status === 'canceled', `the stopped execution ended as ${status}`);
    const answer = await resumeAnswer(sub.callback);
    console.log(`     (after Stop, the resume URL answers ${answer.status}: ${answer.text})`);
    expectThat(answer.status === 409, `after Stop the resume URL answered ${answer.status}`);
    expectThat(
      (await waitingSubscriptions()).some((item) => item.subscriptionId === sub.subscriptionId),
      'the subscription was removed after all: update the README',
    );
    stopped = sub;
  });

  await checks.check(TIMEOUT, async () => {
    if (timed === undefined) throw new Error('not run: the execution did not wait');
    const status = await finished(timed.id, 120_000);
    expectThat(status === 'success', `the timed-out execution ended as ${status}`);
    const runData = await runDataOf(timed.id);
    const wentOn = runData['Go on']?.[0]?.data?.main?.[0]?.[0]?.json;
    const input = runData['Send the link']?.[0]?.data?.main?.[0]?.[0]?.json;
    expectThat(
      wentOn !== undefined && input !== undefined,
      `the timed-out execution did not go on: ${JSON.stringify(runData).slice(0, 800)}`,
    );
    expectThat(
      JSON.stringify(wentOn) === JSON.stringify(input),
      `the timed-out execution went on with ${JSON.stringify(wentOn)}, not its input`,
    );
    expectThat(wentOn!.videoUrl === undefined, 'the timed-out execution has a video');
    const answer = await resumeAnswer(timed.sub.callback);
    console.log(`     (after the time limit, the resume URL answers ${answer.status}: ${answer.text})`);
    expectThat(answer.status === 409, `after the time limit the resume URL answered ${answer.status}`);
    expectThat(
      (await waitingSubscriptions()).some((item) => item.subscriptionId === timed!.sub.subscriptionId),
      'the subscription was removed after all: update the README',
    );
  });

  await checks.check('the next run of Wait for Video removes the subscriptions the stopped and the timed-out executions left', async () => {
    if (stopped === undefined || timed === undefined) throw new Error('not run: no execution was stopped or timed out');
    const { id } = await startWaiting();
    const left = await waitUntil(
      'only the new execution to be subscribed',
      async () => {
        const now = await waitingSubscriptions();
        return now.length === 1 ? now : undefined;
      },
      { ...PROCESS_WAIT, timeoutMs: 10_000 },
    ).catch(waitingSubscriptions);
    expectThat(
      left.length === 1 && left[0]!.callback.includes(`/webhook-waiting/${id}`),
      `subscribed after the next run: ${JSON.stringify(left.map((item) => item.callback.replace(/secret=.*/, 'secret=…')))}`,
    );
    await n8n.rest('POST', `/executions/${id}/stop`, {});
  });

  await lostNotificationChecks();

  /**
   * The ways a notification is lost for good (n8n stopped, the race, the crash), each with its own
   * execution and recording. Each ticket waits with { recheck: true } and a short limit: no notification resumes it,
   * so the wait's end does (n8n, on its own timer), and the loop back into Wait for Video finds the video. Each case
   * counts the executions that went on with its video (exactly one) and prints it. The crash and race cases run side
   * by side; the one with n8n stopped runs after them, since a notification for any video resumes an execution whose
   * recording is finished. Before it, a notification whose lookup fails: not lost, the execution resumes with it.
   */
  async function lostNotificationChecks(): Promise<void> {
    const UNASKED =
      "ScreenRec not answering the awaited recording's lookup when its video finishes: Wait for Video resumes the execution at once, once, with the notification's link and why the details are missing";
    const LOST_DOWN =
      "lost notification, n8n stopped when the video finished and started again after ScreenRec's last attempt: the wait's end resumes the execution once, with the video";
    const LOST_RACE =
      "lost notification, the video finishing after Wait for Video's last look and before n8n saved the execution as waiting: the wait's end resumes it once, with the video";
    const LOST_CRASH =
      "lost notification, the subscription removed while the execution still waits (what a crash between that removal and queueing the resume leaves): the wait's end resumes it once, with the video";
    const failingLookups = new Set<string>();
    let race: { lookups: Map<string, number>; finish: (recordingId: string) => Promise<void> } | undefined;
    const interceptor: Interceptor = async (request, forward) => {
      const recordingId = lookedUpRecording(request);
      if (recordingId === undefined) return undefined;
      if (failingLookups.has(recordingId)) return UNAVAILABLE;
      if (race === undefined) return undefined;
      const count = (race.lookups.get(recordingId) ?? 0) + 1;
      race.lookups.set(recordingId, count);
      if (count < 2) return undefined;
      // Wait for Video's second look, after it subscribed: ScreenRec says "not finished", and the video finishes
      // before the node has even read that answer, so its notification reaches an execution n8n still runs.
      const { finish } = race;
      race = undefined;
      const stale = await forward();
      await finish(recordingId);
      return stale;
    };
    const subscriptionOf = async (id: string) =>
      await waitUntil(
        'the subscription',
        async () => (await waitingSubscriptions()).find((item) => item.callback.includes(`/webhook-waiting/${id}`)),
        PROCESS_WAIT,
      );
    const complete = async (recordingId: string) => {
      const completed = await server.admin('POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
      expectThat(completed.status === 200, `completing the recording answered ${completed.status}`);
    };
    const answeredDeliveries = async (recordingId: string, subscriptionId: string, timeoutMs: number) =>
      await waitUntil(
        `the notification of ${recordingId} to be answered for good`,
        async (note) => {
          const own = note(
            (await deliveries()).filter((item) => item.recordingId === recordingId && item.subscriptionId === subscriptionId),
          );
          return own.length > 0 && own.every((item) => item.state !== 'PENDING') ? own : undefined;
        },
        { ...PROCESS_WAIT, timeoutMs },
      );
    /** The case's verdict: its execution went on once, with its video, after a second pass of Wait for Video. */
    const wentOnOnce = async (name: string, id: string, recordingId: string, notification: string, passesExpected = 2) => {
      const status = await finished(id, 150_000);
      expectThat(status === 'success', `the execution ended as ${status}`);
      let withVideo = 0;
      for (const { id: other } of await executionsOf(n8n, WAIT_WORKFLOW_ID))
        if (JSON.stringify((await n8n.rest('GET', `/executions/${other}`)).body).includes(`/videos/${recordingId}?`)) withVideo++;
      const runData = await runDataOf(id);
      const passes = runData['Wait for Video']?.length ?? 0;
      const wentOn = runData['Go on'] ?? [];
      console.log(
        `     ${name}: ${withVideo} execution(s) went on with the video, "Go on" ran ${wentOn.length} time(s), Wait for Video ${passes} time(s); its own notification: ${notification}`,
      );
      expectThat(withVideo === 1, `${withVideo} executions went on with the video of ${recordingId}`);
      expectThat(wentOn.length === 1, `the execution went on ${wentOn.length} times`);
      const item = wentOn[0]?.data?.main?.[0]?.[0]?.json;
      expectThat(
        item?.recordingId === recordingId && String(item.videoUrl).includes(`/videos/${recordingId}?`),
        `it went on with ${JSON.stringify(item)}`,
      );
      expectThat(
        passes === passesExpected,
        `Wait for Video ran ${passes} times, not ${passesExpected === 2 ? 'twice (the wait, then the look after its end)' : 'once'}`,
      );
      expectThat(!(await waitingSubscriptions()).some((sub) => sub.callback.includes(`/webhook-waiting/${id}`)), 'a subscription is left');
    };
    const ticket = (name: string, limitMinutes: number) => ({ ticket: name, limitMinutes, recheck: true });

    service.intercept(interceptor);
    try {
      let crash: { id: string; recordingId: string } | undefined;
      await checks.check(`${LOST_CRASH} (started)`, async () => {
        const { id } = await startWaiting(ticket('T-crash', 0.5));
        const sub = await subscriptionOf(id);
        const recordingId = await recordingOf(id);
        const removed = await fetch(`${demo.baseUrl}/public/webhooks/N8N`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-token': demo.backendToken },
          body: JSON.stringify({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId: sub.subscriptionId }),
        });
        expectThat(removed.status === 200, `removing the subscription answered ${removed.status}`);
        await complete(recordingId);
        crash = { id, recordingId };
      });

      let raced: { id: string; recordingId: string; notification: string } | undefined;
      await checks.check(`${LOST_RACE} (started)`, async () => {
        let answered: Delivery[] | undefined;
        race = {
          lookups: new Map(),
          finish: async (recordingId) => {
            await complete(recordingId);
            answered = await waitUntil(
              'the notification to the running execution to be answered for good',
              async () => {
                const own = (await deliveries()).filter((item) => item.recordingId === recordingId);
                return own.length > 0 && own.every((item) => item.state !== 'PENDING') ? own : undefined;
              },
              { ...PROCESS_WAIT, timeoutMs: 30_000 },
            );
          },
        };
        const { id } = await startWaiting(ticket('T-race', 0.5));
        const sub = await subscriptionOf(id);
        const recordingId = await recordingOf(id);
        const own = (answered ?? []).filter((item) => item.subscriptionId === sub.subscriptionId);
        expectThat(
          own.length === 1 && own[0]!.state === 'FAILED' && own[0]!.recordingId === recordingId,
          `the video did not finish while Wait for Video looked, or its notification was not lost: ${JSON.stringify(answered)}`,
        );
        raced = { id, recordingId, notification: `${own[0]!.state}, ${own[0]!.lastError}` };
      });

      await checks.check(LOST_CRASH, async () => {
        if (crash === undefined) throw new Error('not run: the execution did not wait');
        const own = (await deliveries()).filter(
          (item) => item.recordingId === crash!.recordingId && item.callback?.includes(`/webhook-waiting/${crash!.id}`),
        );
        expectThat(own.length === 0, `the removed subscription got notifications: ${JSON.stringify(own)}`);
        await wentOnOnce(LOST_CRASH, crash.id, crash.recordingId, 'none (no subscription)');
      });
      await checks.check(LOST_RACE, async () => {
        if (raced === undefined) throw new Error('not run: the race was not made');
        await wentOnOnce(LOST_RACE, raced.id, raced.recordingId, raced.notification);
      });

      await checks.check(UNASKED, async () => {
        const { id } = await startWaiting(ticket('T-unasked', 1));
        const sub = await subscriptionOf(id);
        const recordingId = await recordingOf(id);
        failingLookups.add(recordingId);
        let own: Delivery[];
        try {
          await complete(recordingId);
          own = await answeredDeliveries(recordingId, sub.subscriptionId, 55_000);
        } finally {
          failingLookups.delete(recordingId);
        }
        expectThat(
          own.length === 1 && own[0]!.state === 'GONE' && own[0]!.attempts === 1,
          `the notification should resume the wait at once (410): ${JSON.stringify(own)}`,
        );
        await wentOnOnce(UNASKED, id, recordingId, `${own[0]!.state} after ${own[0]!.attempts} attempt`, 1);
        const item = (await runDataOf(id))['Go on']?.[0]?.data?.main?.[0]?.[0]?.json;
        expectThat(
          item?.linkConfirmed === true &&
            typeof item.detailsError === 'string' &&
            item.detailsError.startsWith('The recording details could not be fetched'),
          `it went on without saying why the details are missing: ${JSON.stringify(item)}`,
        );
      });

      // Last: n8n is a new process after it.
      await checks.check(LOST_DOWN, async () => {
        // A minute: n8n is stopped, ScreenRec's attempts all fail, and n8n is started again before the wait ends.
        const { id } = await startWaiting(ticket('T-down', 1));
        const sub = await subscriptionOf(id);
        const recordingId = await recordingOf(id);
        let own: Delivery[] = [];
        await restartN8n(async () => {
          await complete(recordingId);
          own = await answeredDeliveries(recordingId, sub.subscriptionId, 30_000);
        });
        expectThat(
          own.length === 1 && own[0]!.state === 'FAILED' && own[0]!.attempts === 5,
          `the notification was not lost while n8n was down: ${JSON.stringify(own)}`,
        );
        await wentOnOnce(LOST_DOWN, id, recordingId, `${own[0]!.state} after ${own[0]!.attempts} attempts, ${own[0]!.lastError}`);
      });
    } finally {
      service.intercept(undefined);
    }
  }
}
