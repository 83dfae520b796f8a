import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { selectors, type Locator, type Page } from 'playwright-core';
import { launchChromium, type Browser } from '../browser/chromium';
import type { Checks } from '../support/checks';
import { REPO_ROOT } from '../support/reference-server';
import type { EditorInstance } from './instance';

/** Where each step's screenshot is kept: .cache/n8n-editor/<n8n version>/NN-<step>.png (git-ignored). */
export const SCREENSHOTS = path.join(REPO_ROOT, '.cache', 'n8n-editor');

/** How long one action in n8n's editor may take before it counts as broken (n8n renders in well under a second here). */
const ACTION_MS = 20_000;

/** n8n's editor marks its parts with `data-test-id`, not Playwright's default `data-testid`. */
selectors.setTestIdAttribute('data-test-id');

/** A person at n8n's editor: one Chromium page, signed in as the owner, with numbered screenshots. */
export interface Editor {
  page: Page;
  instance: EditorInstance;
  /** Saves the page as NN-<name>.png and returns its path. */
  shoot: (name: string) => Promise<string>;
  /** Every answer the page got for a node's output schema (`/schemas/…`), oldest first. */
  schemaAnswers: () => Array<{ path: string; status: number }>;
  close: () => Promise<void>;
}

export async function openEditor(instance: EditorInstance): Promise<Editor> {
  const browser: Browser = await launchChromium('allowed');
  const folder = path.join(SCREENSHOTS, instance.version);
  mkdirSync(folder, { recursive: true });
  let shots = 0;
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    const schemaAnswers: Array<{ path: string; status: number }> = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/schemas/')) schemaAnswers.push({ path: pathname, status: response.status() });
    });
    page.setDefaultTimeout(ACTION_MS);
    await signIn(page, instance);
    const shoot = async (name: string) => {
      const file = path.join(folder, `${String(++shots).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file });
      return file;
    };
    return { page, instance, shoot, schemaAnswers: () => [...schemaAnswers], close: browser.close };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Signs in through n8n's sign-in form, as the owner the instance was set up with. */
async function signIn(page: Page, instance: EditorInstance): Promise<void> {
  await page.goto(`${instance.n8n.baseUrl}/signin`);
  await page.getByTestId('emailOrLdapLoginId').locator('input').fill(instance.owner.email);
  await page.getByTestId('password').locator('input').fill(instance.owner.password);
  await page.getByTestId('form-submit-button').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** A new, empty workflow on the canvas. */
export async function newWorkflow(editor: Editor): Promise<void> {
  await editor.page.goto(`${editor.instance.n8n.baseUrl}/workflow/new`);
  await editor.page.getByTestId('canvas-add-button').waitFor();
}

/** The nodes panel, searched for `text` (opened from the empty canvas, or from the last node's + handle). */
export async function searchNodesPanel(editor: Editor, text: string, from: 'empty canvas' | 'last node'): Promise<Locator> {
  const { page } = editor;
  await page
    .getByTestId(from === 'empty canvas' ? 'canvas-add-button' : 'canvas-handle-plus')
    .last()
    .click();
  const panel = page.getByTestId('node-creator');
  await panel.locator('input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input').first().fill(text);
  return panel;
}

/**
 * Opens a node's entry in the panel and picks `action` among its actions and triggers; an entry without actions is
 * added at once (n8n's own nodes) or from its details with "Add to workflow" (community nodes).
 */
export async function addFromPanel(panel: Locator, entry: string, action?: string): Promise<void> {
  await panel.getByTestId('node-creator-item-name').getByText(entry, { exact: true }).click();
  if (action !== undefined) {
    await panel.getByText(action, { exact: true }).click();
    return;
  }
  const add = panel.getByText('Add to workflow', { exact: true });
  if (await shows(add)) await add.click();
}

/** Waits up to `ms` for `locator` to show; false when it does not. */
export async function shows(locator: Locator, ms = 3000): Promise<boolean> {
  return locator.waitFor({ timeout: ms }).then(
    () => true,
    () => false,
  );
}

/** The open node's parameter panel (NDV). */
export function nodePanel(editor: Editor): Locator {
  return editor.page.getByTestId('ndv');
}

export async function closeNodePanel(editor: Editor): Promise<void> {
  if (!(await nodePanel(editor).isVisible())) return;
  await editor.page.getByTestId('ndv-close-button').click();
  await nodePanel(editor).waitFor({ state: 'hidden' });
}

/** A check on the editor; when it fails, the page as it was is kept as NN-failed-<what the check is about>.png. */
export async function editorCheck(editor: Editor, checks: Checks, name: string, body: () => Promise<void>): Promise<boolean> {
  return checks.check(name, async () => {
    try {
      await body();
    } catch (error) {
      const about = name
        .split(':')[0]!
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      await editor.shoot(`failed-${about}`).catch(() => undefined);
      throw error;
    }
  });
}

/** The text a person reads in a part of the page, white space folded. */
export async function textOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
