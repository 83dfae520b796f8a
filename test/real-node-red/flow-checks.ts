import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { expectThat, type Checks } from '../support/checks';
import type { RunningServer } from '../support/reference-server';
import { waitUntil } from '../support/wait';
import { openDebugSidebar, type DebugMessage, type DebugSidebar } from './debug-sidebar';
import {
  PACKAGE_NAME,
  TYPES,
  debugNodesAfter,
  demoConnection,
  deployment,
  idsOfType,
  without,
  type Example,
  type FlowNode,
} from './example-flows';
import type { NodeRedServer } from './node-red';

const Subscriptions = z.array(z.object({ callback: z.string(), provider: z.string() }));
const Deliveries = z.array(z.object({ recordingId: z.string(), state: z.string(), copy: z.number().optional() }));
const NodeSets = z.array(
  z.object({
    module: z.string(),
    types: z.array(z.string()),
    enabled: z.boolean().optional(),
    loaded: z.boolean().optional(),
    err: z.unknown().optional(),
  }),
);

/** How long a message may take to show in the sidebar once its cause happened (Node-RED passes it on in milliseconds). */
const SHOWS_WITHIN = { timeoutMs: 20_000, intervalMs: 100 };

export interface FlowContext {
  checks: Checks;
  server: RunningServer;
  nodeRed: NodeRedServer;
  examples: Example[];
}

/** The module loaded, every node type registered, and no node set with an error (a string on 4.x, an object on 5.x). */
export async function moduleChecks({ checks, nodeRed }: FlowContext): Promise<void> {
  await checks.check(`GET /nodes lists ${PACKAGE_NAME} loaded, with every node type and no error`, async () => {
    const answer = await nodeRed.admin.call('GET', '/nodes');
    expectThat(answer.status === 200, `GET /nodes answered ${answer.status}`);
    const sets = NodeSets.parse(JSON.parse(answer.text)).filter((set) => set.module === PACKAGE_NAME);
    expectThat(sets.length > 0, `${PACKAGE_NAME} is not among the loaded modules`);
    // `loaded` is listed on 4.x only; a set that failed to load has `err` on both.
    const broken = sets.filter((set) => set.enabled !== true || set.loaded === false || (set.err !== undefined && set.err !== null));
    expectThat(broken.length === 0, `node sets not loaded: ${JSON.stringify(broken)}`);
    const types = sets.flatMap((set) => set.types).sort();
    expectThat(
      JSON.stringify(types) === JSON.stringify(Object.values(TYPES).sort()),
      `the module registers ${types.join(', ')}; expected ${Object.values(TYPES).sort().join(', ')}`,
    );
  });
}

/**
 * Every shipped example deployed at once through the admin API, then: the Video Ready node subscribed; an inject
 * gives a recording link; the Any Request example shows the workspace's recording count; Wait for Video holds its
 * message until the recording is finished at the service; the Video Ready flow emits once per recording, though the
 * service delivers every notification twice; the secrets are in flows_cred.json, encrypted, not in flows.json; a
 * redeploy without the Video Ready node leaves no subscription.
 */
export async function exampleFlowChecks(context: FlowContext): Promise<void> {
  const { checks, server, nodeRed, examples } = context;
  const { demo } = server;
  const values = demoConnection(server, nodeRed.baseUrl);
  const flows = deployment(examples, values);
  const subscriptions = async () =>
    Subscriptions.parse(await server.adminOk(200, 'GET', `/admin/workspaces/${demo.workspaceId}/subscriptions`));
  // An at-least-once service: every completion from now on is delivered twice, the second after the first was answered.
  await server.adminOk(200, 'PATCH', '/admin/settings', { deliveriesPerNotification: 2, repeatDeliveryDelayMs: 500 });

  const sidebar = await openDebugSidebar(nodeRed.baseUrl, nodeRed.admin.token);
  try {
    const deployed = await checks.check(
      `every shipped example (${examples.map((example) => example.file).join(', ')}) deploys with its credentials`,
      () => nodeRed.admin.deploy(flows),
    );
    if (!deployed) return;

    await checks.check('deploying subscribes the Video Ready node: one callback, on this Node-RED', async () => {
      const list = await waitUntil(
        'the Video Ready node to subscribe',
        async (note) => {
          const seen = note(await subscriptions());
          return seen.length === 1 ? seen : undefined;
        },
        SHOWS_WITHIN,
      );
      expectThat(list[0]!.callback.startsWith(`${nodeRed.baseUrl}/`), `subscribed ${list[0]!.callback}, not an address of this Node-RED`);
    });

    await secretChecks(context, flows, { backendToken: values.backendToken, apiKey: values.apiKey });

    let recordingId: string | undefined;
    await checks.check('pressing the inject buttons gives a recording link in the debug sidebar', async () => {
      for (const id of idsOfType(flows, 'inject')) await nodeRed.admin.inject(id);
      const link = await waitUntil('a recording link', (note) => findLink(note(sidebar.messages()), `${server.baseUrl}/r/`), SHOWS_WITHIN);
      recordingId = /\/r\/([0-9a-f-]{36})/.exec(link)?.[1];
      expectThat(recordingId !== undefined, `the link ${link} names no recording`);
    });
    if (recordingId === undefined) return;

    await checks.check(
      "the Any Request example shows the workspace's recording count, answered by the REST API to its API Key",
      async () => {
        const anyRequest = flows.filter((node) => node.type === TYPES.action && node.operation === 'anyRequest');
        expectThat(anyRequest.length > 0, 'no example uses the Any Request operation');
        const isDebug = (id: string) => flows.some((node) => node.id === id && node.type === 'debug');
        const answered = anyRequest.flatMap((node) => node.wires?.flat() ?? []).filter(isDebug);
        const [count] = await waitUntil(
          'the recording count',
          (note) => {
            const seen = note(messagesFrom(sidebar, answered));
            return seen.length > 0 ? seen : undefined;
          },
          SHOWS_WITHIN,
        );
        expectThat(count!.format === 'number' && /^\d+$/.test(count!.msg), `showed ${count!.msg} (${count!.format}), not a count`);
      },
    );

    const waitDebug = debugNodesAfter(flows, TYPES.wait);
    const notified = debugNodesAfter(flows, TYPES.videoReady, { directly: true });
    const fetched = debugNodesAfter(flows, TYPES.videoReady).filter((id) => !notified.includes(id));
    await checks.check('Wait for Video holds the message while the recording is not finished', async () => {
      expectThat(waitDebug.length > 0, 'no debug node follows the Wait for Video node in the examples');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expectThat(
        messagesFrom(sidebar, waitDebug).length === 0,
        `released before the recording finished: ${JSON.stringify(messagesFrom(sidebar, waitDebug))}`,
      );
    });

    await server.adminOk(200, 'POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
    await checks.check('finishing the recording at the service releases the held message with the video link', async () => {
      const released = await waitUntil(
        'the held message',
        (note) => {
          const seen = note(messagesFrom(sidebar, waitDebug));
          return seen.length > 0 ? seen : undefined;
        },
        SHOWS_WITHIN,
      );
      expectThat(released.length === 1, `released ${released.length} messages`);
      expectThat(released[0]!.msg.includes('/videos/') || released[0]!.msg.includes('/storage/'), `no video link in ${released[0]!.msg}`);
    });

    await checks.check(
      'the Video Ready node emits one message naming the finished recording, though the service delivered it twice',
      async () => {
        expectThat(notified.length > 0, 'no debug node is wired to the Video Ready node in the examples');
        await waitUntil(
          'both deliveries to be answered',
          async (note) => {
            const mine = note(
              Deliveries.parse(await server.adminOk(200, 'GET', '/admin/deliveries')).filter((d) => d.recordingId === recordingId),
            );
            return mine.length === 2 && mine.every((delivery) => delivery.state === 'DELIVERED') ? true : undefined;
          },
          SHOWS_WITHIN,
        );
        // A second message would follow the second delivery within milliseconds; a second's margin shows there is none.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expectOnceEach(sidebar, notified, recordingId!);
      },
    );

    await checks.check("the Video Ready example's nodes after it show the video's link once", () => {
      expectThat(fetched.length > 0, 'no debug node follows the nodes after the Video Ready node in the examples');
      expectOnceEach(sidebar, fetched, `/videos/${recordingId}`);
    });

    await checks.check("no example's Catch node caught an error", () => {
      const caught = messagesFrom(sidebar, debugNodesAfter(flows, 'catch'));
      expectThat(caught.length === 0, `caught: ${JSON.stringify(caught)}`);
    });

    await checks.check('redeploying without the Video Ready node leaves no subscription at the service', async () => {
      await nodeRed.admin.deploy(without(flows, TYPES.videoReady));
      await waitUntil(
        'the subscription to go',
        async (note) => (note(await subscriptions()).length === 0 ? true : undefined),
        SHOWS_WITHIN,
      );
    });
  } finally {
    sidebar.close();
  }
}

/** The backend token and API key only in flows_cred.json (encrypted), and the admin API shows only that they are set. */
async function secretChecks(
  { checks, nodeRed }: FlowContext,
  flows: FlowNode[],
  secrets: { backendToken: string; apiKey: string },
): Promise<void> {
  await checks.check('the backend token and API key are not in flows.json, and flows_cred.json holds them encrypted', () => {
    const flowFile = readFileSync(path.join(nodeRed.userDir, 'flows.json'), 'utf8');
    const credentialFile = readFileSync(path.join(nodeRed.userDir, 'flows_cred.json'), 'utf8');
    for (const [name, secret] of Object.entries(secrets)) {
      expectThat(!flowFile.includes(secret), `flows.json holds the ${name}`);
      expectThat(!credentialFile.includes(secret), `flows_cred.json holds the ${name} in plain text`);
    }
    expectThat(/^\{\s*"\$":\s*"/.test(credentialFile), `flows_cred.json is not encrypted: ${credentialFile.slice(0, 80)}`);
  });
  await checks.check("GET /credentials shows the config node's secrets only as set", async () => {
    for (const id of idsOfType(flows, TYPES.connection)) {
      const answer = await nodeRed.admin.call('GET', `/credentials/${TYPES.connection}/${id}`);
      expectThat(answer.status === 200, `GET /credentials/${TYPES.connection}/${id} answered ${answer.status}`);
      const shown = z.record(z.string(), z.unknown()).parse(JSON.parse(answer.text));
      expectThat(shown.has_backendToken === true && shown.has_apiKey === true, `shows ${answer.text}`);
      expectThat(!answer.text.includes(secrets.apiKey) && !answer.text.includes(secrets.backendToken), 'shows a secret');
    }
  });
}

/** Each of the debug nodes showed exactly one message, and it holds `text`. */
function expectOnceEach(sidebar: DebugSidebar, nodeIds: string[], text: string): void {
  for (const nodeId of nodeIds) {
    const shown = sidebar.from(nodeId);
    expectThat(shown.length === 1, `debug node ${nodeId} showed ${shown.length} messages: ${JSON.stringify(shown)}`);
    expectThat(shown[0]!.msg.includes(text), `debug node ${nodeId} showed ${shown[0]!.msg}, without ${text}`);
  }
}

function messagesFrom(sidebar: DebugSidebar, nodeIds: string[]): DebugMessage[] {
  return sidebar.messages().filter((message) => nodeIds.includes(message.nodeId));
}

function findLink(messages: DebugMessage[], prefix: string): string | undefined {
  for (const { msg } of messages) {
    const at = msg.indexOf(prefix);
    if (at >= 0) return /^[^"\s\\]+/.exec(msg.slice(at))?.[0];
  }
  return undefined;
}
