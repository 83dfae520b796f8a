import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import {
  CreateRecordingRequest,
  Email,
  IsoDateOrDateTime,
  ListRecordingsRequest,
  MAX_PAGE_SIZE,
  RecordingAction,
  RecordingDirection,
  UpdateRecordingRequest,
  Uuid,
} from '@screenrec/core';
import { z } from 'zod';
import { DEFAULT_TOOL_TIMEOUT_SECONDS, MAX_TOOL_TIMEOUT_SECONDS } from './config';

// Every field a model fills comes from core's own schema (so the checks and their messages are core's), with a
// description written for the model that calls the tool.

export const RecordingId = Uuid.describe(
  "The recording's ID (a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c), as returned by find_recordings or create_recording_request.",
);

export const Tags = CreateRecordingRequest.shape.tags.unwrap();

export const Direction = RecordingDirection.describe(
  'REQUEST: ask another person to record their screen (they get a link). RESPONSE: a recording the workspace user makes themselves, to share.',
);

export const RecipientEmail = CreateRecordingRequest.shape.email
  .unwrap()
  .describe(
    'E-mail address of the person asked to record: ScreenRec sends them the invitation with the recording link. Leave out to send no e-mail.',
  );

export const NotifyEmails = z
  .array(Email)
  .describe('E-mail addresses ScreenRec notifies about this recording (for example the team that asked for it).');

export const Comment = CreateRecordingRequest.shape.comment
  .unwrap()
  .describe('Internal note kept with the recording; never shown to the person who records.');

export const Statuses = ListRecordingsRequest.shape.statuses
  .unwrap()
  .describe(
    'Only recordings in one of these states. NEW: not started; RECORDING, REVIEWING, PROCESSING: under way; COMPLETED: the video is ready.',
  );

export const Directions = ListRecordingsRequest.shape.directions
  .unwrap()
  .describe('Only recordings of these directions (REQUEST, RESPONSE).');

export const FilterTags = ListRecordingsRequest.shape.tags.unwrap().describe('Only recordings that carry at least one of these tags.');

export const CreatedFrom = IsoDateOrDateTime.describe(
  'Only recordings created on or after this date or date-time (ISO 8601, such as 2026-11-01 or 2026-11-01T09:00:00Z).',
);

export const CreatedTo = IsoDateOrDateTime.describe(
  'Only recordings created on or before this date (ISO 8601, such as 2026-11-30; the whole day counts).',
);

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

export const UpdateTags = UpdateRecordingRequest.shape.tags
  .unwrap()
  .describe(
    "The recording's new tags. They REPLACE all current tags: to add one, pass the current tags plus the new one. [] removes every tag.",
  );

export const UpdateComment = UpdateRecordingRequest.shape.comment
  .unwrap()
  .describe('The new internal note; replaces the current one. "" clears it.');

export const ExternalReference = RecordingAction.shape.recording.shape.externalReference.describe(
  'Your own identifier for this request (a ticket, order or conversation ID), kept with the recording so you can find it later.',
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
