import {
  DIRECTION_LABELS,
  INPUT_FIELDS,
  NEWEST_FIRST,
  STATUS_LABELS,
  SortOrder,
  inputKey,
  schemaKind,
  type InputField,
  type InputKind,
  type InputName,
  type InputValues,
} from 'screenrec';
import * as z from 'zod/v4';

/**
 * The action node's fields. Each catalogue input is a property of the node under the key Node-RED released for it
 * (inputKey), with the catalogue's label, help and example; how the editor offers it and how a message gives it (its
 * kind) follows from the input's schema. Node-RED's own fields (paging and order of Find Recordings) are declared here
 * the same way.
 */
export type FieldKind = Exclude<InputKind['kind'], 'date'> | 'json';

export interface Choice {
  value: string;
  label: string;
}

export interface FieldSpec {
  /** The node's property (what a saved flow holds) and its key in msg.payload. */
  property: string;
  /** What the value must be once read (the catalogue input's, or Node-RED's own). */
  schema: z.ZodType;
  label: string;
  help: string;
  kind: FieldKind;
  placeholder?: string;
  choices?: readonly Choice[];
  /** The editor's initial value. */
  initial: string | number | boolean | string[];
}

/** What a path may write for the connection's Workspace ID: the placeholder core's own path template uses. */
export const WORKSPACE_PLACEHOLDER = '{workspaceId}';

/** An HTTP header name (RFC 9110's token): anything else would fail in the transport, after the request was made. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A field of Node-RED's own: a catalogue input, or a JSON value (typed as JSON in the form, any value in a message). */
type OwnField = InputField & { json?: true };

/**
 * Node-RED's own fields, declared as the catalogue declares an input: the paging and order of Find Recordings (the
 * catalogue leaves them to each platform), and what Any Request sends.
 */
export const OWN_FIELDS = {
  returnAll: {
    schema: z.boolean().default(false),
    label: 'Return All',
    help: 'Whether to return all matching recordings or only up to Limit.',
    example: false,
  },
  limit: {
    schema: z.number().int().min(1).default(50),
    label: 'Limit',
    help: 'The most recordings to return (when Return All is off).',
    example: 50,
  },
  sortOrder: {
    schema: SortOrder.default(NEWEST_FIRST.sortOrder),
    label: 'Sort Order',
    help: 'Order by creation time.',
    example: 'Descending',
  },
  method: {
    schema: z.enum(['GET', 'POST', 'PUT', 'DELETE']).default('GET'),
    label: 'Method',
    help: 'The HTTP method. GET, PUT and DELETE are retried after a network failure, a 5xx or a 429; POST is sent once.',
    example: 'GET',
  },
  path: {
    schema: z.string().min(1),
    label: 'Path',
    help: `Where to send it: a path under the Service URL, such as /public/integration/${WORKSPACE_PLACEHOLDER}/recordings/tags (the workspace's REST API, which gets the API Key; ${WORKSPACE_PLACEHOLDER} stands for the connection's Workspace ID) or /public/webhooks/N8N (the automation hook, which gets the Backend Token); or a whole URL on the Service URL. Anything else gets no secret and is not sent.`,
    example: `/public/integration/${WORKSPACE_PLACEHOLDER}/recordings/tags`,
  },
  queryParameters: {
    schema: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()], { error: 'must be a text, a number or true/false' })),
    label: 'Query Parameters',
    help: "Added to the path's query, as an object of names and values (texts, numbers or true/false).",
    example: { query: 'onb' },
    json: true,
  },
  body: {
    schema: z.json(),
    label: 'Body',
    help: 'Sent as JSON (not with GET).',
    example: { action: 'PING' },
    json: true,
  },
  headers: {
    schema: z.record(z.string(), z.string({ error: 'must be a text' })).superRefine((headers, context) => {
      for (const [name, value] of Object.entries(headers)) {
        if (!HEADER_NAME.test(name))
          context.addIssue({ code: 'custom', path: [name], message: 'is no header name: use letters, digits and - only' });
        else if (/[\r\n]/.test(value)) context.addIssue({ code: 'custom', path: [name], message: 'must be one line' });
      }
    }),
    label: 'Headers',
    help: 'More request headers, as an object of names and texts. Authorization and x-service-token are refused: the node adds the secret the path gets.',
    example: { 'x-request-id': 'flow-1' },
    json: true,
  },
} as const satisfies Record<string, OwnField>;

export type OwnFieldName = keyof typeof OWN_FIELDS;
/** A field of an operation: a catalogue input, or one of Node-RED's own. */
export type FieldName = InputName | OwnFieldName;
/** A field's value once read and checked by its schema. */
export type FieldValues = InputValues<readonly InputName[]> & {
  [Name in OwnFieldName]?: z.output<(typeof OWN_FIELDS)[Name]['schema']>;
};

const CHOICE_LABELS: Readonly<Record<string, string>> = {
  ...STATUS_LABELS,
  ...DIRECTION_LABELS,
  Ascending: 'Oldest First',
  Descending: 'Newest First',
};

/** How the editor offers a field and a message may give it: core's kind, a date as text, each choice with its label. */
function kindOf(name: FieldName, schema: z.core.$ZodType): Pick<FieldSpec, 'kind' | 'choices'> {
  const read = schemaKind(schema, name);
  if (read.kind === 'date') return { kind: 'text' };
  if (read.kind !== 'choice' && read.kind !== 'choices') return { kind: read.kind };
  return { kind: read.kind, choices: read.choices.map((value) => ({ value, label: CHOICE_LABELS[value] ?? value })) };
}

const EMPTY: Record<FieldKind, FieldSpec['initial']> = {
  text: '',
  list: '',
  choice: '',
  choices: [],
  number: '',
  boolean: false,
  json: '',
};

function specOf(name: FieldName): FieldSpec {
  const input: OwnField = isOwnField(name) ? OWN_FIELDS[name] : INPUT_FIELDS[name];
  const { kind, choices } = input.json === true ? { kind: 'json' as const, choices: undefined } : kindOf(name, input.schema);
  const byDefault: unknown = input.schema.safeParse(undefined).data;
  const initial =
    typeof byDefault === 'string' || typeof byDefault === 'number' || typeof byDefault === 'boolean' ? byDefault : EMPTY[kind];
  const example: unknown = input.example;
  const placeholder =
    kind === 'json'
      ? JSON.stringify(example)
      : Array.isArray(example)
        ? example.join(', ')
        : typeof example === 'string'
          ? example
          : undefined;
  return {
    property: isOwnField(name) ? name : inputKey(name, 'nodeRed'),
    schema: input.schema,
    label: input.label,
    help: input.help,
    kind,
    ...(choices === undefined ? {} : { choices }),
    ...(placeholder === undefined || kind === 'choice' || kind === 'choices' ? {} : { placeholder }),
    initial,
  };
}

const specs = new Map<FieldName, FieldSpec>();

function isOwnField(name: FieldName): name is OwnFieldName {
  return Object.hasOwn(OWN_FIELDS, name);
}

export function fieldSpec(name: FieldName): FieldSpec {
  const spec = specs.get(name) ?? specOf(name);
  specs.set(name, spec);
  return spec;
}

/** What a value of each kind must be in `msg.payload`, for the message that names a malformed one. */
export const KIND_IN_MESSAGE: Record<FieldKind, string> = {
  text: 'must be a text',
  list: 'must be a list of texts, or one text of comma-separated values',
  choice: 'must be one of',
  choices: 'must be a list of (or one comma-separated text of)',
  number: 'must be a whole number of at least 1',
  boolean: 'must be true or false',
  json: 'must be JSON',
};
