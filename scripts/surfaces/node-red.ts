// The Node-RED nodes and the ScreenRec node's operations, read from the built editor files Node-RED serves
// (packages/node-red-screenrec/dist/nodes/<type>.html): each node's registration, its help and its Operation choices.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { z } from 'zod';

export interface NodeRedOperation {
  /** The value a saved flow (and `msg.operation`) holds. */
  value: string;
  label: string;
  description: string;
  /** What the help says `msg.payload` holds afterwards, as Markdown. */
  output: string | undefined;
}

export interface NodeRedNode {
  /** The node's type, as a saved flow names it. */
  type: string;
  /** Its name in the palette (a config node has none: its type). */
  label: string;
  /** A configuration node, shared by the others rather than placed in a flow. */
  config: boolean;
  /** The first paragraph of its help, as Markdown. */
  summary: string;
  operations: NodeRedOperation[];
}

const PACKAGE = 'packages/node-red-screenrec';
const Manifest = z.object({ 'node-red': z.object({ nodes: z.record(z.string(), z.string()) }) });
const Registration = z.object({ category: z.string(), paletteLabel: z.unknown().optional() });

/** What each registration script of an editor file tells the editor: run against a RED that only records. */
function registrations(html: string): Map<string, z.output<typeof Registration>> {
  const registered = new Map<string, z.output<typeof Registration>>();
  const validator = () => () => true;
  const RED = {
    nodes: { registerType: (type: string, definition: unknown) => registered.set(type, Registration.parse(definition)) },
    validators: { number: validator, regex: validator, typedInput: validator },
  };
  for (const [, script] of html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)) {
    runInNewContext(script!, { RED, $: () => undefined });
  }
  return registered;
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** A fragment of the help as Markdown: code stays code, other markup goes, entities are read. */
export function helpToMarkdown(html: string): string {
  return html
    .replace(/<code>([\s\S]*?)<\/code>/g, '`$1`')
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:quot|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

function section(html: string, attribute: 'data-template-name' | 'data-help-name', type: string): string {
  return new RegExp(`<script type="text/html" ${attribute}="${type}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? '';
}

/** The Operation choices of a node's form, each with its part of the help (`<h4>Label (<code>value</code>)</h4>`). */
function operationsOf(html: string, type: string): NodeRedOperation[] {
  const select = /<select id="node-input-operation"[^>]*>([\s\S]*?)<\/select>/.exec(section(html, 'data-template-name', type))?.[1] ?? '';
  const help = section(html, 'data-help-name', type);
  return [...select.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map(([, value, label]) => {
    const start = help.indexOf(`(<code>${value}</code>)</h4>`);
    const end = help.indexOf('<h4>', start + 1);
    const part = start === -1 ? '' : help.slice(start, end === -1 ? undefined : end);
    const paragraphs = [...part.matchAll(/<p>([\s\S]*?)<\/p>/g)].map(([, text]) => text!);
    const output = paragraphs.find((text) => text.startsWith('Output '));
    return {
      value: value!,
      label: helpToMarkdown(label!),
      description: helpToMarkdown(paragraphs[0] ?? ''),
      output: output === undefined ? undefined : helpToMarkdown(output.replace(/^Output <code>msg\.payload<\/code>:\s*/, '')),
    };
  });
}

/** Every node the package declares, in its package.json's order. */
export function readNodeRedNodes(repoRoot: string): NodeRedNode[] {
  const packageFolder = join(repoRoot, PACKAGE);
  const manifest = Manifest.parse(JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')));
  return Object.entries(manifest['node-red'].nodes).map(([type, path]) => {
    const file = join(packageFolder, path.replace(/\.js$/, '.html'));
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
    const html = readFileSync(file, 'utf8');
    const registration = registrations(html).get(type);
    if (registration === undefined) throw new Error(`${file} registers no node ${type}`);
    const paletteLabel = registration.paletteLabel;
    const label = typeof paletteLabel === 'string' ? paletteLabel : typeof paletteLabel === 'function' ? String(paletteLabel()) : type;
    const summary = /<p>([\s\S]*?)<\/p>/.exec(section(html, 'data-help-name', type))?.[1] ?? '';
    return {
      type,
      label,
      config: registration.category === 'config',
      summary: helpToMarkdown(summary),
      operations: operationsOf(html, type),
    };
  });
}
