import * as z from 'zod/v4';
import type { CallOptions } from '../transport/call-bounds.js';
import type { ServiceInterface } from '../wire/protocol.js';
import { createdRecordingDetails } from '../clients/created-recording.js';
import type { HookClient } from '../clients/hook-client.js';
import type { RestClient } from '../clients/rest-client.js';
import { givenTexts, recordingChanges } from './recording-input.js';
import {
  PresignResponse,
  RECORDING_TEXT_FIELD_KEYS,
  Recording,
  RecordingAnswer,
  TagSearchResponse,
  VideoReadyNotification,
} from '../wire/schemas.js';
import { INPUT_FIELDS, NEW_TEXT_INPUT_NAMES, newTextInputName, type InputName } from './inputs.js';
import type { Platform } from './platforms.js';

/** What an operation does to the service, for the platforms that tell an agent or a user (MCP annotations, confirmations). */
export interface OperationEffects {
  /** It changes nothing. */
  readOnly: boolean;
  /** It removes or overwrites what cannot be brought back. */
  destructive: boolean;
  /** Doing it twice with the same input has the effect of doing it once. */
  idempotent: boolean;
}

/** The values of an operation's inputs, once read and checked. */
export type InputValues<Inputs extends readonly InputName[]> = {
  [Name in Inputs[number]]?: z.output<(typeof INPUT_FIELDS)[Name]['schema']>;
};

/**
 * The clients an operation's call gets from the platform's connection. `rest` and `hook` fail with the platform's
 * own "not configured" error when the connection lacks that interface's secret; `restIfSetUp` gives undefined then,
 * for a call that only adds to its answer with it.
 */
export interface OperationClients {
  rest(): RestClient;
  hook(): HookClient | Promise<HookClient>;
  restIfSetUp(): RestClient | undefined;
}

/** What an operation's call gives: one output item, or (`many`) a list of them. */
export type Performed<Output extends z.ZodType, Many extends boolean> = Many extends true ? z.input<Output>[] : z.input<Output>;

/**
 * One operation, declared once. Every platform shows it under `name` (in its own idiom: a Zapier search reads
 * "Find …", an n8n operation leaves out its resource), offers `inputs` with the catalogue's labels and help, and
 * outputs `output` per item. `keys` are what each platform released it as: they never change.
 */
export interface CatalogueOperation<
  Inputs extends readonly InputName[] = readonly InputName[],
  Output extends z.ZodType = z.ZodType,
  Many extends boolean = boolean,
> {
  name: string;
  /** What it is about: the Zapier noun, the n8n resource. */
  noun: 'Recording' | 'Video' | 'Tag' | 'Request';
  /** One sentence: what it does. */
  summary: string;
  /** One sentence: what it gives back, for a model reading a tool's description. */
  returns: string;
  uses: ServiceInterface | 'both';
  kind: 'action' | 'trigger';
  inputs: Inputs;
  required: readonly Inputs[number][];
  /** One output item. */
  output: Output;
  /** The call gives a list of output items (each platform shows them in its idiom: items, results, an array). */
  many?: Many;
  effects: OperationEffects;
  keys: Partial<Record<Platform, string>>;
  /**
   * The core call, where it is the same on every platform (REST or hook, one item or many): every platform derives the
   * operation from it. Irregular operations (paging, waiting, triggers) are written out by each platform.
   */
  perform?: (clients: OperationClients, input: InputValues<Inputs>, call: CallOptions) => Promise<Performed<Output, Many>>;
}

function operation<const Inputs extends readonly InputName[], Output extends z.ZodType, const Many extends boolean = false>(
  spec: CatalogueOperation<Inputs, Output, Many>,
): CatalogueOperation<Inputs, Output, Many> {
  return spec;
}

const READS: OperationEffects = { readOnly: true, destructive: false, idempotent: true };
const CREATES: OperationEffects = { readOnly: false, destructive: false, idempotent: false };
const RECORDING_RETURNED =
  'the recording: id, status, direction, tags, comment, externalReference, createdDate and url (its recording page)';

/** What a recording ID needs: nothing else is given. */
const ONE_RECORDING = ['recordingId'] as const;

export const OPERATIONS = {
  createRecordingLink: operation({
    name: 'Create Recording Link',
    noun: 'Recording',
    summary:
      'Gets the link of a new recording page, to send yourself (chat, ticket, e-mail) to the person who should record; ScreenRec sends no e-mail.',
    returns:
      'the link to the recording page (url), and the new recording ID (null with detailsError saying why when it could not be looked up)',
    uses: 'hook',
    kind: 'action',
    inputs: ['externalReference', 'tags'],
    required: ['externalReference'],
    output: z.object({
      url: RecordingAnswer.shape.url,
      recordingId: Recording.shape.id.nullable(),
      status: Recording.shape.status.nullable(),
      detailsError: z.string().nullable(),
      externalReference: z.string(),
      tags: z.array(z.string()),
    }),
    effects: CREATES,
    keys: { zapier: 'creates.createRecording', n8n: 'recording.create', mcp: 'create_recording_link', nodeRed: 'create' },
    // The hook answers only the page link; with REST credentials the new recording is looked up for its ID and status,
    // and a failed lookup becomes detailsError: the recording exists, and a retried step would make a second one.
    perform: async (clients, input, call) => {
      const externalReference = input.externalReference ?? '';
      const tags = input.tags ?? [];
      const hook = await clients.hook();
      const { url } = await hook.createRecordingLink({ externalReference, ...(tags.length > 0 ? { tags } : {}) }, call);
      const details = await createdRecordingDetails(clients.restIfSetUp(), url, externalReference, call);
      return { ...details, url, externalReference, tags };
    },
  }),
  requestRecording: operation({
    name: 'Request Recording by Email',
    noun: 'Recording',
    summary: 'Creates a recording and, when an invite e-mail is given, e-mails that person an invitation to record their screen.',
    returns: `${RECORDING_RETURNED}; its status is NEW until someone records`,
    uses: 'rest',
    kind: 'action',
    inputs: ['direction', 'email', 'tags', 'notificationEmails', ...RECORDING_TEXT_FIELD_KEYS],
    required: [],
    output: Recording,
    effects: CREATES,
    keys: { zapier: 'creates.requestRecording', n8n: 'recording.request', mcp: 'create_recording_request', nodeRed: 'request' },
    perform: (clients, input, call) =>
      clients.rest().requestRecording(
        {
          direction: input.direction ?? 'REQUEST',
          ...(input.email === undefined ? {} : { email: input.email }),
          ...(input.tags === undefined || input.tags.length === 0 ? {} : { tags: input.tags }),
          ...(input.notificationEmails === undefined || input.notificationEmails.length === 0
            ? {}
            : { notifications: input.notificationEmails.map((value) => ({ type: 'EMAIL' as const, value })) }),
          ...givenTexts(input),
        },
        call,
      ),
  }),
  getRecording: operation({
    name: 'Get Recording',
    noun: 'Recording',
    summary: 'Gets one recording by its ID: status, tags, comment, external reference and creation date.',
    returns: RECORDING_RETURNED,
    uses: 'rest',
    kind: 'action',
    inputs: ONE_RECORDING,
    required: ONE_RECORDING,
    output: Recording,
    effects: READS,
    keys: { n8n: 'recording.get', mcp: 'get_recording', nodeRed: 'get' },
    perform: (clients, input, call) => clients.rest().getRecording(input.recordingId ?? '', call),
  }),
  findRecordings: operation({
    name: 'Find Recordings',
    noun: 'Recording',
    summary: "Lists the workspace's recordings, newest first, filtered by status, direction, tags, creation date or external reference.",
    returns: 'one result per recording, each as Get Recording gives it; none when nothing matched',
    uses: 'rest',
    kind: 'action',
    inputs: ['statuses', 'directions', 'filterTags', 'createdDateFrom', 'createdDateTo', 'filterReference', 'ids', 'userId'],
    required: [],
    output: Recording,
    effects: READS,
    keys: { zapier: 'searches.findRecording', n8n: 'recording.getAll', mcp: 'find_recordings', nodeRed: 'getAll' },
  }),
  getVideoUrl: operation({
    name: 'Get Video URL',
    noun: 'Video',
    summary: "Gets a fresh, temporary link to a finished recording's video.",
    returns: 'recordingId and videoUrl; the link expires, so ask again rather than keeping it',
    uses: 'rest',
    kind: 'action',
    inputs: ONE_RECORDING,
    required: ONE_RECORDING,
    output: z.object({ recordingId: Recording.shape.id, videoUrl: PresignResponse.shape.url }),
    effects: READS,
    keys: { zapier: 'searches.getVideoUrl', n8n: 'recording.getVideoUrl', mcp: 'get_video_url', nodeRed: 'getVideoUrl' },
    perform: async (clients, input, call) => {
      const recordingId = input.recordingId ?? '';
      return { recordingId, videoUrl: await clients.rest().getVideoUrl(recordingId, call) };
    },
  }),
  updateRecording: operation({
    name: 'Update Recording',
    noun: 'Recording',
    summary: "Replaces a recording's tags or text fields, or removes all its tags.",
    returns: `the updated recording: ${RECORDING_RETURNED.replace('the recording: ', '')}`,
    uses: 'rest',
    kind: 'action',
    inputs: ['recordingId', 'newTags', ...NEW_TEXT_INPUT_NAMES, 'removeAllTags'],
    required: ONE_RECORDING,
    output: Recording,
    effects: { readOnly: false, destructive: true, idempotent: true },
    keys: { zapier: 'creates.updateRecording', n8n: 'recording.update', mcp: 'update_recording', nodeRed: 'update' },
    perform: (clients, input, call) => {
      // Checked before anything is sent: a refused update names the fields.
      const changes = recordingChanges({
        ...(input.newTags === undefined ? {} : { tags: input.newTags }),
        ...Object.fromEntries(RECORDING_TEXT_FIELD_KEYS.map((key) => [key, input[newTextInputName(key)]])),
        removeAllTags: input.removeAllTags === true,
      });
      return clients.rest().updateRecording(input.recordingId ?? '', changes, call);
    },
  }),
  deleteRecording: operation({
    name: 'Delete Recording',
    noun: 'Recording',
    summary: 'Deletes a recording and its video for good, and gives back what was deleted.',
    returns: 'the recording as it was, with deleted: true',
    uses: 'rest',
    kind: 'action',
    inputs: ONE_RECORDING,
    required: ONE_RECORDING,
    output: Recording.extend({ deleted: z.literal(true) }),
    // Deleting again changes nothing more (the second call only finds it gone): core retries it as idempotent.
    effects: { readOnly: false, destructive: true, idempotent: true },
    keys: { zapier: 'creates.deleteRecording', n8n: 'recording.delete', mcp: 'delete_recording', nodeRed: 'delete' },
    perform: async (clients, input, call) => ({
      ...(await clients.rest().deleteRecording(input.recordingId ?? '', call)),
      deleted: true as const,
    }),
  }),
  searchTags: operation({
    name: 'Search Tags',
    noun: 'Tag',
    summary: "Finds the tags used on the workspace's recordings whose name contains the text given (case-insensitive).",
    returns: 'the matching tags, each once',
    uses: 'rest',
    kind: 'action',
    inputs: ['query'],
    required: ['query'],
    output: z.object({ tag: TagSearchResponse.shape.result.element }),
    many: true,
    effects: READS,
    keys: { zapier: 'searches.findTags', n8n: 'tag.search', mcp: 'search_tags', nodeRed: 'searchTags' },
    perform: async (clients, input, call) => (await clients.rest().searchTags(input.query ?? '', call)).map((tag) => ({ tag })),
  }),
  anyRequest: operation({
    name: 'Any Request',
    noun: 'Request',
    summary:
      "Sends any request to the ScreenRec service (method, path, query and body), for what no other operation wraps, with the connection's secret for that path alone: the API Key to the workspace's REST API, the Backend Token to the automation hook, nothing elsewhere.",
    returns: "the service's answer: its body (parsed JSON, or text), status code and headers",
    uses: 'both',
    kind: 'action',
    inputs: [],
    required: [],
    // Whatever the service answers: Node-RED puts its body on msg.payload, its status and headers beside it.
    output: z.looseObject({}),
    // It may be any call: nothing is promised of its effects.
    effects: { readOnly: false, destructive: true, idempotent: false },
    keys: { nodeRed: 'anyRequest' },
  }),
  waitForVideo: operation({
    name: 'Wait for Video',
    noun: 'Video',
    summary: "Waits until a recording's video is ready, then gives the recording and the video's link.",
    returns: 'the recording once COMPLETED, with videoUrl; or why the wait ended before',
    uses: 'both',
    kind: 'action',
    inputs: ONE_RECORDING,
    required: ONE_RECORDING,
    output: Recording.extend({ videoUrl: PresignResponse.shape.url }),
    effects: READS,
    keys: { n8n: 'recording.waitForVideo', mcp: 'wait_for_recording', nodeRed: 'screenrec-wait' },
  }),
  videoReady: operation({
    name: 'Video Ready',
    noun: 'Video',
    summary: "Starts when a recording's video is ready, with the video's link and the recording.",
    returns: "the video's link and, when it can be looked up, the recording",
    uses: 'both',
    kind: 'trigger',
    inputs: [],
    required: [],
    output: z.object({
      videoUrl: VideoReadyNotification.shape.result,
      // False for a posted link on another host that ScreenRec did not confirm: passed on, never fetched.
      linkConfirmed: z.boolean(),
      recordingId: Recording.shape.id.nullable(),
    }),
    effects: READS,
    keys: { zapier: 'triggers.videoReady', n8n: 'screenRecTrigger', nodeRed: 'screenrec-video-ready' },
  }),
  newRecording: operation({
    name: 'New Recording',
    noun: 'Recording',
    summary: 'Starts when a recording is created in the workspace.',
    returns: RECORDING_RETURNED,
    uses: 'rest',
    kind: 'trigger',
    inputs: [],
    required: [],
    output: Recording,
    effects: READS,
    keys: { zapier: 'triggers.newRecording', n8n: 'screenRecNewRecordingTrigger' },
  }),
} as const;

export type OperationName = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** The operation a platform released under `key`, if any. */
export function operationByKey(platform: Platform, key: string): OperationName | undefined {
  return OPERATION_NAMES.find((name) => (OPERATIONS[name] as CatalogueOperation).keys[platform] === key);
}
