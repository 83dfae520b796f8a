import * as z from 'zod/v4';
import { $ZodString } from 'zod/v4/core';
import { IsoDateOrDateTime } from '../wire/schemas.js';
import { INPUT_FIELDS, type InputName } from './inputs.js';

/**
 * What kind of form field an input is, read from its schema: one text, a list of texts, one or several of fixed
 * choices (the values the schema allows), a date, yes or no, a number. Every platform offers a kind in its own idiom
 * (n8n's parameter type, Node-RED's typed input, Zapier's list and choices) and reads the value back as that kind.
 */
export type InputKind =
  | { kind: 'text' }
  | { kind: 'list' }
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'choices'; choices: readonly string[] }
  | { kind: 'date' }
  | { kind: 'boolean' }
  | { kind: 'number' };

/**
 * The kind of a value `name` holds, under the wrappers that leave what is typed in as it is (a default, optional, a
 * cleaning step). A schema of no kind throws: offered as text, it would take values it then refuses.
 */
export function schemaKind(schema: z.core.$ZodType, name: string): InputKind {
  if (schema === IsoDateOrDateTime) return { kind: 'date' };
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return schemaKind(schema.unwrap(), name);
  if (schema instanceof z.ZodPipe) return schemaKind(schema.in, name);
  if (schema instanceof z.ZodEnum) return { kind: 'choice', choices: schema.options.map(String) };
  // The core class: a UUID or an e-mail address is a string format, which is no ZodString.
  if (schema instanceof $ZodString) return { kind: 'text' };
  if (schema instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (schema instanceof z.ZodNumber) return { kind: 'number' };
  const item = schema instanceof z.ZodArray ? schemaKind(schema.element, name) : undefined;
  if (item?.kind === 'text') return { kind: 'list' };
  if (item?.kind === 'choice') return { kind: 'choices', choices: item.choices };
  throw new Error(`${name}: no kind of form field takes its value (${item ? `a list of ${item.kind}` : schema._zod.def.type})`);
}

/** The kind of form field a catalogue input is. */
export function inputKind(name: InputName): InputKind {
  return schemaKind(INPUT_FIELDS[name].schema, name);
}
