import type { RunningServer } from '../support/reference-server';
import type { Checks } from '../support/checks';
import type { DribblingService } from './dribbling-service';
import type { N8nInstance, N8nServer } from './n8n';
import type { Demo } from './workflows';

/** Everything one version's checks run against. */
export interface SuiteContext {
  checks: Checks;
  demo: Demo;
  /** The reference server itself (admin API, subscriptions); n8n reaches it only through `service`. */
  server: RunningServer;
  service: DribblingService;
  instance: N8nInstance & { port: number; webhookUrl: string };
  n8n: N8nServer;
  /** Stops n8n, runs `whileStopped`, and starts it again on the same data and port; `n8n` then speaks to the new process. */
  restartN8n: (whileStopped: () => Promise<void>) => Promise<void>;
}

export interface ExecutionSummary {
  id: string;
  status: string;
}

/** The executions n8n lists for a workflow, newest first. */
export async function executionsOf(n8n: N8nServer, workflowId: string): Promise<ExecutionSummary[]> {
  const filter = encodeURIComponent(JSON.stringify({ workflowId }));
  const list = await n8n.rest<{ data: { results: ExecutionSummary[] } }>('GET', `/executions?filter=${filter}`);
  if (list.status !== 200) throw new Error(`listing executions answered ${list.status}: ${JSON.stringify(list.body)}`);
  return list.body.data.results;
}

/** What the reference server's hook answers for a new recording: the participant's link ends with its id. */
export async function createRecording(demo: Demo, externalReference: string): Promise<string> {
  const answer = await fetch(`${demo.baseUrl}/public/webhooks/N8N`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': demo.backendToken },
    body: JSON.stringify({ action: 'RECORDING', recording: { externalReference } }),
  });
  if (answer.status !== 200) throw new Error(`creating a recording answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { url: string }).url.split('/').pop()!;
}
