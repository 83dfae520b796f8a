import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import { createRecording, executionsOf, type SuiteContext } from './context';
import { CREDENTIAL } from './workflows';
import { chainConnections, recordingById, screenRecNode, webhookStartNode, workflow } from './workflow-parts';

// "Wait for Video" in a real n8n, as the package README's example workflow shapes it: something starts the workflow,
// Create Recording Link makes the link (reference: the execution's ID), a step sends it, and Wait for Video pauses
// the execution until that recording's video is ready.

export const WAIT_WORKFLOW_ID = 'srWaitVideoWf001';
/** The production webhook path that starts the workflow (a stand-in for a ticket system's trigger). */
const WAIT_WEBHOOK_PATH = 'screenrec-ask-and-wait';

export const waitWorkflow = workflow({
  id: WAIT_WORKFLOW_ID,
  name: 'ScreenRec ask and wait',
  nodes: [
    webhookStartNode({ id: 'w1', name: 'New ticket', webhookId: '5f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b', path: WAIT_WEBHOOK_PATH }),
    screenRecNode(CREDENTIAL, {
      id: 'w2',
      name: 'Create Recording Link',
      position: [220, 0],
      parameters: { resource: 'recording', operation: 'create', externalReference: '={{ $execution.id }}', tags: 'ask-and-wait' },
    }),
    // Where a user puts the e-mail or chat step that sends {{ $json.url }}.
    { id: 'w3', name: 'Send the link', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
    screenRecNode(CREDENTIAL, {
      id: 'w4',
      name: 'Wait for Video',
      position: [660, 0],
      parameters: {
        resource: 'recording',
        operation: 'waitForVideo',
        recordingId: recordingById("={{ $('Create Recording Link').item.json.recordingId }}"),
        download: true,
        // A ticket posted with { limitMinutes } waits at most that long (the timeout check).
        limitWaitTime: "={{ $('New ticket').item.json.body.limitMinutes !== undefined }}",
        limitAmount: "={{ $('New ticket').item.json.body.limitMinutes ?? 1 }}",
        limitUnit: 'minutes',
        allowHttpWebhook: true,
      },
    }),
  ],
  connections: chainConnections(['New ticket', 'Create Recording Link', 'Send the link', 'Wait for Video']),
});

interface Subscription {
  subscriptionId: string;
  callback: string;
}
interface Delivery {
  subscriptionId: string;
  recordingId: string;
  state: string;
  attempts: number;
  lastError: string | null;
}

/** A post to the workflow's webhook gets this long to start an execution that reaches the wait. */
const NO_RESUME_GRACE_MS = 1_500;

export async function waitChecks({ checks, demo, server, instance, n8n }: SuiteContext): Promise<void> {
  const waitingSubscriptions = async () =>
    (await server.admin<Subscription[]>('GET', `/admin/workspaces/${demo.workspaceId}/subscriptions`)).body.filter((item) =>
      item.callback.includes('/webhook-waiting/'),
    );
  const deliveries = async () => (await server.admin<Delivery[]>('GET', '/admin/deliveries')).body;
  const statusOf = async (id: string) => (await executionsOf(n8n, WAIT_WORKFLOW_ID)).find((item) => item.id === id)?.status;
  /** Starts the workflow as its trigger would, and waits for the execution to wait. */
  const startWaiting = async (ticket: Record<string, unknown> = { ticket: 'T-1' }) => {
    const known = new Set((await executionsOf(n8n, WAIT_WORKFLOW_ID)).map((item) => item.id));
    const started = await fetch(`${instance.webhookUrl}webhook/${WAIT_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ticket),
    });
    expectThat(started.status === 200, `the workflow's webhook answered ${started.status}: ${await started.text()}`);
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
    'Limit Wait Time: the execution goes on with its input (videoReady: false) when the time is up; n8n runs no node code then, and its resume URL answers 409';
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
  });
  const OTHER = "another recording's video is answered 200 and leaves the execution waiting";
  const STRANGER = 'a post to the resume URL without the secret is answered 401 and resumes nothing';
  const RESUMED = "the recording's own video resumes the execution with the recording and the video; the subscription is gone";
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
      await new Promise((resolve) => setTimeout(resolve, NO_RESUME_GRACE_MS));
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
      await new Promise((resolve) => setTimeout(resolve, NO_RESUME_GRACE_MS));
      expectThat((await statusOf(id)) === 'waiting', `the execution is ${await statusOf(id)}, not waiting`);
    });

    await checks.check(RESUMED, async () => {
      const recordingId = await recordingOf(id);
      const completed = await server.admin('POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
      expectThat(completed.status === 200, `completing the recording answered ${completed.status}`);
      const status = await finished(id, 60_000);
      expectThat(status === 'success', `the execution ended as ${status}`);
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
      expectThat(own.length === 1 && own[0]!.state === 'DELIVERED', `the video's notifications to the resume URL: ${JSON.stringify(own)}`);
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
    const data = JSON.stringify((await n8n.rest('GET', `/executions/${timed.id}`)).body);
    expectThat(!data.includes('videoKey'), 'the timed-out execution has a video');
    expectThat(data.includes('videoReady'), "the timed-out execution's output does not say that no video came");
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
}
