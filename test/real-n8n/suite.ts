import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startReferenceServer, type RunningServer } from '../support/reference-server';
import { cancelCheck } from './cancel-check';
import { since, type Checks } from '../support/checks';
import type { SuiteContext } from './context';
import { startDribblingService, type DribblingService } from './dribbling-service';
import { ensureNodeRuntime, type NodeRuntime } from './machine';
import { ensureN8nAsync, prepareN8n, startN8n, type N8nServer } from './n8n';
import { builderHintChecks } from './builder-hint-check';
import { cliChecks, credentialChecks } from './package-checks';
import { triggerChecks } from './trigger-check';
import type { N8nTarget } from './versions';
import {
  CANCEL_WORKFLOW_ID,
  TRIGGER_WORKFLOW_ID,
  actionWorkflow,
  cancelWorkflow,
  credentials,
  triggerWorkflow,
  type Demo,
} from './workflows';
import { installZodProbe } from './zod-probe';
import { WAIT_WORKFLOW_ID, waitChecks, waitWorkflow } from './wait-check';
import { agentChecks } from './agent-check';
import { AGENT_STREAM_WORKFLOW_ID, AGENT_WORKFLOW_ID, agentWorkflows, openAiCredential } from './agent-workflows';
import { startScriptedModel, type ScriptedModel } from './scripted-model';
import {
  HTTP_AGENT_WORKFLOW_ID,
  HTTP_WORKFLOW_ID,
  OWN_HEADER_WORKFLOW_ID,
  httpRequestChecks,
  httpRequestWorkflows,
} from './http-request-check';

export interface InstalledN8n {
  target: N8nTarget;
  runtime: NodeRuntime;
  n8nBin: string;
}

/**
 * Installs every target not yet in the cache, all at once (most of an install is downloading and unpacking, which
 * overlap well), and says how long each took. A target whose install failed is reported and left out.
 */
export async function installTargets(targets: N8nTarget[], checks: Checks): Promise<InstalledN8n[]> {
  const started = Date.now();
  const results = await Promise.allSettled(
    targets.map(async (target) => {
      const runtime = ensureNodeRuntime(REPO_ROOT, target.node);
      const n8nBin = await ensureN8nAsync(REPO_ROOT, target, runtime);
      console.log(`n8n ${target.n8n} on Node ${runtime.version} ready in ${since(started)} (installed into .cache/ on the first run)`);
      return { target, runtime, n8nBin };
    }),
  );
  const installed: InstalledN8n[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') installed.push(result.value);
    else checks.scoped(`[n8n ${targets[index]!.n8n}] `).fail('installing n8n', result.reason);
  });
  return installed;
}

/** `REAL_N8N_CHECKS=agent,wait` runs only those groups of checks (for local work on one of them). */
function wanted(group: 'cli' | 'credential' | 'builder' | 'trigger' | 'cancel' | 'wait' | 'agent' | 'http'): boolean {
  const only = process.env.REAL_N8N_CHECKS;
  return (
    only === undefined ||
    only.trim() === '' ||
    only
      .split(',')
      .map((name) => name.trim())
      .includes(group)
  );
}

/** Every check on one n8n version, in its own reference server, service proxy and n8n user folder. */
export async function runOnVersion(
  { target, runtime, n8nBin }: InstalledN8n,
  tarball: string,
  workFolder: string,
  checks: Checks,
): Promise<void> {
  const started = Date.now();
  const failedBefore = checks.counts.failed;
  let service: DribblingService | undefined;
  let server: RunningServer | undefined;
  let n8n: N8nServer | undefined;
  let userFolder: string | undefined;
  let model: ScriptedModel | undefined;
  try {
    model = await startScriptedModel();
    service = await startDribblingService();
    server = await startReferenceServer(['--public-url', service.baseUrl]);
    service.setUpstream(server.baseUrl);
    const demo: Demo = {
      baseUrl: service.baseUrl,
      backendToken: server.demo.tokens.N8N,
      workspaceId: server.demo.workspaceId,
      apiKey: server.demo.apiKey,
    };

    const versionFolder = path.join(workFolder, target.n8n);
    mkdirSync(versionFolder);
    const zodProbe = installZodProbe(versionFolder);
    const instance = await prepareN8n(n8nBin, tarball, runtime, zodProbe.env);
    userFolder = instance.userFolder;
    const file = (name: string, content: unknown) => {
      const written = path.join(versionFolder, name);
      writeFileSync(written, JSON.stringify(content));
      return written;
    };
    instance.cli(['import:credentials', `--input=${file('credentials.json', [...credentials(demo), openAiCredential(model.baseUrl)])}`]);
    for (const workflow of [
      actionWorkflow,
      triggerWorkflow,
      cancelWorkflow,
      waitWorkflow,
      ...agentWorkflows,
      ...httpRequestWorkflows(demo),
    ])
      instance.cli(['import:workflow', `--input=${file(`${workflow.id}.json`, workflow)}`]);

    if (wanted('cli')) await cliChecks({ checks, demo, instance, n8nBin, workFolder: versionFolder, zodProbe });

    for (const id of [
      TRIGGER_WORKFLOW_ID,
      CANCEL_WORKFLOW_ID,
      WAIT_WORKFLOW_ID,
      AGENT_WORKFLOW_ID,
      AGENT_STREAM_WORKFLOW_ID,
      HTTP_WORKFLOW_ID,
      OWN_HEADER_WORKFLOW_ID,
      HTTP_AGENT_WORKFLOW_ID,
    ])
      instance.cli(['publish:workflow', `--id=${id}`]);
    const running = (n8n = await startN8n(n8nBin, instance));
    const restartN8n = async (whileStopped: () => Promise<void>) => {
      await running.stop();
      try {
        await whileStopped();
      } finally {
        // The same object, so that every holder of the context (and the clean-up below) has the new process.
        Object.assign(running, await startN8n(n8nBin, instance, 'log in'));
      }
    };
    const context: SuiteContext = { checks, demo, server, service, instance, n8n: running, restartN8n };
    if (wanted('credential')) await credentialChecks(context);
    if (wanted('builder')) await builderHintChecks(context);
    if (wanted('trigger')) await triggerChecks(context);
    if (wanted('cancel')) await cancelCheck(context);
    if (wanted('wait')) await waitChecks(context);
    if (wanted('agent')) await agentChecks(context, model);
    if (wanted('http')) await httpRequestChecks(context, model);
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    if (checks.counts.failed > failedBefore) {
      if (n8n !== undefined) console.log(`--- n8n ${target.n8n}'s output ---\n${n8n.output().slice(-4000)}`);
      const webhookLines = server
        ?.logs()
        .split('\n')
        .filter((line) => line.includes('webhooks') || line.includes('callback'));
      if (webhookLines !== undefined) console.log(`--- the reference server's webhook log ---\n${webhookLines.slice(-20).join('\n')}`);
    }
    await n8n?.stop();
    await server?.stop();
    await service?.stop();
    await model?.stop();
    if (process.env.KEEP_REAL_N8N) console.log(`kept ${userFolder}`);
    else if (userFolder !== undefined) rmSync(userFolder, { recursive: true, force: true, maxRetries: 10 });
  }
  console.log(`n8n ${target.n8n}: checks took ${since(started)}`);
}
