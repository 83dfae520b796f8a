import { expectThat, type Checks } from '../../support/checks';
import { addFromPanel, closeNodePanel, shows, newWorkflow, nodePanel, searchNodesPanel, textOf, type Editor, editorCheck } from '../editor';
import { SEEN } from '../expected';
import { credentialChecks } from './credential';

/**
 * The Video Ready trigger as a person adds it: its notice says what activation needs, the credential is made from
 * it, and publishing with n8n's plain http webhook URL fails with a toast that says what to change.
 */
export async function videoReadyChecks(editor: Editor, checks: Checks): Promise<void> {
  await editorCheck(editor, checks, 'Video Ready trigger: its notice says what activation needs', async () => {
    await newWorkflow(editor);
    await addFromPanel(await searchNodesPanel(editor, 'ScreenRec', 'empty canvas'), 'ScreenRec', SEEN.videoReadyEntry);
    const parameters = nodePanel(editor).getByTestId('node-parameters');
    await parameters.getByText(SEEN.triggerNotice).waitFor();
    const event = await editor.page.getByTestId('parameter-input-event').locator('input').inputValue();
    expectThat(event === 'Video Ready', `the Event field shows "${event}"`);
    await editor.shoot('trigger-notice');
  });

  const credentialMade = await credentialChecks(editor, checks);

  await editorCheck(
    editor,
    checks,
    'Video Ready trigger: publishing with an http webhook URL says what to change, in the toast',
    async () => {
      expectThat(credentialMade, 'no credential to publish with');
      await closeNodePanel(editor);
      const { page } = editor;
      await page.getByTestId('workflow-open-publish-modal-button').click();
      // n8n 2.3 asks for a version name first; newer ones may publish at once.
      const confirm = page.getByTestId('workflow-publish-button');
      if (await shows(confirm)) await confirm.click();
      const expected = SEEN.httpWebhookToast(`${editor.instance.n8n.baseUrl}/webhook/`);
      const toast = page.locator('.el-notification').filter({ hasText: expected }).first();
      await toast.waitFor();
      const text = await textOf(toast);
      expectThat(text.includes(expected), `the toast reads: ${text}`);
      await editor.shoot('publish-http-webhook');
    },
  );
}
