import { expectThat, type Checks } from '../support/checks';
import { waitUntil } from '../support/wait';
import type { Tenant } from './tenants';
import { credentialHeaders } from './clients';
import type { Listener } from './service-proxy';
import type { Target } from './targets';

/**
 * A client that goes away during wait_for_recording (its connection closed: an editor quit, a network lost): the
 * endpoint stops checking the recording (its log says the call was CANCELLED) instead of polling ScreenRec until the
 * tool's time limit. The SDK clients' own cancel does not close the request, and their cancel notice reaches a
 * stateless server as a request of its own: the call's connection closing is what a stateless server can heed.
 */
export async function cancellingCheck(checks: Checks, target: Target, tenant: Tenant, service: Listener): Promise<void> {
  await checks.check('a client that goes away during wait_for_recording stops the wait: no more checks of the recording', async () => {
    const recordingId = tenant.recordingIds[0]!;
    // A check is a list call filtered by the recording's id; nothing else calls for this workspace meanwhile.
    const polls = () => service.countFor(tenant.workspace.workspaceId);
    const cancelledLines = () => (target.output().match(/wait_for_recording: CANCELLED after \d+ ms/g) ?? []).length;
    const [before, loggedBefore] = [polls(), cancelledLines()];
    const goAway = new AbortController();
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'wait_for_recording', arguments: { recordingId, maxWaitSeconds: 40 } },
    };
    const waiting = fetch(target.url, {
      method: 'POST',
      headers: {
        ...credentialHeaders(tenant.workspace, { backendToken: false }),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify(call),
      signal: goAway.signal,
    })
      .then((answer) => answer.text())
      .catch(() => undefined);
    await waitUntil('the first check of the recording', () => (polls() > before ? true : undefined), { timeoutMs: 15_000 });
    goAway.abort();
    await waiting;
    await waitUntil("the endpoint's CANCELLED line", () => (cancelledLines() > loggedBefore ? true : undefined), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    const atCancel = polls();
    // The pacing's next check is due a second after the first: none may come once the call has ended.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expectThat(polls() === atCancel, `${polls() - atCancel} checks after the cancel`);
    console.log(`     case "a client that goes away during wait_for_recording": ${atCancel - before} checks of the recording, then none`);
  });
}
