import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectThat, type Checks } from '../../support/checks';
import { REPO_ROOT } from '../../support/reference-server';
import { closeNodePanel, editorCheck, nodePanel, type Editor } from '../editor';

/** The package README's example: a chat trigger, the AI Agent, the OpenAI Chat Model and four ScreenRec tools. */
const EXAMPLE = path.join(REPO_ROOT, 'packages/n8n-nodes-screenrec/docs/ai-agent-workflow.json');
const CREATE_LINK_TOOL = 'Create a recording link to send in ScreenRec';
/** The start of the Tool Description a builder finds filled in (the whole text is checked in the unit and real-agent suites). */
const CREATE_LINK_DESCRIPTION_START =
  'Gets the link of a new recording page, to send yourself (chat, ticket, e-mail) to the person who should record';

interface ExampleNode {
  name: string;
  type: string;
  credentials?: Record<string, { id: string; name: string }>;
}

/** The example with the instance's ScreenRec credential and a made-up OpenAI key, as a builder who picked their own. */
async function exampleWithCredentials(editor: Editor) {
  const { rest } = editor.instance.n8n;
  const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as { name: string; nodes: ExampleNode[] };
  const listed = await rest<{ data: Array<{ id: string; name: string; type: string }> }>('GET', '/credentials');
  const screenRec = listed.body.data.find((credential) => credential.type === 'screenRecApi');
  const openAi = await rest<{ data: { id: string; name: string } }>('POST', '/credentials', {
    name: 'OpenAI account',
    type: 'openAiApi',
    data: { apiKey: 'sk-example' },
  });
  expectThat(openAi.status === 200, `creating the OpenAI credential answered ${openAi.status}`);
  for (const node of example.nodes) {
    if (node.type.endsWith('screenRecTool') && screenRec !== undefined)
      node.credentials = { screenRecApi: { id: screenRec.id, name: screenRec.name } };
    if (node.type.endsWith('lmChatOpenAi')) node.credentials = { openAiApi: { id: openAi.body.data.id, name: openAi.body.data.name } };
  }
  return example;
}

/**
 * The README's agent workflow in the editor: it imports as it is, the canvas shows the agent with its ScreenRec tools
 * (the README's screenshot), and a ScreenRec tool's Tool Description is filled in with the operation's own text.
 */
export async function agentWorkflowChecks(editor: Editor, checks: Checks): Promise<void> {
  await editorCheck(
    editor,
    checks,
    "AI agent: the README's example workflow opens with its ScreenRec tools, and a tool's Tool Description is the operation's own",
    async () => {
      const { page } = editor;
      const example = await exampleWithCredentials(editor);
      const created = await editor.instance.n8n.rest<{ data: { id: string } }>('POST', '/workflows', { ...example, active: false });
      expectThat(created.status === 200, `importing the example answered ${created.status}: ${JSON.stringify(created.body).slice(0, 300)}`);
      await page.goto(`${editor.instance.n8n.baseUrl}/workflow/${created.body.data.id}`);
      const nodes = page.getByTestId('canvas-node');
      await nodes.nth(example.nodes.length - 1).waitFor();
      expectThat(
        (await nodes.count()) === example.nodes.length,
        `the canvas shows ${await nodes.count()} nodes, the example has ${example.nodes.length}`,
      );
      await page.waitForTimeout(500);
      await editor.shoot('ai-agent-workflow');

      await nodes.filter({ hasText: CREATE_LINK_TOOL }).first().dblclick();
      const description = nodePanel(editor).getByTestId('parameter-input-toolDescription').locator('textarea').first();
      await description.waitFor();
      const text = await description.inputValue();
      expectThat(text.startsWith(CREATE_LINK_DESCRIPTION_START), `the Tool Description reads: ${text.slice(0, 300)}`);
      await editor.shoot('ai-agent-tool-description');
      await closeNodePanel(editor);
    },
  );
}
