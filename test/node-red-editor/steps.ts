import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
// Core's source, not its build: the names the editor must show are the catalogue's as it is now.
import { OPERATIONS, operationByKey } from '../../packages/core/src/portable';
import { expectThat, type Checks } from '../support/checks';
import { waitUntil } from '../support/wait';
import { REPO_ROOT, type RunningServer } from '../support/reference-server';
import { TYPES, demoConnection, type FlowNode } from '../real-node-red/example-flows';
import { ADMIN_USER, type NodeRedServer } from '../real-node-red/node-red';

/** Each step's screenshot: .cache/node-red-editor/NN-<step>.png (git-ignored). */
export const SCREENSHOTS = path.join(REPO_ROOT, '.cache', 'node-red-editor');
/** The picture the package README shows: the editor with a ScreenRec flow, its palette and the connection dialog. */
export const README_PICTURE = path.join(REPO_ROOT, 'packages', 'node-red-screenrec', 'docs', 'editor.png');

/** The palette category the ScreenRec nodes declare (Node-RED ids its palette parts by it). */
const CATEGORY = 'ScreenRec';
const PALETTE_TYPES = [TYPES.action, TYPES.wait, TYPES.videoReady];

export interface EditorContext {
  page: Page;
  checks: Checks;
  nodeRed: NodeRedServer;
  server: RunningServer;
  /** The deployed flows: the shipped examples, each on its own tab, their connections as shipped (empty). */
  flows: FlowNode[];
}

let shots = 0;
export async function shoot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${String(++shots).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Node-RED's login dialog (adminAuth is on), as a person signs in. */
export async function signInChecks({ page, checks, nodeRed }: EditorContext): Promise<void> {
  await checks.check('the editor asks to log in, and the admin user gets in', async () => {
    await page.goto(nodeRed.baseUrl);
    await page.locator('#node-dialog-login-username').fill(ADMIN_USER.username);
    await page.locator('#node-dialog-login-password').fill(ADMIN_USER.password);
    await page.locator('#node-dialog-login-submit').click();
    await page.locator('#red-ui-palette-container').waitFor();
    await page.locator('.red-ui-flow-node-group').first().waitFor();
    await shoot(page, 'signed-in');
  });
}

export async function paletteChecks({ page, checks }: EditorContext): Promise<void> {
  await checks.check(`the palette shows ${PALETTE_TYPES.join(', ')} in the ${CATEGORY} category`, async () => {
    const header = page.locator(`#red-ui-palette-header-${CATEGORY}`);
    await header.waitFor();
    const title = (await header.innerText()).trim();
    expectThat(title === CATEGORY, `the category is titled "${title}"`);
    const category = page.locator(`#red-ui-palette-base-category-${CATEGORY}`);
    for (const type of PALETTE_TYPES) await category.locator(`.red-ui-palette-node[data-palette-type="${type}"]`).waitFor();
    const shown = await category
      .locator('.red-ui-palette-node')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-palette-type')));
    expectThat(shown.length === PALETTE_TYPES.length, `the category holds ${shown.join(', ')}`);
  });
}

/** The first action node of the open tab, opened by double-clicking it on the canvas. */
export async function actionFormChecks({ page, checks, flows }: EditorContext): Promise<boolean> {
  const action = flows.find((node) => node.type === TYPES.action && node.z === flows.find((tab) => tab.type === 'tab')?.id);
  return checks.check("double-clicking a ScreenRec node opens its edit form, each operation under the catalogue's name", async () => {
    expectThat(action !== undefined, 'the first example has no ScreenRec action node');
    await page.locator(`g[id="${action.id}"] rect.red-ui-flow-node`).dblclick();
    const operation = page.locator('#node-input-operation');
    await operation.waitFor();
    const options = await operation
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => ({ value: node.getAttribute('value') ?? '', text: node.textContent ?? '' })));
    expectThat(options.length >= 8, `the operation select offers only ${options.map(({ text }) => text).join(', ')}`);
    for (const { value, text } of options) {
      const name = operationByKey('nodeRed', value);
      expectThat(name !== undefined && OPERATIONS[name].name === text, `the option ${value} reads "${text}", not the catalogue's name`);
    }
    await shoot(page, 'action-node-form');
  });
}

/**
 * From the action node's form, the pencil beside its connection opens the config dialog: every field and the Test
 * connection button show; typed with the reference service's demo values, the test reports success for each part.
 */
export async function connectionDialogChecks({ page, checks, nodeRed, server }: EditorContext): Promise<void> {
  const opened = await checks.check("the connection's config dialog opens with its fields and the Test connection button", async () => {
    await page.locator('#node-input-btn-connection-edit, #node-input-lookup-connection').first().click();
    for (const field of ['serviceUrl', 'workspaceId', 'apiKey', 'backendToken', 'integration', 'publicUrl'])
      await page.locator(`#node-config-input-${field}`).waitFor();
    await page.locator('#screenrec-connection-test').waitFor();
  });
  if (!opened) return;
  await checks.check("Test connection with the demo workspace's values reports success", async () => {
    for (const [field, value] of Object.entries(demoConnection(server, nodeRed.baseUrl)))
      await page.locator(`#node-config-input-${field}`).fill(value);
    await page.locator('#screenrec-connection-test').click();
    const results = page.locator('#screenrec-connection-test-result li');
    await results.filter({ hasText: 'Testing' }).waitFor({ state: 'detached' });
    const lines = await results.allInnerTexts();
    expectThat(lines.length >= 2 && lines.every((line) => line.startsWith('✓')), `the dialog shows: ${lines.join(' | ')}`);
    expectThat(!(await page.content()).includes(server.demo.apiKey), 'the page shows the API key');
    await shoot(page, 'connection-tested');
  });
}

/**
 * Update, Done and Deploy, as a person finishes: the connection typed into the dialog reaches the runtime, and the
 * Video Ready node on this tab subscribes at the service.
 */
export async function deployChecks({ page, checks, server }: EditorContext): Promise<void> {
  await checks.check('after Update, Done and Deploy, the Video Ready node subscribes with the connection typed in the dialog', async () => {
    await page.locator('#node-config-dialog-ok').click();
    await page.locator('#node-dialog-ok').click();
    await page.locator('#red-ui-header-button-deploy').click();
    // The other example's connection is still empty, as shipped: Node-RED asks before deploying it, and a person confirms.
    await page.locator('#red-ui-deploy-dialog-confirm-deploy-deploy').click();
    await page.locator('#red-ui-header-button-deploy.disabled').waitFor();
    await waitUntil(
      'the Video Ready node to subscribe',
      async (note) => {
        const list = note(await server.adminOk<unknown[]>(200, 'GET', `/admin/workspaces/${server.demo.workspaceId}/subscriptions`));
        return list.length === 1 ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
  });
}

/**
 * The help sidebar, opened with the selected ScreenRec node (the one whose form was open): Node-RED's help layout
 * for it, with its message properties listed.
 */
export async function helpChecks({ page, checks }: EditorContext): Promise<void> {
  await checks.check("the help sidebar shows the selected ScreenRec node's help with its message properties", async () => {
    // Node-RED's own shortcut for its help tab (core:show-help-tab); the sidebar's buttons differ between releases.
    await page.keyboard.press('Control+g');
    await page.keyboard.press('h');
    const help = page
      .locator('.red-ui-help')
      .filter({ has: page.locator('dl.message-properties') })
      .first();
    await help.waitFor();
    const properties = await help.locator('dl.message-properties dt').count();
    expectThat(properties > 0, 'the help lists no message property');
  });
}

/**
 * The README's picture: the deployed Video Ready flow, the palette filtered to the ScreenRec nodes, the node's help.
 * Kept with the other screenshots; with `toReadme` also written over the package's docs/editor.png (Chromium's PNG
 * bytes differ from run to run, so the committed picture changes only when asked). Returns where it went.
 */
export async function readmePicture(page: Page, toReadme: boolean): Promise<string> {
  // The palette's filter box filters as keys are typed.
  await page.locator('#red-ui-palette-search input').pressSequentially('screenrec');
  await page.locator('.red-ui-palette-node[data-palette-type="inject"]').waitFor({ state: 'hidden' });
  // "Successfully deployed" goes by itself after a few seconds.
  await page.locator('.red-ui-notification').first().waitFor({ state: 'hidden' });
  const shot = await shoot(page, 'readme-picture');
  if (!toReadme) return shot;
  mkdirSync(path.dirname(README_PICTURE), { recursive: true });
  copyFileSync(shot, README_PICTURE);
  return README_PICTURE;
}
