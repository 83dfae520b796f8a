import type { Locator } from 'playwright-core';
import { expectThat, type Checks } from '../../support/checks';
import { addFromPanel, closeNodePanel, newWorkflow, nodePanel, searchNodesPanel, textOf, type Editor, editorCheck } from '../editor';
import { DEMO_LIST_ENTRY, SEEN } from '../expected';
import type { Seeded } from '../seed';

/** Picks `name` in the open dropdown of an n8n select (options may carry a description under the name). */
async function choose(editor: Editor, field: Locator, name: string): Promise<void> {
  await field.click();
  await editor.page
    .locator('.el-select-dropdown__item:visible')
    .filter({ hasText: new RegExp(`^\\s*${name}`) })
    .first()
    .click();
}

/**
 * n8n takes a typed value when the field loses focus, after a short debounce; "Execute step" pressed before then
 * runs with the old value (and the old run stays on screen).
 */
async function settle(editor: Editor, field: Locator): Promise<void> {
  await field.press('Tab');
  await editor.page.waitForTimeout(500);
}

/** Runs the open node alone ("Execute step") and returns the output panel once it shows the run. */
async function executeStep(editor: Editor): Promise<Locator> {
  const output = nodePanel(editor).getByTestId('output-panel');
  await nodePanel(editor).getByTestId('node-execute-button').click();
  await output
    .getByText(/\d+ items?/)
    .first()
    .waitFor();
  return output;
}

/** The ScreenRec node on the canvas (n8n renames it after its operation while the name is its own). */
const SCREENREC_NODE = '[data-test-id="canvas-node"][data-node-type="n8n-nodes-screenrec.screenRec"]';

/** The canvas subtitle under the ScreenRec node, as drawn. */
async function canvasSubtitle(editor: Editor): Promise<string> {
  return textOf(editor.page.locator(`${SCREENREC_NODE} [class*="subtitle"]`).first());
}

/** The Recording field's text box, in whichever mode it is. */
const recordingInput = (panel: Locator) => panel.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input').first();

/**
 * The ScreenRec node after a manual trigger: a recording picked from the list (each entry distinct, its zone named)
 * and by URL, "Execute step" showing the items, the canvas subtitle in words, and the Timeout's hint when it runs out.
 */
export async function recordingNodeChecks(editor: Editor, checks: Checks, seeded: Seeded): Promise<void> {
  const panel = nodePanel(editor);
  let added = false;
  await editorCheck(
    editor,
    checks,
    'Get a recording: "From list" tells three recordings of the same minute and tag apart, naming the zone',
    async () => {
      await newWorkflow(editor);
      await addFromPanel(await searchNodesPanel(editor, 'Manual', 'empty canvas'), 'Manual Trigger');
      await closeNodePanel(editor);
      await addFromPanel(await searchNodesPanel(editor, 'ScreenRec', 'last node'), 'ScreenRec', SEEN.subtitleGet);
      await panel.getByTestId('rlc-input').click();
      const items = editor.page.getByTestId('rlc-item');
      await items.nth(seeded.demo.length - 1).waitFor();
      added = true;
      const entries = (await items.allInnerTexts()).map((entry) => entry.trim());
      await editor.shoot('locator-list');
      // The newest first: the last demo recording made heads the list; the later checks pick the first one made.
      await items.nth(seeded.demo.length - 1).click();
      const demo = entries.filter((entry) => entry.includes('demo'));
      expectThat(demo.length === seeded.demo.length, `the list shows ${JSON.stringify(entries)}`);
      expectThat(new Set(demo).size === demo.length, `entries read alike: ${JSON.stringify(demo)}`);
      const unclear = demo.filter((entry) => !DEMO_LIST_ENTRY.test(entry));
      expectThat(unclear.length === 0, `entries without their zone or ID: ${JSON.stringify(unclear)}`);
      for (const { id } of seeded.demo)
        expectThat(
          demo.some((entry) => entry.endsWith(`ID ${id.slice(0, 8)}`)),
          `no entry ends with ID ${id.slice(0, 8)}`,
        );
    },
  );

  await editorCheck(editor, checks, 'Get a recording: "Execute step" shows the recording picked from the list', async () => {
    expectThat(added, 'the node was not added');
    const output = await executeStep(editor);
    await output.getByText(seeded.demo[0]!.id).first().waitFor();
    await editor.shoot('get-output');
  });

  await editorCheck(editor, checks, 'Get a recording: by URL, the recording page link picks the recording', async () => {
    expectThat(added, 'the node was not added');
    await choose(editor, panel.getByTestId('rlc-mode-selector'), 'By URL');
    await recordingInput(panel).fill(seeded.demo[1]!.url);
    await settle(editor, recordingInput(panel));
    const output = await executeStep(editor);
    await output.getByText(seeded.demo[1]!.id).first().waitFor();
    await editor.shoot('locator-by-url');
  });

  await editorCheck(
    editor,
    checks,
    `canvas subtitle in words: "${SEEN.subtitleGetMany}" once the operation is Get Many, whose run shows every recording`,
    async () => {
      expectThat(added, 'the node was not added');
      await choose(editor, panel.getByTestId('parameter-input-operation'), 'Get Many');
      const output = await executeStep(editor);
      for (const { id } of seeded.demo) await output.getByText(id).first().waitFor();
      await editor.shoot('get-many-output');
      await closeNodePanel(editor);
      const subtitle = await canvasSubtitle(editor);
      expectThat(subtitle === SEEN.subtitleGetMany, `the canvas subtitle reads "${subtitle}"`);
      await editor.shoot('canvas-subtitle');
    },
  );

  await editorCheck(editor, checks, 'Timeout: when Options → Timeout runs out, the error says to set it to 0 for no limit', async () => {
    expectThat(added, 'the node was not added');
    await editor.page.locator(SCREENREC_NODE).dblclick();
    await choose(editor, panel.getByTestId('parameter-input-operation'), 'Get Video URL');
    await choose(editor, panel.getByTestId('rlc-mode-selector'), 'By URL');
    await recordingInput(panel).fill(seeded.withVideo.url);
    await settle(editor, recordingInput(panel));
    await panel.getByTestId('parameter-input-download').locator('.el-switch').click();
    const addOption = panel.getByText('Add Option');
    await addOption.click();
    const timeoutOption = editor.page.locator('.el-select-dropdown__item:visible').filter({ hasText: 'Timeout (Seconds)' });
    if (await timeoutOption.first().isVisible()) await timeoutOption.first().click();
    const timeout = panel.getByTestId('parameter-input-timeout').locator('input');
    await timeout.fill('1');
    await settle(editor, timeout);
    editor.instance.service.dribbleVideos(true);
    try {
      await panel.getByTestId('node-execute-button').click();
      await panel.getByText(SEEN.timeoutHint).first().waitFor();
    } finally {
      editor.instance.service.dribbleVideos(false);
    }
    await editor.shoot('timeout-hint');
  });
}
