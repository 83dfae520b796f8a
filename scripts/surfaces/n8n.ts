// The n8n package's nodes and the ScreenRec node's operations, read from the built package as n8n loads it: the nodes
// package.json lists (dist/nodes/<Name>/<Name>.node.js) and the output schemas beside them (__schema__/).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';

export interface N8nOperation {
  /** The resource's value and the name the editor shows for it. */
  resource: { value: string; name: string };
  /** The value a saved workflow stores. */
  value: string;
  name: string;
  description: string;
  /** The top-level fields of the output schema n8n's editor shows before a run, when the package has one. */
  output: string[] | undefined;
}

/** The credential's name, its title in n8n and the fields of its form. */
export interface N8nCredential {
  name: string;
  displayName: string;
  fields: string[];
}

export interface N8nPackage {
  nodes: N8nNode[];
  credentials: N8nCredential[];
}

export interface N8nNode {
  /** The node's name, as a saved workflow's node type names it (`n8n-nodes-screenrec.<name>`). */
  name: string;
  displayName: string;
  description: string;
  usableAsTool: boolean;
  operations: N8nOperation[];
}

const PACKAGE = 'packages/n8n-nodes-screenrec';
const Manifest = z.object({ n8n: z.object({ nodes: z.array(z.string()), credentials: z.array(z.string()) }) });
const Option = z.object({ name: z.string(), value: z.string(), description: z.string().optional() });
const Property = z.object({
  name: z.string(),
  options: z.array(z.unknown()).optional(),
  displayOptions: z.object({ show: z.record(z.string(), z.array(z.unknown()).optional()).optional() }).optional(),
});
const Description = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  version: z.union([z.number(), z.array(z.number())]),
  usableAsTool: z.boolean().optional(),
  properties: z.array(Property),
});
const Credential = z.object({
  name: z.string(),
  displayName: z.string(),
  properties: z.array(z.object({ displayName: z.string(), type: z.string() })),
});
/** Form entries that hold no value. */
const NO_VALUE = new Set(['notice', 'callout', 'button']);
const OutputSchema = z.object({ properties: z.record(z.string(), z.unknown()) });

type Description = z.output<typeof Description>;

/** An instance of the class a built file exports under its own name (`ScreenRec.node.js` exports `ScreenRec`). */
function instanceOf(file: string, suffix: string): unknown {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  const className = basename(file, suffix);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- n8n loads its nodes as CommonJS files, as here
  const exported: unknown = require(file);
  const ExportedClass = z.record(z.string(), z.unknown()).parse(exported)[className];
  if (typeof ExportedClass !== 'function') throw new Error(`${file} exports no class ${className}`);
  return Reflect.construct(ExportedClass, []);
}

function options(property: z.output<typeof Property> | undefined): z.output<typeof Option>[] {
  return z.array(Option).parse(property?.options ?? []);
}

/** The output schema the build writes for one operation, at the node's latest version (`v1.0.0` for version 1). */
function outputFields(nodeFolder: string, version: number, resource: string, operation: string): string[] | undefined {
  const [major = 0, minor = 0, patch = 0] = String(version).split('.').map(Number);
  const file = join(nodeFolder, '__schema__', `v${major}.${minor}.${patch}`, resource, `${operation}.json`);
  if (!existsSync(file)) return undefined;
  return Object.keys(OutputSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).properties);
}

function operationsOf(description: Description, nodeFolder: string): N8nOperation[] {
  const resources = options(description.properties.find((property) => property.name === 'resource'));
  const version = Math.max(...[description.version].flat());
  return resources.flatMap((resource) => {
    const operation = description.properties.find(
      (property) => property.name === 'operation' && (property.displayOptions?.show?.resource ?? []).includes(resource.value),
    );
    return options(operation).map((option) => ({
      resource: { value: resource.value, name: resource.name },
      value: option.value,
      name: option.name,
      description: option.description ?? '',
      output: outputFields(nodeFolder, version, resource.value, option.value),
    }));
  });
}

function readNode(file: string): N8nNode {
  const description = Description.parse(z.object({ description: z.unknown() }).parse(instanceOf(file, '.node.js')).description);
  return {
    name: description.name,
    displayName: description.displayName,
    description: description.description,
    usableAsTool: description.usableAsTool === true,
    operations: operationsOf(description, dirname(file)),
  };
}

function readCredential(file: string): N8nCredential {
  const credential = Credential.parse(instanceOf(file, '.credentials.js'));
  return {
    name: credential.name,
    displayName: credential.displayName,
    fields: credential.properties.filter((property) => !NO_VALUE.has(property.type)).map((property) => property.displayName),
  };
}

/** Every node and credential the package declares, in its package.json's order. */
export function readN8nPackage(repoRoot: string): N8nPackage {
  const packageFolder = join(repoRoot, PACKAGE);
  const { n8n } = Manifest.parse(JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')));
  return {
    nodes: n8n.nodes.map((path) => readNode(join(packageFolder, path))),
    credentials: n8n.credentials.map((path) => readCredential(join(packageFolder, path))),
  };
}
