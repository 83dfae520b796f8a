import { expectThat, type Checks } from '../../support/checks';
import { editorCheck, newWorkflow, nodePanel, searchNodesPanel, shows, textOf, type Editor } from '../editor';
import { SEEN } from '../expected';

/** The New Recording Trigger's notice names Poll Times, which n8n draws above it. */
export async function pollingTriggerChecks(editor: Editor, checks: Checks): Promise<void> {
  await editorCheck(
    editor,
    checks,
    'New Recording Trigger: the notice points to Poll Times by name, and Poll Times is drawn above it',
    async () => {
      await newWorkflow(editor);
      const panel = await searchNodesPanel(editor, 'ScreenRec', 'empty canvas');
      const entry = panel.getByTestId('node-creator-node-item').filter({ hasText: SEEN.newRecordingEntry });
      let described = await textOf(entry);
      await entry.getByTestId('node-creator-item-name').click();
      // n8n 2.3 shows a community node's description only in its details, with "Add to workflow"; newer ones in the list.
      const add = panel.getByText('Add to workflow', { exact: true });
      if (await shows(add)) {
        described += ` ${await textOf(panel)}`;
        await add.click();
      }
      expectThat(described.includes(SEEN.newRecordingDescription), `the entry reads: ${described}`);
      const parameters = nodePanel(editor).getByTestId('node-parameters');
      const notice = parameters.getByText(SEEN.pollingNotice);
      await notice.waitFor();
      const pollTimes = parameters.getByText('Poll Times', { exact: true }).first();
      const [noticeBox, pollTimesBox] = [await notice.boundingBox(), await pollTimes.boundingBox()];
      expectThat(noticeBox !== null && pollTimesBox !== null, 'the notice or Poll Times is not drawn');
      expectThat(pollTimesBox.y < noticeBox.y, `Poll Times is drawn at y=${pollTimesBox.y}, the notice at y=${noticeBox.y}`);
      await editor.shoot('new-recording-trigger');
    },
  );
}
