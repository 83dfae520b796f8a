/**
 * `npm run test:editor`: a person in n8n's editor, in Debian's headless Chromium, on every n8n version of
 * test/real-n8n/versions.ts (REAL_N8N_VERSIONS picks some), with our packed package installed as a community
 * package: the nodes panel, the icons, the credential form, the Video Ready trigger and its activation, the
 * ScreenRec node's recording list, runs and subtitle, the polling trigger, the README's AI agent workflow, and
 * Custom API Call with the HTTP Request node's ScreenRec credential. Each check reads what the page shows.
 * A line per check, screenshots in .cache/n8n-editor/<version>/NN-<step>.png, and one closing line
 * "editor: N passed, M failed (T s)"; exits non-zero on failure and stops every process it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, ensureDebianPackages } from '../browser/machine';
import { Checks, since } from '../support/checks';
import { REPO_ROOT } from '../support/reference-server';
import { packageTarball } from '../real-n8n/package-tarball';
import { installTargets, type InstalledN8n } from '../real-n8n/suite';
import { selectedTargets } from '../real-n8n/versions';
import { SCREENSHOTS, openEditor, type Editor } from './editor';
import { startEditorInstance, type EditorInstance } from './instance';
import { seedRecordings } from './seed';
import { agentWorkflowChecks } from './steps/agent-workflow';
import { customApiCallChecks } from './steps/custom-api-call';
import { iconChecks, nodesPanelChecks } from './steps/nodes-panel';
import { outputSchemaChecks } from './steps/output-schema';
import { pollingTriggerChecks } from './steps/polling-trigger';
import { recordingNodeChecks } from './steps/recording-node';
import { videoReadyChecks } from './steps/video-ready';

/** One version's checks take 1 to 2 minutes here; past this, something hangs: stop everything and say so. */
const VERSION_BUDGET_MS = 6 * 60_000;

/** What is running now, stopped in order on the way out (or by the watchdog). */
const running: Array<() => Promise<void>> = [];

async function stopAll(): Promise<void> {
  while (running.length > 0) await running.pop()!().catch((error: unknown) => console.log(`stopping: ${String(error)}`));
}

async function onVersion(installed: InstalledN8n, tarball: string, checks: Checks): Promise<void> {
  const started = Date.now();
  let instance: EditorInstance | undefined;
  let editor: Editor | undefined;
  try {
    instance = await startEditorInstance(installed, tarball);
    running.push(instance.stop);
    const seeded = await seedRecordings(instance);
    editor = await openEditor(instance);
    running.push(editor.close);
    await nodesPanelChecks(editor, checks);
    await iconChecks(editor, checks);
    await videoReadyChecks(editor, checks);
    await recordingNodeChecks(editor, checks, seeded);
    await outputSchemaChecks(editor, checks);
    await pollingTriggerChecks(editor, checks);
    await agentWorkflowChecks(editor, checks);
    await customApiCallChecks(editor, checks);
  } catch (error) {
    checks.fail('setting up the editor', error);
  } finally {
    await stopAll();
  }
  console.log(`n8n ${installed.target.n8n}: editor checks took ${since(started)}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  const workFolder = mkdtempSync(path.join(os.tmpdir(), 'screenrec-n8n-editor-'));
  const summary = () => checks.summary('editor', started);
  let watchdog: NodeJS.Timeout | undefined;
  try {
    ensureDebianPackages((line) => console.error(line), [{ binary: CHROMIUM, debianPackage: 'chromium' }]);
    const tarball = packageTarball(workFolder);
    rmSync(SCREENSHOTS, { recursive: true, force: true });
    for (const installed of await installTargets(selectedTargets(), checks)) {
      const scoped = checks.scoped(`[n8n ${installed.target.n8n}] `);
      watchdog = setTimeout(() => {
        scoped.fail('finishing in time', new Error(`the checks were still running after ${VERSION_BUDGET_MS / 60_000} minutes; stopped`));
        void stopAll().finally(() => {
          console.log(summary());
          process.exit(1);
        });
      }, VERSION_BUDGET_MS);
      await onVersion(installed, tarball, scoped);
      clearTimeout(watchdog);
    }
  } catch (error) {
    checks.fail('setting up the run', error);
  } finally {
    clearTimeout(watchdog);
    await stopAll();
    rmSync(workFolder, { recursive: true, force: true, maxRetries: 10 });
  }
  console.log(`screenshots: ${path.relative(REPO_ROOT, SCREENSHOTS)}/<version>/`);
  console.log(summary());
  process.exitCode = checks.exitCode();
}

void main();
