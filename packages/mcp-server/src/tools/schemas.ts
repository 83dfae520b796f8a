import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { MAX_PAGE_SIZE } from 'screenrec';
import * as z from 'zod';
import { DEFAULT_TOOL_TIMEOUT_SECONDS, MAX_TOOL_TIMEOUT_SECONDS } from '../config';

// The arguments MCP has of its own, beside the catalogue's inputs (tools/catalogue.ts).

export const DEFAULT_FIND_LIMIT = 20;

export const Limit = z
  .number()
  .int()
  .min(1, { error: 'must be at least 1' })
  .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` })
  .default(DEFAULT_FIND_LIMIT)
  .describe(`How many recordings to return at most (1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_FIND_LIMIT}).`);

export const Cursor = z
  .string()
  .min(1, { error: 'must not be empty' })
  .describe(
    'To get the next page: the nextCursor of the previous find_recordings result, with the same filters. Leave out to start from the newest.',
  );

export const MaxWaitSeconds = z
  .number()
  .int()
  .min(1, { error: 'must be at least 1' })
  .max(MAX_TOOL_TIMEOUT_SECONDS, { error: `must be at most ${MAX_TOOL_TIMEOUT_SECONDS}` })
  .describe(
    'How long to wait at most, in seconds. Leave out to wait as long as one call may take here (SCREENREC_TOOL_TIMEOUT_SECONDS, ' +
      `${DEFAULT_TOOL_TIMEOUT_SECONDS} s unless set); a longer wait is cut to that limit.`,
  );

/**
 * A tool's schema as tools/list shows it, without the SDK's own check. For arguments, the SDK would answer with its
 * text ("Input validation error: Invalid arguments for tool …"), where ours is core's INVALID_INPUT message naming
 * the field, like every other failure a model reads (each tool checks its own: defineTool); results are parsed by
 * core with these same schemas already.
 */
export function advertisedSchema(schema: z.ZodObject): StandardSchemaWithJSON<unknown, unknown> {
  const { jsonSchema } = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'screenrec',
      validate: (value) => ({ value }),
      jsonSchema: {
        input: (options) => portableSchema(jsonSchema.input(options)),
        output: (options) => portableSchema(jsonSchema.output(options)),
      },
    },
  };
}

type JsonSchema = Record<string, unknown>;

// Where a JSON Schema holds further schemas: one, a list, or a map of them by name.
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'];
const SCHEMA_LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAP = ['properties', 'patternProperties', '$defs'];

/**
 * Zod's JSON Schema in the spelling every client takes, meaning the same: a loose object's extra fields as
 * `additionalProperties: true` (zod writes the empty schema `{}`, which strict checkers flag as constraining
 * nothing), and a nullable field as `anyOf` branches of one type each (zod writes `type: ["string", "null"]`, which
 * a client mapping tool schemas onto a one-type dialect, such as Gemini's function declarations, may reject).
 */
export function portableSchema(schema: JsonSchema): JsonSchema {
  const portable: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'type' && Array.isArray(value) && schema.anyOf === undefined) {
      if (value.length === 1) portable.type = value[0];
      else portable.anyOf = value.map((type: unknown) => ({ type }));
    } else if (keyword === 'additionalProperties' && isSchema(value) && Object.keys(value).length === 0) {
      portable.additionalProperties = true;
    } else if (ONE_SCHEMA.includes(keyword) && isSchema(value)) {
      portable[keyword] = portableSchema(value);
    } else if (SCHEMA_LIST.includes(keyword) && Array.isArray(value)) {
      portable[keyword] = value.map((item: unknown) => (isSchema(item) ? portableSchema(item) : item));
    } else if (SCHEMA_MAP.includes(keyword) && isSchema(value)) {
      portable[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, isSchema(item) ? portableSchema(item) : item]),
      );
    } else {
      portable[keyword] = value;
    }
  }
  return portable;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
