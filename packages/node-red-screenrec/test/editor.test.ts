import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTION_FIELDS } from '../src/connection/fields';
import { editorFiles } from '../src/editor';
import { INPUT_FIELDS, OPERATIONS, OPERATION_NAMES, inputKey, type CatalogueOperation, type InputName } from 'screenrec';
import { fieldSpec } from '../src/fields';
import { MESSAGES } from '../src/locale';
import { ACTIONS } from '../src/action/operations';

const files = editorFiles();
const manifest = JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as {
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

  it("offer every catalogue action Node-RED released, under its released value and the catalogue's name, with a row for each input", () => {
    const form = script('screenrec', 'template');
    const released = OPERATION_NAMES.map((name): CatalogueOperation => OPERATIONS[name]).filter(
      (operation) => operation.kind === 'action' && operation.keys.nodeRed !== undefined && !operation.keys.nodeRed.startsWith('screenrec'),
    );
    expect([...ACTIONS.keys()]).toEqual(released.map((operation) => operation.keys.nodeRed));
    for (const operation of released) expect(form).toContain(`<option value="${operation.keys.nodeRed}">${operation.name}</option>`);
    for (const operation of released) {
      for (const name of operation.inputs) {
        const property = inputKey(name, 'nodeRed');
        expect(form).toContain(`data-field="${property}"><label for="node-input-${property}">${INPUT_FIELDS[name].label}</label>`);
      }
    }
  });

  it('give inputs that share a property (Tags of a new recording, of an update, of a filter) one kind, as the form has one row for them', () => {
    const kinds = new Map<string, Set<string>>();
    for (const name of Object.keys(INPUT_FIELDS) as InputName[]) {
      const { property, kind } = fieldSpec(name);
      kinds.set(property, (kinds.get(property) ?? new Set()).add(kind));
    }
    expect([...kinds].filter(([, kindsOfProperty]) => kindsOfProperty.size > 1)).toEqual([]);
    expect(kinds.get('tags')).toEqual(new Set(['list']));
  });

  it("document every operation with the catalogue's summary, each msg.payload property with its help, and its output", () => {
    const help = script('screenrec', 'help');
    const sectionOf = (key: string, name: string) => help.split('<h4>').find((part) => part.startsWith(`${name} (<code>${key}</code>)`));
    for (const [key, { catalogue, fields }] of ACTIONS) {
      const section = sectionOf(key, catalogue.name);
      expect(section).toBeDefined();
      expect(section).toContain(catalogue.summary);
      for (const name of fields) expect(section).toContain(`payload.${fieldSpec(name).property}`);
      expect(section).toContain(catalogue.returns);
    }
    expect(sectionOf('searchTags', OPERATIONS.searchTags.name)).toContain(
      'Output <code>msg.payload</code>: An array, the matching tags, each once.',
    );
  });

  it('flag a JSON field of Any Request that does not parse, and say in its help which secret goes where and what else the answer sets', () => {
    const source = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(files['screenrec.html'] ?? '')?.[1] ?? '';
    let defaults: Record<string, { validate?: (value: unknown) => boolean }> = {};
    const RED = {
      nodes: { registerType: (_name: string, definition: { defaults: typeof defaults }) => (defaults = definition.defaults) },
      validators: { number: () => () => true },
    };
    new Function('RED', '$', source)(RED, () => undefined);
    for (const property of ['queryParameters', 'body', 'headers']) {
      const validate = defaults[property]?.validate;
      expect([validate?.(''), validate?.('{"query":"onb"}'), validate?.('{query: onb}')]).toEqual([true, true, false]);
    }
    const help = script('screenrec', 'help');
    const section = help.split('<h4>').find((part) => part.startsWith(`${OPERATIONS.anyRequest.name} (<code>anyRequest</code>)`));
    expect(section).toContain(
      "Needs the connection's Workspace ID and API Key for a path in the workspace's REST API, or its Backend Token for the automation hook.",
    );
    expect(section).toContain('Also <code>msg.statusCode</code>');
    expect(script('screenrec', 'template')).toContain('<option value="POST">POST</option>');
  });

  it('show the wait and video-ready nodes under their catalogue names', () => {
    expect(files['screenrec-wait.html']).toContain(`paletteLabel: "wait for video"`);
    expect(files['screenrec-wait.html']).toContain(`return this.name || "${OPERATIONS.waitForVideo.name}";`);
    expect(files['screenrec-video-ready.html']).toContain(`return this.name || "${OPERATIONS.videoReady.name}";`);
    expect(script('screenrec-wait', 'help')).toContain(OPERATIONS.waitForVideo.summary);
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
