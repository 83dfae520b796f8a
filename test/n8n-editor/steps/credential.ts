import type { Locator } from 'playwright-core';
import { expectThat, type Checks } from '../../support/checks';
import { editorCheck, nodePanel, shows, textOf, type Editor } from '../editor';
import { SEEN } from '../expected';

/** The credential form opened from a node's "Credential to connect with" (n8n names the first one "ScreenRec account"). */
async function openNewCredential(editor: Editor): Promise<Locator> {
  // Without any credential, newer n8n shows a "Connect to ScreenRec" button instead of the select.
  const empty = nodePanel(editor).getByTestId('node-credentials-empty-state');
  const select = nodePanel(editor).getByTestId('node-credentials-select');
  await empty.or(select).first().waitFor();
  if (await empty.isVisible()) await empty.click();
  else {
    await select.click();
    await editor.page.getByTestId('node-credentials-select-item-new').click();
  }
  const form = editor.page.getByTestId('editCredential-modal');
  await form.getByTestId('parameter-input-serviceUrl').waitFor();
  return form;
}

async function fillAndSave(form: Locator, fields: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(fields)) await form.locator(`[data-test-id="parameter-input-${name}"] input`).fill(value);
  await form.getByTestId('credential-save-button').click();
}

/**
 * A person fills in the credential form with a wrong API key, reads why the test failed, corrects the key and adds
 * the backend token, and reads "Connection tested successfully". n8n saves and tests on Save.
 */
export async function credentialChecks(editor: Editor, checks: Checks): Promise<boolean> {
  const { serviceUrl, server } = editor.instance;
  let form: Locator | undefined;
  await editorCheck(
    editor,
    checks,
    'credential form: a wrong API key gets one message that names the field, with the advice once',
    async () => {
      form = await openNewCredential(editor);
      await fillAndSave(form, { serviceUrl, workspaceId: server.demo.workspaceId, apiKey: 'srk_not-the-right-key' });
      await form.getByText(SEEN.connectionFailed).waitFor();
      const more = form.getByText('More details');
      if (await more.isVisible()) await more.click();
      await form.getByText(SEEN.wrongApiKey).waitFor();
      const banner = await textOf(form.getByTestId('node-credentials-config-container'));
      expectThat(banner.split('Create a new').length === 2, `the advice is given more than once: ${banner}`);
      await editor.shoot('credential-wrong-key');
    },
  );
  return await editorCheck(
    editor,
    checks,
    `credential form: the right key and the backend token read "${SEEN.connectionTested}"`,
    async () => {
      expectThat(form !== undefined, 'the credential form did not open');
      await fillAndSave(form, { apiKey: server.demo.apiKey, backendToken: server.demo.tokens.N8N });
      const tested = form.getByTestId('credentials-config-container-test-success').getByText(SEEN.connectionTested);
      // n8n 2.41 closes the form once a new credential tests well; opening it again (the pencil) tests it again.
      if (!(await shows(tested, 8000))) {
        await nodePanel(editor).getByTestId('credential-edit-button').click();
        await tested.waitFor();
      }
      await editor.shoot('credential-tested');
      await editor.page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
    },
  );
}
