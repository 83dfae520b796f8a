import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NodeHelpers, type INodeParameters, type INodeTypeDescription } from 'n8n-workflow';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { REPO_ROOT } from '../support/reference-server';

// The package README's "Ask for a recording and wait for the video" workflow (docs/ask-and-wait-workflow.json): a
// builder imports it as it is, so each ScreenRec node must set only parameters the node shows for its operation.

interface ExampleNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: INodeParameters;
}

const example = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/n8n-nodes-screenrec/docs/ask-and-wait-workflow.json'), 'utf8')) as {
  nodes: ExampleNode[];
  connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const description: INodeTypeDescription = new ScreenRec().description;
const screenRecNodes = example.nodes.filter((node) => node.type === `n8n-nodes-screenrec.${description.name}`);

it('makes the link, sends it, then waits for the video, one node after the other', () => {
  expect(screenRecNodes.map(({ name, parameters }) => [name, parameters.operation])).toEqual([
    ['Create Recording Link', 'create'],
    ['Wait for Video', 'waitForVideo'],
  ]);
  const next = (name: string) => example.connections[name]?.main[0]?.map((link) => link.node);
  expect([next('New ticket'), next('Create Recording Link'), next('Send the link')]).toEqual([
    ['Create Recording Link'],
    ['Send the link'],
    ['Wait for Video'],
  ]);
});

it.each(screenRecNodes.map((node) => [node.name, node] as const))('%s sets only parameters the node shows for it', (_name, node) => {
  expect([description.version].flat()).toContain(node.typeVersion);
  const shown = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, null, description);
  expect(Object.keys(node.parameters).filter((key) => !(shown !== null && key in shown))).toEqual([]);
  expect(shown).toMatchObject(node.parameters);
});
