import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { REPO_ROOT } from '../support/reference-server';
import { sortedRecord, type InputContract, type NodeRedContract, type NodeRedNodeContract } from './surface';

const PACKAGE = path.join(REPO_ROOT, 'packages/node-red-screenrec');
const NODES_FOLDER = path.join(PACKAGE, 'dist/nodes');

interface Property {
  value?: unknown;
  type?: string;
  required?: boolean;
}

interface Registration {
  defaults?: Record<string, Property>;
  credentials?: Record<string, { type?: string; required?: boolean }>;
}

/** What the editor is told of each node type: its registration script run against a RED that only records. */
function registrations(html: string): Map<string, Registration> {
  const registered = new Map<string, Registration>();
  const validator = () => () => true;
  const RED = {
    nodes: { registerType: (type: string, definition: Registration) => registered.set(type, definition) },
    validators: { number: validator, regex: validator, typedInput: validator },
  };
  for (const [, script] of html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)) {
    runInNewContext(script!, { RED, $: () => undefined });
  }
  return registered;
}

/** The values each <select> of a node's form offers: what a saved flow may hold for that property. */
function selectValues(html: string, type: string): Map<string, string[]> {
  const template = new RegExp(`<script type="text/html" data-template-name="${type}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? '';
  const values = new Map<string, string[]>();
  for (const [, name, options] of template.matchAll(/<select id="node-(?:input|config-input)-([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    values.set(
      name!,
      [...options!.matchAll(/<option value="([^"]*)"/g)].map(([, value]) => value!),
    );
  }
  return values;
}

function valueType(property: Property): string {
  if (property.type !== undefined) return property.type;
  return Array.isArray(property.value) ? 'array' : typeof property.value;
}

function nodeContract(registration: Registration, values: Map<string, string[]>): NodeRedNodeContract {
  const properties = Object.entries(registration.defaults ?? {}).map(([name, property]): [string, InputContract] => {
    const options = values.get(name);
    return [
      name,
      { type: valueType(property), required: property.required ?? false, ...(options === undefined ? {} : { values: options }) },
    ];
  });
  const credentials = Object.entries(registration.credentials ?? {}).map(([name, credential]): [string, InputContract] => [
    name,
    { type: credential.type ?? 'text', required: credential.required ?? false },
  ]);
  return { properties: sortedRecord(properties), credentials: sortedRecord(credentials) };
}

/**
 * What a saved Node-RED flow holds, read from the built editor files as the editor reads them: each node type's
 * properties (flows.json) and credentials (flows_cred.json), with the values its choices offer.
 */
export function nodeRedSurface(): NodeRedContract {
  const { version } = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { version: string };
  const nodes: [string, NodeRedNodeContract][] = [];
  for (const file of readdirSync(NODES_FOLDER).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(path.join(NODES_FOLDER, file), 'utf8');
    for (const [type, registration] of registrations(html)) nodes.push([type, nodeContract(registration, selectValues(html, type))]);
  }
  return { version, nodes: sortedRecord(nodes) };
}
