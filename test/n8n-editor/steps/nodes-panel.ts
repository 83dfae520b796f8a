import { expectThat, type Checks } from '../../support/checks';
import { waitUntil } from '../../support/wait';
import { newWorkflow, searchNodesPanel, textOf, type Editor, editorCheck } from '../editor';
import { SEEN } from '../expected';

/** The nodes panel: the ScreenRec entries a person finds, what each says, and the trigger's name. */
export async function nodesPanelChecks(editor: Editor, checks: Checks): Promise<void> {
  await editorCheck(
    editor,
    checks,
    `nodes panel: "ScreenRec" describes the whole app and lists its trigger as "${SEEN.videoReadyEntry}"`,
    async () => {
      await newWorkflow(editor);
      const panel = await searchNodesPanel(editor, 'ScreenRec', 'empty canvas');
      const names = panel.getByTestId('node-creator-item-name');
      await names.getByText(SEEN.newRecordingEntry, { exact: true }).waitFor();
      const listed = (await names.allInnerTexts()).map((name) => name.trim());
      expectThat(listed.includes('ScreenRec') && listed.includes(SEEN.newRecordingEntry), `the panel lists ${JSON.stringify(listed)}`);
      await editor.shoot('nodes-panel');

      await names.getByText('ScreenRec', { exact: true }).click();
      await panel.getByText(SEEN.videoReadyEntry, { exact: true }).waitFor();
      const details = await textOf(panel);
      expectThat(details.includes(SEEN.appDescription), `the ScreenRec entry reads: ${details}`);
      expectThat(!details.includes(SEEN.genericTriggerEntry), `the trigger is still listed as "${SEEN.genericTriggerEntry}": ${details}`);
      await editor.shoot('nodes-panel-screenrec');
    },
  );
}

/** The light icon on n8n's light theme and the dark one on its dark theme (n8n follows the system's scheme), each drawn. */
export async function iconChecks(editor: Editor, checks: Checks): Promise<void> {
  for (const [scheme, file] of [
    ['dark', 'screenrec.dark.svg'],
    ['light', 'screenrec.svg'],
  ] as const) {
    await editorCheck(editor, checks, `icons: ${file} in the ${scheme} theme, drawn`, async () => {
      await editor.page.emulateMedia({ colorScheme: scheme });
      await newWorkflow(editor);
      await searchNodesPanel(editor, 'ScreenRec', 'empty canvas');
      const icons = editor.page.locator('[data-test-id="node-creator"] img[src*="n8n-nodes-screenrec"]');
      await icons.first().waitFor();
      // The DOM's own types are not in this project's lib: an image is read as what it is here, its source and size.
      type Image = { complete: boolean; naturalWidth: number; getAttribute: (name: string) => string | null };
      const read = () =>
        icons.evaluateAll((images) =>
          images
            .map((image) => image as unknown as Image)
            .map((image) => ({ src: image.getAttribute('src') ?? '', loaded: image.complete, width: image.naturalWidth })),
        );
      const drawn = await waitUntil(
        'the icons to load',
        async () => {
          const seen = await read();
          return seen.every((icon) => icon.loaded) ? seen : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expectThat(drawn.length >= 2, `${drawn.length} ScreenRec icons in the panel`);
      const wrong = drawn.filter((icon) => !icon.src.endsWith(`/${file}`) || icon.width === 0);
      expectThat(wrong.length === 0, `icons not drawn from ${file}: ${JSON.stringify(wrong)}`);
      await editor.shoot(`icons-${scheme}`);
    });
  }
}
