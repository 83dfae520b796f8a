import { RestClient } from 'screenrec';
import { expectThat, type Checks } from '../support/checks';
import type { ConnectedWorkspace, RunningServer } from '../support/reference-server';
import { callTool, connectClient, credentialHeaders, textOf, type Era, type SdkClient } from './clients';
import type { Listener } from './service-proxy';
import type { Target } from './targets';

/** Calls in all, alternating between the two tenants, and how many are in flight at once. */
export const TENANT_CALLS = 400;
export const IN_FLIGHT = 16;
const RECORDINGS_EACH = 4;

export interface Tenant {
  workspace: ConnectedWorkspace;
  recordingIds: string[];
}

/** Two teams' workspaces, each with recordings of its own (made through REST, outside the endpoint). */
export async function makeTenants(service: RunningServer): Promise<[Tenant, Tenant]> {
  const tenant = async (name: string): Promise<Tenant> => {
    const workspace = await service.connectWorkspace(name, 'N8N');
    const rest = new RestClient({ baseUrl: service.baseUrl, workspaceId: workspace.workspaceId, apiKey: workspace.apiKey });
    const recordingIds: string[] = [];
    for (let i = 0; i < RECORDINGS_EACH; i++)
      recordingIds.push((await rest.requestRecording({ direction: 'REQUEST', tags: [name.toLowerCase()] })).id);
    return { workspace, recordingIds };
  };
  return [await tenant('Tenant-A'), await tenant('Tenant-B')];
}

/** Runs `tasks` with at most `limit` at once. */
async function bounded(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Two tenants with different workspaces, one on each era's client (the second naming its workspace in the address),
 * calling at once: every answer holds only the caller's recordings, and a recording of the other's is not found.
 */
export async function tenantChecks(checks: Checks, target: Target, tenants: [Tenant, Tenant], service: Listener): Promise<void> {
  await checks.check(
    `two tenants, ${TENANT_CALLS} interleaved calls (${IN_FLIGHT} in flight): each sees only its own recordings`,
    async () => {
      const [a, b] = tenants;
      const clients: SdkClient[] = [];
      const connect = async (era: Era, url: string, tenant: Tenant, viaPath: boolean) => {
        const headers = credentialHeaders(tenant.workspace, { backendToken: false });
        if (viaPath) delete headers['x-screenrec-workspace-id'];
        const client = await connectClient(era, viaPath ? `${url}/${tenant.workspace.workspaceId}` : url, headers);
        clients.push(client);
        return client;
      };
      try {
        const sides = [
          { tenant: a, other: b, client: await connect('2025', target.url, a, false), calls: 0, leaks: 0 },
          { tenant: b, other: a, client: await connect('2026-07-28', target.url, b, true), calls: 0, leaks: 0 },
        ];
        const before = sides.map((side) => service.countFor(side.tenant.workspace.workspaceId));
        const problems: string[] = [];
        const tasks = Array.from({ length: TENANT_CALLS }, (_, i) => async () => {
          const side = sides[i % 2]!;
          const own = side.tenant.recordingIds;
          const kind = Math.floor(i / 2) % 3;
          side.calls++;
          if (kind === 0) {
            const answer = await callTool(side.client, 'find_recordings', {});
            const ids = ((answer.structuredContent?.recordings as Array<{ id: string }> | undefined) ?? []).map((r) => r.id).sort();
            if (JSON.stringify(ids) !== JSON.stringify([...own].sort())) {
              side.leaks += ids.filter((id) => side.other.recordingIds.includes(id)).length;
              problems.push(`call ${i} found ${ids.join(', ')}`);
            }
          } else if (kind === 1) {
            const id = own[i % own.length]!;
            const answer = await callTool(side.client, 'get_recording', { recordingId: id });
            if (answer.isError === true || answer.structuredContent?.id !== id) problems.push(`call ${i}: get_recording ${textOf(answer)}`);
          } else {
            const theirs = side.other.recordingIds[i % side.other.recordingIds.length]!;
            const answer = await callTool(side.client, 'get_recording', { recordingId: theirs });
            if (answer.isError !== true) {
              side.leaks++;
              problems.push(`call ${i}: the other tenant's recording was given`);
            }
          }
        });
        await bounded(tasks, IN_FLIGHT);
        for (const [index, side] of sides.entries()) {
          const reached = service.countFor(side.tenant.workspace.workspaceId) - before[index]!;
          console.log(
            `     case "two tenants calling at once": tenant ${index === 0 ? 'A (2025, header)' : 'B (2026-07-28, path)'}: ${side.calls} calls, ${reached} requests to ScreenRec for its workspace, ${side.leaks} of the other's recordings seen`,
          );
        }
        expectThat(problems.length === 0, `${problems.length} wrong answers, the first: ${problems.slice(0, 3).join('; ')}`);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    },
  );
}
