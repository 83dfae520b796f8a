import type { ToolAnnotations } from '@modelcontextprotocol/server';
import {
  INPUT_FIELDS,
  RECORDING_FIELDS,
  inputKey,
  type CatalogueOperation,
  type InputField,
  type InputName,
  type OperationEffects,
} from 'screenrec';
import * as z from 'zod';

// How MCP reads core's catalogue: a tool's title is the operation's name, its description the operation's summary and
// what it returns, its arguments the operation's inputs under the names MCP released, its hints the operation's effects.

type Inputs = typeof INPUT_FIELDS;

/** The argument name MCP released for an input: the catalogue's `keys.mcp`, else the input's own name. */
type McpKey<Name extends InputName> = Inputs[Name] extends { keys: { mcp: infer Key extends string } } ? Key : Name;

type ArgumentSchema<Name extends InputName, Required extends InputName> = Name extends Required
  ? Inputs[Name]['schema']
  : z.ZodOptional<Inputs[Name]['schema']>;

/** A tool's arguments for some inputs, keyed as MCP released them. */
type ToolShape<Names extends InputName, Required extends InputName> = {
  [Name in Names as McpKey<Name>]: ArgumentSchema<Name, Required>;
};

/**
 * The arguments for `names`: each is the catalogue's schema (its checks and messages are core's), described by the
 * catalogue's help unless MCP has a rule of its own to tell (`help`), optional unless `required` names it.
 */
export function toolShape<const Names extends readonly InputName[], const Required extends Names[number] = never>(
  names: Names,
  required: readonly Required[] = [],
  help: Partial<Record<Names[number], string>> = {},
): ToolShape<Names[number], Required> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const schema = describedInput(name, help[name as Names[number]]);
    shape[inputKey(name, 'mcp')] = (required as readonly InputName[]).includes(name) ? schema : schema.optional();
  }
  return shape as ToolShape<Names[number], Required>;
}

/**
 * What a tool takes from its operation as it is: the name MCP released, the operation's one name as its title, the
 * description (with `guidance` on how it fits with the other tools) and the hints.
 */
export function fromOperation(operation: CatalogueOperation, guidance?: string, openWorld = false) {
  return {
    name: toolName(operation),
    title: operation.name,
    description: toolDescription(operation, guidance),
    annotations: toolAnnotations(operation.effects, openWorld),
  };
}

/** The tool name MCP released for an operation. */
function toolName(operation: Pick<CatalogueOperation, 'name' | 'keys'>): string {
  const name = operation.keys.mcp;
  if (name === undefined) throw new Error(`${operation.name} is not offered on MCP: the catalogue gives it no MCP name`);
  return name;
}

/**
 * An input's schema, described by the catalogue's help in MCP's idiom (a model leaves an argument out, where a
 * person leaves a form field empty) unless MCP has its own words for it.
 */
export function describedInput<Name extends InputName>(name: Name, help?: string): Inputs[Name]['schema'] {
  const field: InputField = INPUT_FIELDS[name];
  return INPUT_FIELDS[name].schema.describe(help ?? field.help.replace(/\b(L|l)e(ave|ft) empty\b/g, '$1e$2 out'));
}

/**
 * The operation's effects as MCP's hints. openWorldHint is MCP's own: whether the tool reaches beyond ScreenRec
 * (an e-mail to someone), which the catalogue does not tell.
 */
function toolAnnotations(effects: OperationEffects, openWorld = false): Omit<ToolAnnotations, 'title'> {
  return {
    readOnlyHint: effects.readOnly,
    destructiveHint: effects.destructive,
    idempotentHint: effects.idempotent,
    openWorldHint: openWorld,
  };
}

/** What a model reads to choose the tool: what the operation does, what it gives back, then how it fits with the other tools. */
function toolDescription(operation: Pick<CatalogueOperation, 'summary' | 'returns'>, guidance?: string): string {
  const returns = `Returns ${operation.returns}.`;
  return [operation.summary, returns, ...(guidance === undefined ? [] : [guidance])].join(' ');
}

function isRecordingField(key: string): key is keyof typeof RECORDING_FIELDS {
  return Object.hasOwn(RECORDING_FIELDS, key);
}

/**
 * An output schema as advertised: every recording field, wherever it is in the result, described by the catalogue's
 * help unless the tool says something of its own about it.
 */
export function withFieldHelp(schema: z.ZodObject): z.ZodObject {
  const shape = Object.entries(schema.shape).map(([key, field]) => {
    const nested = withNestedHelp(field);
    return [key, nested.description === undefined && isRecordingField(key) ? nested.describe(RECORDING_FIELDS[key].help) : nested];
  });
  return keepDescription(schema, schema.extend(Object.fromEntries(shape)));
}

function withNestedHelp(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodObject) return withFieldHelp(field);
  if (field instanceof z.ZodArray && field.element instanceof z.ZodObject)
    return keepDescription(field, z.array(withFieldHelp(field.element)));
  return field;
}

/** A schema made from another keeps what the tool said about the original. */
function keepDescription<Schema extends z.ZodType>(original: z.ZodType, made: Schema): Schema {
  return original.description === undefined ? made : made.describe(original.description);
}
