import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import type { CredentialStore } from '../../support/n8n-contexts';
import { startReferenceServer, type RunningServer } from '../../support/reference-server';
import { expectNoSecretsIn } from '../../support/secrets';

/** A workspace connected the way an n8n user connects one: integration set up, API access on, one API key. */
export interface N8nWorkspace {
  workspaceId: string;
  name: string;
  ownerUserId: string;
  keyId: string;
  hookCredential: ICredentialDataDecryptedObject & { serviceUrl: string; backendToken: string };
  restCredential: ICredentialDataDecryptedObject & { serviceUrl: string; workspaceId: string; apiKey: string };
  /** Both credentials, as the n8n credential store holds them for the nodes. */
  credentials: CredentialStore;
}

export interface N8nE2E {
  server: RunningServer;
  connectWorkspace: (name: string) => Promise<N8nWorkspace>;
  /** An admin call that must answer `status`; its body otherwise explains the failure. */
  adminOk: <T = unknown>(status: number, method: string, urlPath: string, body?: unknown) => Promise<T>;
  /** The service's own record of a workspace's callback subscriptions. */
  subscriptionsOf: (workspaceId: string) => Promise<Array<{ subscriptionId: string; provider: string; callback: string }>>;
  stop: () => Promise<void>;
}

/** One reference server (a child process) for one test file. Stop it in afterAll. */
export async function startN8nE2E(): Promise<N8nE2E> {
  const server = await startReferenceServer();
  const { adminOk } = server;
  return {
    server,
    adminOk,
    subscriptionsOf: (workspaceId) => adminOk(200, 'GET', `/admin/workspaces/${workspaceId}/subscriptions`),
    connectWorkspace: async (name) => {
      const { apiKey, backendToken, ...workspace } = await server.connectWorkspace(name, 'N8N');
      const hookCredential = { serviceUrl: server.baseUrl, backendToken };
      const restCredential = { serviceUrl: server.baseUrl, workspaceId: workspace.workspaceId, apiKey };
      return {
        ...workspace,
        hookCredential,
        restCredential,
        credentials: { screenRecHookApi: hookCredential, screenRecApi: restCredential },
      };
    },
    stop: () => server.stop(),
  };
}

/**
 * Runs a step that must fail and returns what it threw, after checking that the workspace's secrets appear
 * nowhere in it (message, stack, hidden fields, JSON): n8n shows and stores errors.
 */
export async function failureOf(workspace: N8nWorkspace, run: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
  let failure: unknown;
  try {
    await run();
  } catch (error) {
    failure = error;
  }
  if (!(failure instanceof Error)) throw new Error(`expected a failure, but it ${failure === undefined ? 'succeeded' : `threw ${String(failure)}`}`);
  expectNoSecretsIn([failure], [workspace.hookCredential.backendToken, workspace.restCredential.apiKey]);
  return failure as Error & Record<string, unknown>;
}
