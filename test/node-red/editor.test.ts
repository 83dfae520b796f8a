import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTION_FIELDS } from '../../packages/node-red-screenrec/src/connection-fields';
import { editorFiles } from '../../packages/node-red-screenrec/src/editor';
import { FIELDS, type FieldName } from '../../packages/node-red-screenrec/src/fields';
import { MESSAGES } from '../../packages/node-red-screenrec/src/locale';
import { OPERATIONS, OPERATION_NAMES, fieldsOf } from '../../packages/node-red-screenrec/src/operations';
import { REPO_ROOT } from '../support/reference-server';

const files = editorFiles();
const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/node-red-screenrec/package.json'), 'utf8')) as {
  'node-red': { nodes: Record<string, string> };
};
const TYPES = Object.keys(manifest['node-red'].nodes);

/** The text of one of a node's scripts (its form or its help). */
function script(type: string, kind: 'template' | 'help'): string {
  const html = files[`${type}.html`] ?? '';
  const match = new RegExp(`<script type="text/html" data-${kind}-name="${type}">([\\s\\S]*?)</script>`).exec(html);
  if (match?.[1] === undefined) throw new Error(`${type}.html has no ${kind} script`);
  return match[1];
}

describe("the nodes' editor files, written from the same tables as the nodes", () => {
  it('give every node of package.json its HTML (registration, form, help) and its messages in locales/en-US', () => {
    for (const type of TYPES) {
      expect(files[`${type}.html`]).toContain(`RED.nodes.registerType("${type}"`);
      expect(script(type, 'template')).not.toBe('');
      expect(script(type, 'help')).not.toBe('');
      expect(JSON.parse(files[`locales/en-US/${type}.json`] ?? '{}')).toEqual({ [type]: MESSAGES[type as keyof typeof MESSAGES] });
    }
    expect(Object.keys(files).sort()).toEqual(TYPES.flatMap((type) => [`${type}.html`, `locales/en-US/${type}.json`]).sort());
  });

  it("register each node with a script the browser can run: it calls RED.nodes.registerType once, with the node's type", () => {
    for (const type of TYPES) {
      const source = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(files[`${type}.html`] ?? '')?.[1] ?? '';
      const registered: string[] = [];
      const RED = { nodes: { registerType: (name: string) => registered.push(name) }, validators: { number: () => () => true } };
      new Function('RED', '$', source)(RED, () => undefined);
      expect(registered).toEqual([type]);
    }
  });

  it("offer every operation in the action node's form, with a row for each of its fields", () => {
    const form = script('screenrec', 'template');
    for (const operation of OPERATION_NAMES) expect(form).toContain(`<option value="${operation}">${OPERATIONS[operation].label}</option>`);
    for (const name of Object.keys(FIELDS) as FieldName[]) {
      expect(form).toContain(`data-field="${name}"><label for="node-input-${name}">${FIELDS[name].label}</label>`);
    }
  });

  it("document every operation, each of its msg.payload properties and its output in the action node's help", () => {
    const help = script('screenrec', 'help');
    for (const operation of OPERATION_NAMES) {
      const section = help.split('<h4>').find((part) => part.startsWith(`${OPERATIONS[operation].label} (<code>${operation}</code>)`));
      expect(section).toBeDefined();
      for (const name of fieldsOf(operation)) expect(section).toContain(`payload.${name}`);
      expect(section).toContain('Output <code>msg.payload</code>');
    }
    expect(help).toContain('operation');
  });

  it("document every connection field in the config node's help and form, the secrets as password fields", () => {
    const help = script('screenrec-connection', 'help');
    const form = script('screenrec-connection', 'template');
    for (const [name, field] of Object.entries(CONNECTION_FIELDS)) {
      expect(help).toContain(field.label);
      expect(form).toContain(field.secret ? `<input type="password" id="node-config-input-${name}"` : `id="node-config-input-${name}"`);
    }
    expect(files['screenrec-connection.html']).toContain('credentials: {"apiKey":{"type":"password"},"backendToken":{"type":"password"}}');
  });
});
