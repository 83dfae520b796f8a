import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { RestClient } from 'screenrec';
import { expectThat, type Checks } from '../support/checks';
import { freePort, listenOnLoopback, stopServer } from '../support/loopback';
import type { RunningServer } from '../support/reference-server';
import { waitUntil } from '../support/wait';
import { openDebugSidebar, type DebugSidebar } from './debug-sidebar';
import { TYPES, demoConnection, type FlowNode } from './example-flows';
import { holdingProxy } from './holding-proxy';
import type { NodeRedInstall } from './install';
import { startNodeRed, type NodeRedServer } from './node-red';

/**
 * The fault cases of issue 50 on real Node-RED: Node-RED killed with SIGKILL while Wait for Video holds messages, then
 * started again; a full redeploy (the editor's default) while waits are held and Video Ready is armed; a video that
 * finished while Node-RED was down; a Video Ready node removed while its subscribe is under way. First with the
 * localfilesystem context store (flushing every FLUSH_SECONDS), then with Node-RED's default memory-only context. Each
 * case prints the messages it counted per video at the debug sinks ("fault <name>: …").
 */

/** The store's flush interval for the suite (30 s by default): a kill comes only once the waits are on disk. */
const FLUSH_SECONDS = 1;
const PERSISTENT_CONTEXT = { contextStorage: { default: { module: 'localfilesystem', config: { flushInterval: FLUSH_SECONDS } } } };
/** How long a message may take to show once its cause happened (a wait checks again within seconds). */
const SHOWS_WITHIN = { timeoutMs: 30_000, intervalMs: 100 };
/** A second message would follow the first within milliseconds: a second's margin shows there is none. */
const SETTLE_MS = 1000;

const IDS = {
  tab: 'fault-tab',
  connection: 'fault-connection',
  httpIn: 'fault-http-in',
  response: 'fault-http-response',
  wait: 'fault-wait',
  waitOut: 'fault-wait-out',
  videoReady: 'fault-video-ready',
  videoReadyOut: 'fault-video-ready-out',
  catch: 'fault-catch',
  caught: 'fault-caught',
  proxied: 'fault-proxied-connection',
  closedMidSubscribe: 'fault-video-ready-mid-subscribe',
} as const;
/** Where a flow posts a recording to hold: `POST <Node-RED>/fault-wait {"recordingId": …}`. */
const WAIT_PATH = '/fault-wait';

const Subscriptions = z.array(z.object({ subscriptionId: z.string(), callback: z.string() }));
const Deliveries = z.array(
  z.object({
    recordingId: z.string(),
    state: z.string(),
    callback: z.string(),
    attempts: z.number().optional(),
    lastError: z.string().nullish(),
  }),
);

export interface FaultContext {
  checks: Checks;
  install: NodeRedInstall;
  userDir: string;
  server: RunningServer;
}

/**
 * The sinks the cases count at: HTTP Request nodes that post each message's payload to this suite's own server, by
 * sink. Unlike the editor's sidebar, nothing is missed while Node-RED starts up (a wait carried over a restart may
 * release its message before any editor could connect).
 */
interface Sinks {
  url: string;
  /** How many messages `sink` received that name `recordingId`. */
  count: (sink: Sink, recordingId: string) => number;
  stop: () => Promise<void>;
}
type Sink = 'wait' | 'videoReady' | 'caught';

async function startSinks(): Promise<Sinks> {
  const received: Array<{ sink: string; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ sink: (request.url ?? '').slice(1), body });
      response.writeHead(204).end();
    });
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    count: (sink, recordingId) => received.filter((message) => message.sink === sink && message.body.includes(recordingId)).length,
    stop: () => stopServer(server),
  };
}

const sinkNode = (id: string, sinks: Sinks, sink: Sink): FlowNode => ({
  id,
  type: 'http request',
  z: IDS.tab,
  method: 'POST',
  ret: 'txt',
  paytoqs: 'ignore',
  url: `${sinks.url}/${sink}`,
  tls: '',
  persist: false,
  proxy: '',
  authType: '',
  senderr: false,
  headers: [],
  wires: [[]],
});

/** The flow the cases deploy: HTTP In → Wait for Video → sink, Video Ready → sink, a Catch for every node → sink. */
function faultFlow(server: RunningServer, nodeRed: NodeRedServer, sinks: Sinks, extra: FlowNode[] = []): FlowNode[] {
  const { backendToken, apiKey, ...plain } = demoConnection(server, nodeRed.baseUrl);
  return [
    { id: IDS.tab, type: 'tab', label: 'Faults' },
    { id: IDS.connection, type: TYPES.connection, name: 'ScreenRec', integration: 'auto', ...plain, credentials: { backendToken, apiKey } },
    { id: IDS.httpIn, type: 'http in', z: IDS.tab, url: WAIT_PATH, method: 'post', upload: false, wires: [[IDS.response, IDS.wait]] },
    { id: IDS.response, type: 'http response', z: IDS.tab, statusCode: '200', headers: {}, wires: [] },
    { id: IDS.wait, type: TYPES.wait, z: IDS.tab, connection: IDS.connection, recordingId: '', timeLimit: 10, wires: [[IDS.waitOut]] },
    sinkNode(IDS.waitOut, sinks, 'wait'),
    { id: IDS.videoReady, type: TYPES.videoReady, z: IDS.tab, connection: IDS.connection, wires: [[IDS.videoReadyOut]] },
    sinkNode(IDS.videoReadyOut, sinks, 'videoReady'),
    { id: IDS.catch, type: 'catch', z: IDS.tab, scope: null, uncaught: false, wires: [[IDS.caught]] },
    sinkNode(IDS.caught, sinks, 'caught'),
    ...extra,
  ];
}

/** What one case saw: per video, the messages each sink showed. */
function report(name: string, counts: Record<string, Record<string, number>>): void {
  const parts = Object.entries(counts).map(
    ([video, sinks]) =>
      `${video.slice(0, 8)}: ${Object.entries(sinks)
        .map(([sink, count]) => `${count} ${sink}`)
        .join(', ')}`,
  );
  console.log(`     fault ${name}: ${parts.join('; ')}`);
}

export async function faultChecks(context: FaultContext): Promise<void> {
  const port = await freePort();
  const { server } = context;
  const rest = new RestClient({ baseUrl: server.baseUrl, workspaceId: server.demo.workspaceId, apiKey: server.demo.apiKey });
  const recording = async () => (await rest.requestRecording({ direction: 'REQUEST', tags: ['fault'] })).id;
  const complete = (id: string) => server.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' });
  const subscriptions = async () =>
    Subscriptions.parse(await server.adminOk(200, 'GET', `/admin/workspaces/${server.demo.workspaceId}/subscriptions`));
  const deliveriesOf = async (id: string) =>
    Deliveries.parse(await server.adminOk(200, 'GET', '/admin/deliveries')).filter((delivery) => delivery.recordingId === id);
  await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 1 });
  const sinks = await startSinks();
  try {
    const tools = { ...context, port, sinks, recording, complete, subscriptions, deliveriesOf };
    await persistentRun(tools);
    await memoryOnlyRun(tools);
  } finally {
    await sinks.stop();
  }
}

interface Tools extends FaultContext {
  port: number;
  sinks: Sinks;
  recording: () => Promise<string>;
  complete: (id: string) => Promise<unknown>;
  subscriptions: () => Promise<Array<{ subscriptionId: string; callback: string }>>;
  deliveriesOf: (id: string) => Promise<Array<{ state: string; callback: string }>>;
}

/** A running Node-RED and what the editor's sidebar shows of it (the nodes' statuses). */
interface Session {
  nodeRed: NodeRedServer;
  sidebar: DebugSidebar;
  close: () => Promise<void>;
}

async function session(tools: Tools, settings: Record<string, unknown>): Promise<Session> {
  const nodeRed = await startNodeRed(tools.install, tools.userDir, { port: tools.port, settings });
  let sidebar: DebugSidebar;
  try {
    sidebar = await openDebugSidebar(nodeRed.baseUrl, nodeRed.admin.token);
  } catch (error) {
    await nodeRed.stop();
    throw error;
  }
  return {
    nodeRed,
    sidebar,
    close: async () => {
      sidebar.close();
      await nodeRed.stop();
    },
  };
}

/** Ends Node-RED as a crash or `kill -9` does: nothing of it runs its close handlers. */
async function killHard(nodeRed: NodeRedServer): Promise<void> {
  const { child } = nodeRed;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/** Sends a message holding `recordingId` into the flow's Wait for Video (through its HTTP In node). */
async function hold(nodeRed: NodeRedServer, recordingId: string): Promise<void> {
  const answer = await fetch(`${nodeRed.baseUrl}${WAIT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ recordingId }),
    signal: AbortSignal.timeout(10_000),
  });
  expectThat(answer.status === 200, `POST ${WAIT_PATH} answered ${answer.status}`);
}

/** The node context localfilesystem wrote to disk for `nodeId`, as text ('' while there is none). */
function contextOnDisk(userDir: string, nodeId: string): string {
  const folder = path.join(userDir, 'context');
  if (!existsSync(folder)) return '';
  for (const flow of readdirSync(folder)) {
    const file = path.join(folder, flow, `${nodeId}.json`);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return '';
}

async function shown(sinks: Sinks, sink: Sink, recordingId: string): Promise<void> {
  await waitUntil(
    `the ${sink} sink to receive recording ${recordingId}`,
    (note) => (note(sinks.count(sink, recordingId)) > 0 ? true : undefined),
    SHOWS_WITHIN,
  );
}

/** Waits for Video Ready's message about `recordingId`; a timeout says what became of ScreenRec's deliveries. */
async function shownVideo(tools: Tools, recordingId: string): Promise<void> {
  try {
    await shown(tools.sinks, 'videoReady', recordingId);
  } catch (error) {
    throw new Error(`${(error as Error).message}; deliveries: ${JSON.stringify(await tools.deliveriesOf(recordingId))}`);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** Waits for both sinks to show `recordingId`, lets repeats arrive, reports the case: one message at each, or it fails. */
async function expectOneMessageEach(tools: Tools, caseName: string, recordingId: string): Promise<void> {
  await shown(tools.sinks, 'wait', recordingId);
  await shownVideo(tools, recordingId);
  await settle();
  const counts = { wait: tools.sinks.count('wait', recordingId), videoReady: tools.sinks.count('videoReady', recordingId) };
  report(caseName, { [recordingId]: counts });
  expectThat(counts.wait === 1 && counts.videoReady === 1, `messages for ${recordingId}: ${JSON.stringify(counts)}`);
}

/** Fails unless ScreenRec still has one subscription, `subscriptionId`: `change` (the redeploy, the restart) kept it. */
async function expectSubscriptionKept(tools: Tools, subscriptionId: string, change: string): Promise<void> {
  const after = await tools.subscriptions();
  expectThat(
    after.length === 1 && after[0]!.subscriptionId === subscriptionId,
    `${change} changed the subscription: ${JSON.stringify(after)}`,
  );
}

/** Waits for Video Ready to subscribe an address none of `stale` (the subscriptions' ids before) is. */
async function subscribedAnew(tools: Tools, stale: string[], what: string): Promise<void> {
  await waitUntil(
    what,
    async (note) =>
      note(await tools.subscriptions()).some((subscription) => !stale.includes(subscription.subscriptionId)) ? true : undefined,
    SHOWS_WITHIN,
  );
}

async function persistentRun(tools: Tools): Promise<void> {
  const { checks, server, userDir, sinks, subscriptions, complete, recording, deliveriesOf } = tools;
  const failedBefore = checks.counts.failed;
  let current: Session | undefined = await session(tools, PERSISTENT_CONTEXT);
  try {
    const { nodeRed } = current;
    await nodeRed.admin.deploy(faultFlow(server, nodeRed, sinks));
    const [subscribed] = await waitUntil(
      'Video Ready to subscribe',
      async (note) => {
        const list = note(await subscriptions());
        return list.length === 1 ? list : undefined;
      },
      SHOWS_WITHIN,
    );
    const [r1, r2, r3] = [await recording(), await recording(), await recording()];
    for (const id of [r1!, r2!, r3!]) await hold(nodeRed, id);
    // On disk: the held waits and the subscription, so a kill from now on loses neither.
    await waitUntil(
      'the held waits and the subscription to be written to the context store',
      (note) => {
        const waits = note(contextOnDisk(userDir, IDS.wait));
        const kept =
          [r1!, r2!, r3!].every((id) => waits.includes(id)) && contextOnDisk(userDir, IDS.videoReady).includes(subscribed!.subscriptionId);
        return kept ? true : undefined;
      },
      SHOWS_WITHIN,
    );

    await checks.check(
      'fault node-red/full-redeploy-with-waits-held-and-video-ready-armed (localfilesystem): one message per video, the same subscription',
      async () => {
        await nodeRed.admin.deploy(faultFlow(server, nodeRed, sinks));
        await complete(r1!);
        await expectOneMessageEach(tools, 'node-red/full-redeploy-with-waits-held-and-video-ready-armed (localfilesystem)', r1!);
        await expectSubscriptionKept(tools, subscribed!.subscriptionId, 'the redeploy');
        const deliveries = await deliveriesOf(r1!);
        expectThat(
          deliveries.every((delivery) => delivery.state === 'DELIVERED'),
          `deliveries: ${JSON.stringify(deliveries)}`,
        );
        expectThat(sinks.count('caught', '') === 0, `the Catch node caught ${sinks.count('caught', '')} message(s)`);
      },
    );

    // The released wait gone from disk too: what a restart finds is r2 and r3.
    await waitUntil(
      'the released wait to leave the context store',
      (note) => (note(contextOnDisk(userDir, IDS.wait)).includes(r1!) ? undefined : true),
      SHOWS_WITHIN,
    );
    await killHard(nodeRed);
    current = undefined;
    // r3 finishes while Node-RED is down: its notification cannot be delivered until Node-RED is back.
    await complete(r3!);
    current = await session(tools, PERSISTENT_CONTEXT);

    await checks.check(
      'fault node-red/sigkill-with-waits-held (localfilesystem): the held message goes on once when its video is ready',
      async () => {
        await complete(r2!);
        await expectOneMessageEach(tools, 'node-red/sigkill-with-waits-held (localfilesystem)', r2!);
        await expectSubscriptionKept(tools, subscribed!.subscriptionId, 'the restart');
      },
    );

    await checks.check(
      "fault node-red/video-finished-while-node-red-down (localfilesystem): delivered once after it starts again, within the service's retries",
      async () => {
        await expectOneMessageEach(tools, 'node-red/video-finished-while-node-red-down (localfilesystem)', r3!);
        expectThat(sinks.count('caught', '') === 0, `the Catch node caught ${sinks.count('caught', '')} message(s)`);
      },
    );

    await checks.check('fault node-red/video-ready-closed-mid-subscribe: the subscription its subscribe returns is removed', async () => {
      const proxy = await holdingProxy(server.baseUrl, 'CALLBACK_SUBSCRIBE');
      try {
        const { nodeRed: running } = current!;
        const proxied: FlowNode[] = [
          { ...faultFlow(server, running, sinks)[1]!, id: IDS.proxied, serviceUrl: proxy.url },
          { id: IDS.closedMidSubscribe, type: TYPES.videoReady, z: IDS.tab, connection: IDS.proxied, wires: [] },
        ];
        await running.admin.deploy(faultFlow(server, running, sinks, proxied));
        await proxy.held;
        // The node is deleted (a deploy without it) while ScreenRec has not answered its subscribe yet.
        await running.admin.deploy(faultFlow(server, running, sinks));
        proxy.release();
        await waitUntil(
          'the subscription made by the closed node to be removed',
          async (note) => {
            const unsubscribed = proxy.passed().some((body) => body.includes('CALLBACK_UNSUBSCRIBE'));
            const list = note(await subscriptions());
            return unsubscribed && list.length === 1 ? list : undefined;
          },
          SHOWS_WITHIN,
        );
        const left = (await subscriptions()).filter((subscription) => subscription.subscriptionId !== subscribed!.subscriptionId);
        report('node-red/video-ready-closed-mid-subscribe', { [IDS.closedMidSubscribe]: { 'subscriptions left': left.length } });
        expectThat(left.length === 0, `left behind: ${JSON.stringify(left)}`);
      } finally {
        proxy.release();
        await proxy.stop();
      }
    });

    await checks.check(
      "fault node-red/video-finished-while-node-red-down-past-the-service's-retries (localfilesystem): the catch-up sends it once, and nothing sent before again",
      async () => {
        const r4 = await recording();
        // What the node accounted for (r1 to r3, sent) is on disk before the kill.
        await waitUntil(
          'the videos sent to be written to the context store',
          (note) => ([r1!, r2!, r3!].every((id) => note(contextOnDisk(userDir, IDS.videoReady)).includes(id)) ? true : undefined),
          SHOWS_WITHIN,
        );
        await killHard(current!.nodeRed);
        current = undefined;
        await complete(r4);
        // ScreenRec gives up on the notification while Node-RED is down (5 attempts, 1 s doubling).
        await waitUntil(
          'ScreenRec to give up delivering the notification',
          async (note) => {
            const deliveries = note(await deliveriesOf(r4));
            return deliveries.length > 0 && deliveries.every((delivery) => delivery.state === 'FAILED') ? true : undefined;
          },
          SHOWS_WITHIN,
        );
        current = await session(tools, PERSISTENT_CONTEXT);
        await shownVideo(tools, r4);
        await settle();
        const counts = Object.fromEntries([r1!, r2!, r3!, r4].map((id) => [id, { videoReady: sinks.count('videoReady', id) }]));
        report("node-red/video-finished-while-node-red-down-past-the-service's-retries (localfilesystem)", counts);
        expectThat(
          Object.values(counts).every((sinksOf) => sinksOf.videoReady === 1),
          `Video Ready messages per recording: ${JSON.stringify(counts)}`,
        );
      },
    );
  } finally {
    if (checks.counts.failed > failedBefore && current !== undefined)
      console.log(`--- Node-RED's output ---\n${current.nodeRed.output().slice(-4000)}`);
    await current?.close();
  }
}

async function memoryOnlyRun(tools: Tools): Promise<void> {
  const { checks, server, sinks, subscriptions, complete, recording } = tools;
  const failedBefore = checks.counts.failed;
  const before = (await subscriptions()).map((subscription) => subscription.subscriptionId);
  let current: Session | undefined = await session(tools, {});
  try {
    const { nodeRed } = current;
    // Memory-only context keeps no subscription across the restart: the node subscribes a new address.
    await subscribedAnew(tools, before, 'Video Ready to subscribe anew');
    /** A new recording, its message held by Wait for Video once the node shows it holds one and that a restart ends it. */
    const heldRecording = async () => {
      const recordingId = await recording();
      await hold(current!.nodeRed, recordingId);
      await waitUntil(
        'Wait for Video to show it holds 1 message(s) and that a restart ends them',
        (note) => {
          const last = note(current?.sidebar.statuses(IDS.wait).at(-1) ?? '');
          return last.includes('waiting for 1 ') && last.includes('restart') ? true : undefined;
        },
        SHOWS_WITHIN,
      );
      return recordingId;
    };

    await checks.check('fault node-red/full-redeploy-with-waits-held (memory-only context): one message per video', async () => {
      const r5 = await heldRecording();
      await nodeRed.admin.deploy(faultFlow(server, nodeRed, sinks));
      await complete(r5);
      await expectOneMessageEach(tools, 'node-red/full-redeploy-with-waits-held (memory-only context)', r5);
      expectThat(sinks.count('caught', '') === 0, `the Catch node caught ${sinks.count('caught', '')} message(s)`);
    });

    /** Node-RED started again on memory-only context, Video Ready subscribed anew, then the recording's video finished. */
    const startAgainAndFinish = async (recordingId: string) => {
      const stale = (await subscriptions()).map((subscription) => subscription.subscriptionId);
      current = await session(tools, {});
      await subscribedAnew(tools, stale, 'Video Ready to subscribe anew after the restart');
      await complete(recordingId);
      await shownVideo(tools, recordingId);
      await settle();
    };

    await checks.check(
      'fault node-red/stop-with-waits-held (memory-only context): an error in the log names the recording, and no message goes on',
      async () => {
        const r6 = await heldRecording();
        const output = current!.nodeRed;
        await current!.close();
        current = undefined;
        const errors = output
          .output()
          .split('\n')
          .filter((line) => line.includes('[error]') && line.includes(r6));
        await startAgainAndFinish(r6);
        const counts = { wait: sinks.count('wait', r6), videoReady: sinks.count('videoReady', r6), 'error lines': errors.length };
        report('node-red/stop-with-waits-held (memory-only context)', { [r6]: counts });
        expectThat(errors.length === 1 && errors[0]!.includes('memory only'), `error lines naming ${r6}: ${JSON.stringify(errors)}`);
        expectThat(counts.wait === 0 && counts.videoReady === 1, `messages for ${r6}: ${JSON.stringify(counts)}`);
      },
    );

    await checks.check(
      'fault node-red/sigkill-with-waits-held (memory-only context): the held message is lost, as the node said it would be',
      async () => {
        const r7 = await heldRecording();
        await killHard(current!.nodeRed);
        current = undefined;
        await startAgainAndFinish(r7);
        // Nothing runs a killed process's close handlers, and memory-only context keeps nothing: no message, no word.
        const counts = { wait: sinks.count('wait', r7), videoReady: sinks.count('videoReady', r7) };
        report('node-red/sigkill-with-waits-held (memory-only context)', { [r7]: counts });
        expectThat(counts.wait === 0 && counts.videoReady === 1, `messages for ${r7}: ${JSON.stringify(counts)}`);
      },
    );
  } finally {
    if (checks.counts.failed > failedBefore && current !== undefined)
      console.log(`--- Node-RED's output ---\n${current.nodeRed.output().slice(-4000)}`);
    await current?.close();
  }
}
