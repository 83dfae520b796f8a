import {
  NEWEST_FIRST,
  createdRecordingDetails,
  recordingChanges,
  type CallOptions,
  type CreateRecordingRequest,
  type RecordingFilter,
} from '@screenrec/core';
import type { Connection } from './connection';
import type { FieldName, FieldValue } from './fields';

/** The values of one message's run: the operation's fields, each from msg.payload or else the editor, read and checked. */
export interface FieldValues {
  get<N extends FieldName>(name: N): FieldValue<N> | undefined;
}

export interface OperationSpec {
  label: string;
  /** One sentence for the editor's help. */
  description: string;
  /** Which ScreenRec interface it calls: the hook (backend token) or the REST API (API key). */
  uses: 'hook' | 'rest';
  /** Its fields in the order the form shows them, with what each means for this operation. */
  fields: Partial<Record<FieldName, string>>;
  /** Fields that must have a value. */
  required?: readonly FieldName[];
  /** What msg.payload holds afterwards, for the help. */
  output: string;
  run(values: FieldValues, connection: Connection, call: CallOptions): Promise<unknown>;
}

const TAGS_ON_NEW = 'Comma-separated labels to put on the recording, such as "onboarding, ticket-1234".';
const RECORDING_ID =
  "The recording's ID (a UUID). From a message, `msg.payload.recordingId`, or `msg.payload.id` (a recording as this node outputs it).";
/** The fields of an operation on one recording, by its ID. */
const ONE_RECORDING = { fields: { recordingId: RECORDING_ID }, required: ['recordingId'] } as const;
const RECORDING_OUT = 'The recording: `id`, `status`, `direction`, `tags`, `comment`, `externalReference`, `createdDate` and `url`.';

/**
 * Every operation of the action node, declared once: its behaviour, the editor's choices and form, and the help are
 * all made from this table (the build writes the editor's HTML from it). The names and labels are those of the n8n
 * node's operations.
 */
export const OPERATIONS = {
  create: {
    label: 'Create Recording Link',
    description:
      'Get the link of a new recording page, to send yourself (chat, ticket, e-mail) to the person who should record. ScreenRec sends no e-mail. Needs the Backend Token; with the Workspace ID and API Key it also outputs the recording ID.',
    uses: 'hook',
    fields: {
      externalReference:
        'Your own identifier for this request, such as a ticket, order or flow ID. It is stored on the recording, so Get Many can find the recording by it later.',
      tags: TAGS_ON_NEW,
    },
    required: ['externalReference'],
    output:
      '`url` (the page to share), `externalReference`, `tags`, and `recordingId` and `status` when the connection has the Workspace ID and API Key (else null, with `detailsError` saying why).',
    async run(values, connection, call) {
      const access = connection.hook('Create Recording Link');
      const externalReference = values.get('externalReference') ?? '';
      const tags = values.get('tags') ?? [];
      const client = await access.client(call);
      const { url } = await client.createRecordingLink({ externalReference, ...(tags.length > 0 ? { tags } : {}) }, call);
      const rest = connection.hasRest ? connection.rest('Create Recording Link') : undefined;
      const details = await createdRecordingDetails(rest, url, externalReference, call);
      return { ...details, url, externalReference, tags };
    },
  },
  request: {
    label: 'Request Recording by Email',
    description: 'Have ScreenRec e-mail someone an invitation to record their screen (or create a recording without e-mail).',
    uses: 'rest',
    fields: {
      email:
        'E-mail address of the person asked to record; ScreenRec sends them an invitation with the recording link. Leave empty to send no e-mail.',
      direction: 'Whether someone else records (Request) or you record your own screen (Response).',
      comment: 'An internal note, never shown to the person who records.',
      notificationEmails: 'Comma-separated addresses that ScreenRec notifies about this recording.',
      tags: TAGS_ON_NEW,
    },
    output: RECORDING_OUT,
    async run(values, connection, call) {
      const client = connection.rest('Request Recording by Email');
      const notifications = values.get('notificationEmails')?.map((value) => ({ type: 'EMAIL' as const, value }));
      const tags = values.get('tags');
      const request: CreateRecordingRequest = {
        direction: (values.get('direction') ?? 'REQUEST') as CreateRecordingRequest['direction'],
        ...defined({ email: values.get('email'), comment: values.get('comment'), tags, notifications }),
      };
      return client.requestRecording(request, call);
    },
  },
  get: {
    label: 'Get',
    description: 'Get one recording: status, tags, comment, external reference, creation date.',
    uses: 'rest',
    ...ONE_RECORDING,
    output: RECORDING_OUT,
    run: (values, connection, call) => connection.rest('Get').getRecording(values.get('recordingId') ?? '', call),
  },
  getAll: {
    label: 'Get Many',
    description: 'List recordings of the workspace, filtered by status, direction, tags, dates or IDs, newest first unless told otherwise.',
    uses: 'rest',
    fields: {
      returnAll: 'Whether to return all matching recordings or only up to Limit.',
      limit: 'The most recordings to return (when Return All is off).',
      statuses: 'Only recordings in one of these states (Completed recordings have a video).',
      directions: 'Only recordings with one of these directions.',
      tags: 'Comma-separated tags; a recording matches when it has at least one of them.',
      externalReference: 'Only recordings made by Create Recording Link with exactly this external reference.',
      ids: 'Comma-separated recording IDs (UUIDs).',
      userId: 'Only recordings made by this workspace user (a UUID).',
      createdDateFrom: 'Only recordings created at or after this time: an ISO 8601 date or date-time.',
      createdDateTo: 'Only recordings created up to this time (a plain date includes that whole day).',
      sortOrder: 'Order by creation time.',
    },
    output: 'An array of recordings, each as Get outputs it; empty when none matched.',
    async run(values, connection, call) {
      const client = connection.rest('Get Many');
      const filter: RecordingFilter = {
        sortField: NEWEST_FIRST.sortField,
        sortOrder: (values.get('sortOrder') ?? NEWEST_FIRST.sortOrder) as RecordingFilter['sortOrder'],
        ...defined({
          ids: nonEmpty(values.get('ids')),
          userId: values.get('userId'),
          statuses: nonEmpty(values.get('statuses')) as RecordingFilter['statuses'],
          directions: nonEmpty(values.get('directions')) as RecordingFilter['directions'],
          tags: nonEmpty(values.get('tags')),
          createdDateFrom: values.get('createdDateFrom'),
          createdDateTo: values.get('createdDateTo'),
        }),
      };
      const limit = values.get('returnAll') === true ? undefined : (values.get('limit') ?? 50);
      return client.collectRecordings(filter, { ...call, ...defined({ limit, externalReference: values.get('externalReference') }) });
    },
  },
  getVideoUrl: {
    label: 'Get Video URL',
    description: 'Get a fresh, temporary link to the video of a finished recording.',
    uses: 'rest',
    ...ONE_RECORDING,
    output: '`recordingId` and `videoUrl`; the link expires, so ask again rather than keeping it.',
    async run(values, connection, call) {
      const recordingId = values.get('recordingId') ?? '';
      return { recordingId, videoUrl: await connection.rest('Get Video URL').getVideoUrl(recordingId, call) };
    },
  },
  update: {
    label: 'Update',
    description: "Replace a recording's tags or internal comment, or remove all its tags.",
    uses: 'rest',
    fields: {
      recordingId: RECORDING_ID,
      tags: 'Comma-separated labels that replace all existing tags; left empty, the tags stay.',
      comment: 'The new internal note, which replaces the old one; left empty, the old one stays.',
      removeAllTags: 'Whether to remove every tag from the recording (leave Tags empty then).',
    },
    required: ['recordingId'],
    output: RECORDING_OUT,
    async run(values, connection, call) {
      const changes = recordingChanges({
        ...defined({ tags: values.get('tags'), comment: values.get('comment') }),
        removeAllTags: values.get('removeAllTags') === true,
      });
      return connection.rest('Update').updateRecording(values.get('recordingId') ?? '', changes, call);
    },
  },
  delete: {
    label: 'Delete',
    description: 'Delete a recording and its video for good, and output what was deleted.',
    uses: 'rest',
    ...ONE_RECORDING,
    output: 'The recording as it was, with `deleted: true`.',
    async run(values, connection, call) {
      const recording = await connection.rest('Delete').deleteRecording(values.get('recordingId') ?? '', call);
      return { ...recording, deleted: true };
    },
  },
  searchTags: {
    label: 'Search Tags',
    description: "Find the tags used on the workspace's recordings whose name contains the query (case-insensitive).",
    uses: 'rest',
    fields: { query: 'Part of a tag name (case-insensitive).' },
    required: ['query'],
    output: 'An array of the matching tags (texts).',
    run: (values, connection, call) => connection.rest('Search Tags').searchTags(values.get('query') ?? '', call),
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export const DEFAULT_OPERATION: OperationName = 'create';

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.hasOwn(OPERATIONS, value);
}

/** The fields an operation uses, in its order. */
export function fieldsOf(operation: OperationName): FieldName[] {
  return Object.keys(OPERATIONS[operation].fields) as FieldName[];
}

function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

function nonEmpty(list: string[] | undefined): string[] | undefined {
  return list === undefined || list.length === 0 ? undefined : list;
}
