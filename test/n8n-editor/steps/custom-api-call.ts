import type { Locator } from 'playwright-core';
import { expectThat, type Checks } from '../../support/checks';
import { addFromPanel, closeNodePanel, newWorkflow, nodePanel, searchNodesPanel, textOf, type Editor, editorCheck } from '../editor';
import { SEEN } from '../expected';

/** Opens an n8n select, types `typed` into its filter, and picks the option whose name starts with `name`. */
async function pick(editor: Editor, field: Locator, name: string, typed?: string): Promise<void> {
  await field.click();
  if (typed !== undefined) await editor.page.keyboard.type(typed);
  await editor.page
    .locator('.el-select-dropdown__item:visible')
    .filter({ hasText: new RegExp(`^\\s*${name}`) })
    .first()
    .click();
}

/**
 * Where n8n offers the ScreenRec credential to requests of the user's own making, as a person meets it: the
 * ScreenRec node's Operation lists Custom API Call (n8n adds it because the credential has `authenticate`) and
 * sends them to the HTTP Request node, whose Predefined Credential Type lists ScreenRec API.
 */
export async function customApiCallChecks(editor: Editor, checks: Checks): Promise<void> {
  const panel = nodePanel(editor);
  await editorCheck(
    editor,
    checks,
    'Custom API Call: the ScreenRec node offers it and points to the HTTP Request node, which takes care of ScreenRec auth',
    async () => {
      await newWorkflow(editor);
      await addFromPanel(await searchNodesPanel(editor, 'Manual', 'empty canvas'), 'Manual Trigger');
      await closeNodePanel(editor);
      await addFromPanel(await searchNodesPanel(editor, 'ScreenRec', 'last node'), 'ScreenRec', SEEN.subtitleGet);
      await pick(editor, panel.getByTestId('parameter-input-operation'), SEEN.customApiCall);
      const notice = panel.getByText(SEEN.customApiCallNotice).first();
      await notice.waitFor();
      await editor.shoot('custom-api-call');
      const text = await textOf(panel);
      expectThat(text.includes(SEEN.customApiCallNotice), `the node panel reads: ${text.slice(0, 600)}`);
      await closeNodePanel(editor);
    },
  );

  await editorCheck(
    editor,
    checks,
    'HTTP Request node: Authentication "Predefined Credential Type" lists ScreenRec API and picks the saved ScreenRec credential',
    async () => {
      await addFromPanel(await searchNodesPanel(editor, 'HTTP Request', 'last node'), 'HTTP Request');
      await pick(editor, panel.getByTestId('parameter-input-authentication'), 'Predefined Credential Type');
      await pick(editor, panel.getByTestId('parameter-input-nodeCredentialType'), SEEN.credentialTypeName, 'ScreenRec');
      const credential = panel.getByTestId('node-credentials-select').locator('input').first();
      await credential.waitFor();
      await editor.shoot('http-request-screenrec-credential');
      const chosen = await credential.inputValue();
      expectThat(chosen === SEEN.savedCredentialName, `the HTTP Request node's credential reads "${chosen}"`);
      await closeNodePanel(editor);
    },
  );
}
