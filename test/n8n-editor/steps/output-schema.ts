import { expectThat, type Checks } from '../../support/checks';
import { waitUntil } from '../../support/wait';
import { editorCheck, type Editor } from '../editor';

/** What n8n's editor asks for to offer Get Many's output fields to the next node before anything has run. */
const GET_MANY_SCHEMA = '/schemas/n8n-nodes-screenrec.screenRec/1.0.0/recording/getAll.json';

/** Manual trigger → ScreenRec Get Many → a node after it, nothing run yet, signed in with the instance's credential. */
async function unrunWorkflow(editor: Editor) {
  const { rest } = editor.instance.n8n;
  const listed = await rest<{ data: Array<{ id: string; name: string; type: string }> }>('GET', '/credentials');
  const credential = listed.body.data.find((candidate) => candidate.type === 'screenRecApi');
  const node = (name: string, type: string, x: number, parameters: object = {}) => ({
    id: name,
    name,
    type,
    typeVersion: 1,
    position: [x, 0],
    parameters,
  });
  return {
    name: 'ScreenRec output schema',
    active: false,
    nodes: [
      node('Start', 'n8n-nodes-base.manualTrigger', 0),
      {
        ...node('Get many recordings', 'n8n-nodes-screenrec.screenRec', 220, { resource: 'recording', operation: 'getAll' }),
        ...(credential === undefined ? {} : { credentials: { screenRecApi: { id: credential.id, name: credential.name } } }),
      },
      node('Next', 'n8n-nodes-base.noOp', 440),
    ],
    connections: {
      Start: { main: [[{ node: 'Get many recordings', type: 'main', index: 0 }]] },
      'Get many recordings': { main: [[{ node: 'Next', type: 'main', index: 0 }]] },
    },
    settings: { executionOrder: 'v1' },
  };
}

/** Opening the node after an unrun Get Many: the editor asks for Get Many's output schema, and gets it. */
export async function outputSchemaChecks(editor: Editor, checks: Checks): Promise<void> {
  await editorCheck(editor, checks, `Get Many's output schema: the editor's request for ${GET_MANY_SCHEMA} succeeds`, async () => {
    const { page } = editor;
    const created = await editor.instance.n8n.rest<{ data: { id: string } }>('POST', '/workflows', await unrunWorkflow(editor));
    expectThat(created.status === 200, `creating the workflow answered ${created.status}: ${JSON.stringify(created.body).slice(0, 300)}`);
    await page.goto(`${editor.instance.n8n.baseUrl}/workflow/${created.body.data.id}`);
    await page.getByTestId('canvas-node').filter({ hasText: 'Next' }).first().dblclick();
    const answers = await waitUntil(
      `the editor to ask for ${GET_MANY_SCHEMA}`,
      () => {
        const found = editor.schemaAnswers().filter((answer) => answer.path === GET_MANY_SCHEMA);
        return found.length > 0 ? found : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    ).catch(() => []);
    const asked = editor.schemaAnswers().map((answer) => `${answer.path} ${answer.status}`);
    expectThat(answers.length > 0, `the editor never asked for it; it asked for: ${asked.join(', ') || 'no schema'}`);
    expectThat(
      answers.every((answer) => answer.status === 200),
      `the editor got ${answers.map((answer) => answer.status).join(', ')}`,
    );
    await editor.shoot('output-schema-preview');
  });
}
