import {
  NOTHING_TO_UPDATE_MESSAGE,
  NOT_FOUND_RECORDING,
  NOT_FOUND_VIDEO,
  TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  CREATED_NOT_LISTED_YET,
  createdIdLookupFailedMessage,
  describeFieldErrors,
  detailsLookupFailedMessage,
  foreignVideoLinkMessage,
  invalidInputMessage,
  refusedLookupFailedReason,
  REFUSED_NOT_CONFIRMED,
  unconfirmedLinkMessage,
  exampleRecording,
  INPUT_FIELDS,
  inputKey,
  RECORDING_FIELDS,
} from 'screenrec';
import { NOTHING_TO_CHANGE } from '../../packages/mcp-server/src/tools/update-recording';
import type { BehaviourCase, Exchange, VideoReadyCase } from './service';

// One behaviour table for Zapier, n8n, MCP and Node-RED (docs/architecture.md, "Same behaviour on every platform"):
// each row is a catalogue operation, what the user asks, what ScreenRec must receive, and what the user gets.
// zapier.test.ts, n8n.test.ts, mcp.test.ts and node-red.test.ts each run every row through their own fields;
// VIDEO_READY_CASES, for the triggers, run on Zapier and n8n. coverage.test.ts requires a row for every operation
// on every platform that offers it.
//
// One vocabulary: an output that IS a recording (Get, Find, Request, Update, Delete) keeps ScreenRec's names (`id`,
// …); an output about something else names it `recordingId` (Video Ready, Create Recording Link, Get Video URL).
// `detailsError` says why a recording's details are missing, `videoKey` is a video's stable identity, and
// `downloadError` why a video could not be fetched.

export const RECORDING_ID = RECORDING_FIELDS.id.example;
/** The user's time zone: the Zap's on Zapier, the workflow's on n8n (MCP and Node-RED take ISO dates as given). */
export const USER_TIME_ZONE = 'Europe/Berlin';
const PAGE_URL = RECORDING_FIELDS.url.example;
const REFERENCE = RECORDING_FIELDS.externalReference.example!;
const VIDEO_URL = `https://media.screenrec.example/videos/${RECORDING_ID}?expires=1795253400&signature=Zm9v`;

const page = (content: Array<Record<string, unknown>>) => ({ content, totalElements: content.length, totalPages: 1 });
const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' };

/** The one list call that reads a recording by its ID: how Get, Delete and Zapier's search by ID look it up. */
const readById = (content: Array<Record<string, unknown>>): Exchange => ({
  to: 'rest',
  method: 'POST',
  path: '/recordings/list',
  body: { ids: [RECORDING_ID], pageSize: 1 },
  status: 200,
  answer: page(content),
});

const update = (body: Record<string, unknown>, answer: Record<string, unknown>): Exchange => ({
  to: 'rest',
  method: 'PUT',
  path: `/recordings/${RECORDING_ID}`,
  body,
  status: 202,
  answer,
});

const createLink: Exchange = {
  to: 'hook',
  method: 'POST',
  body: { action: 'RECORDING', recording: { externalReference: REFERENCE, tags: ['support'] } },
  status: 200,
  answer: { url: PAGE_URL },
};
const newestPage = (status: number, answer: unknown): Exchange => ({
  to: 'rest',
  method: 'POST',
  path: '/recordings/list',
  body: { ...NEWEST_FIRST, first: 0, pageSize: 100 },
  status,
  answer,
});
/**
 * A Create Recording Link row: the step for REFERENCE tagged support, the create, then `lookup` (the ID lookup after
 * it), and the one item it outputs: the link and the input, with what the lookup found.
 */
const createLinkCase = (
  name: string,
  lookup: Exchange,
  found: { recordingId: string | null; status: string | null; detailsError: string | null },
): BehaviourCase => ({
  name,
  step: { operation: 'createRecordingLink', externalReference: REFERENCE, tags: ['support'] },
  exchanges: [createLink, lookup],
  outcome: { output: [{ ...found, url: PAGE_URL, externalReference: REFERENCE, tags: ['support'] }] },
});
/** The list call of a Find Recordings step: the filter, newest first, the 10 results the step asks for. */
const tenNewest = (filter: Record<string, unknown>, content: Array<Record<string, unknown>>): Exchange => ({
  to: 'rest',
  method: 'POST',
  path: '/recordings/list',
  body: { ...filter, ...NEWEST_FIRST, first: 0, pageSize: 10 },
  status: 200,
  answer: page(content),
});

/** A plain date sent as typed, without a time zone: how a platform without the user's zone sends it. */
const DATE_AS_GIVEN = {
  exchanges: [tenNewest({ createdDateFrom: '2026-11-01' }, [])],
  outcome: { output: [] },
};

const MCP_BLANK_TAG =
  "MCP refuses a blank tag instead of dropping it: a model's JSON has no empty rows, so a blank one is a mistake worth naming.";

export const CASES: BehaviourCase[] = [
  createLinkCase(
    "Create Recording Link outputs the link, the input, and the new recording's ID (recordingId) and status",
    newestPage(200, page([exampleRecording({ status: 'NEW', tags: ['support'] })])),
    { recordingId: RECORDING_ID, status: 'NEW', detailsError: null },
  ),
  createLinkCase(
    'Create Recording Link still succeeds when the ID lookup fails after the create: the link, and detailsError says why the ID is missing',
    newestPage(401, { message: 'Unauthorized' }),
    { recordingId: null, status: null, detailsError: createdIdLookupFailedMessage(UNAUTHORIZED_MESSAGE) },
  ),
  createLinkCase(
    'Create Recording Link whose new recording is not listed yet: the link, and detailsError says so',
    newestPage(200, page([])),
    { recordingId: null, status: null, detailsError: CREATED_NOT_LISTED_YET },
  ),
  {
    name: 'Request Recording sends tags trimmed and each once, and outputs the new recording',
    step: {
      operation: 'requestRecording',
      direction: 'REQUEST',
      email: 'ana@example.com',
      tags: [' support ', 'support', 'vip'],
      notificationEmails: ['team@example.com'],
      comment: 'VIP',
    },
    exchanges: [
      {
        to: 'rest',
        method: 'POST',
        path: '/recordings',
        body: {
          direction: 'REQUEST',
          email: 'ana@example.com',
          tags: ['support', 'vip'],
          notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
          comment: 'VIP',
        },
        status: 201,
        answer: exampleRecording({ status: 'NEW', tags: ['support', 'vip'], comment: 'VIP' }),
      },
    ],
    outcome: { output: [exampleRecording({ status: 'NEW', tags: ['support', 'vip'], comment: 'VIP' })] },
  },
  {
    name: 'Get outputs the recording, read with one list call by its ID',
    step: { operation: 'getRecording', recordingId: RECORDING_ID },
    exchanges: [readById([exampleRecording()])],
    outcome: { output: [exampleRecording()] },
  },
  {
    name: "Get of an unknown recording ID is NOT_FOUND (on Zapier's search: nothing found)",
    step: { operation: 'getRecording', recordingId: RECORDING_ID },
    exchanges: [readById([])],
    outcome: { failure: { code: 'NOT_FOUND', message: NOT_FOUND_RECORDING } },
  },
  {
    name: 'Lists are newest first',
    step: { operation: 'findRecordings', limit: 10 },
    exchanges: [
      tenNewest({}, [
        exampleRecording(),
        exampleRecording({ id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', createdDate: '2026-11-20T09:30:00.000Z' }),
      ]),
    ],
    outcome: {
      output: [
        exampleRecording(),
        exampleRecording({ id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', createdDate: '2026-11-20T09:30:00.000Z' }),
      ],
    },
  },
  {
    name: 'A list or search that matches nothing is an empty result, not an error',
    step: { operation: 'findRecordings', limit: 10, statuses: ['COMPLETED'], filterTags: ['nope'] },
    exchanges: [tenNewest({ statuses: ['COMPLETED'], tags: ['nope'] }, [])],
    outcome: { output: [] },
  },
  {
    name: "A date without a time zone is read in the user's time zone",
    step: { operation: 'findRecordings', limit: 10, createdDateFrom: '2026-11-01' },
    exchanges: [
      // Midnight in Berlin (UTC+1 in November); Zapier spells it 2026-11-01T00:00:00+01:00, n8n 2026-10-31T23:00:00Z.
      tenNewest({ createdDateFrom: '2026-10-31T23:00:00Z' }, []),
    ],
    outcome: { output: [] },
    mcp: { why: 'MCP has no user time zone: it passes an ISO 8601 date as given, which ScreenRec reads as UTC.', ...DATE_AS_GIVEN },
    nodeRed: { why: "Node-RED's date fields are ISO 8601 text passed as given, which ScreenRec reads as UTC.", ...DATE_AS_GIVEN },
  },
  {
    name: 'Get Video URL outputs the recording ID and a fresh temporary link',
    step: { operation: 'getVideoUrl', recordingId: RECORDING_ID },
    exchanges: [{ to: 'rest', method: 'GET', path: `/recordings/${RECORDING_ID}/presign`, status: 200, answer: { url: VIDEO_URL } }],
    outcome: { output: [{ recordingId: RECORDING_ID, videoUrl: VIDEO_URL }] },
  },
  {
    name: "Get Video URL of a recording without a video yet is NOT_FOUND (on Zapier's search: nothing found)",
    step: { operation: 'getVideoUrl', recordingId: RECORDING_ID },
    exchanges: [{ to: 'rest', method: 'GET', path: `/recordings/${RECORDING_ID}/presign`, status: 404, answer: { message: 'Not found' } }],
    outcome: { failure: { code: 'NOT_FOUND', message: NOT_FOUND_VIDEO, status: 404 } },
  },
  {
    name: 'Update with Tags replaces all the tags',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, newTags: ['resolved', 'support'] },
    exchanges: [update({ tags: ['resolved', 'support'] }, exampleRecording({ tags: ['resolved', 'support'] }))],
    outcome: { output: [exampleRecording({ tags: ['resolved', 'support'] })] },
  },
  {
    name: 'Update with empty Tags keeps the tags',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, newTags: [], newComment: 'Seen' },
    exchanges: [update({ comment: 'Seen' }, exampleRecording({ comment: 'Seen' }))],
    outcome: { output: [exampleRecording({ comment: 'Seen' })] },
    mcp: {
      why: 'On MCP, tags: [] is how a model asks to remove every tag (the tool description says so); leaving tags out keeps them.',
      exchanges: [update({ tags: [], comment: 'Seen' }, exampleRecording({ tags: [], comment: 'Seen' }))],
      outcome: { output: [exampleRecording({ tags: [], comment: 'Seen' })] },
    },
  },
  {
    name: 'Update with Remove All Tags removes every tag (MCP: tags [])',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, removeAllTags: true },
    exchanges: [update({ tags: [] }, exampleRecording({ tags: [] }))],
    outcome: { output: [exampleRecording({ tags: [] })] },
  },
  {
    name: 'Update with both Tags and Remove All Tags is refused before anything is sent',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, newTags: ['resolved'], removeAllTags: true },
    exchanges: [],
    outcome: { failure: { code: 'INVALID_INPUT', message: TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE } },
    mcp: { why: 'MCP has one tags field: [] removes every tag, so the contradiction cannot be asked.', notOffered: true },
  },
  {
    name: 'Update sends tags trimmed, without blanks and each once',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, newTags: [' resolved ', '', 'resolved', 'support'] },
    exchanges: [update({ tags: ['resolved', 'support'] }, exampleRecording({ tags: ['resolved', 'support'] }))],
    outcome: { output: [exampleRecording({ tags: ['resolved', 'support'] })] },
    mcp: {
      why: MCP_BLANK_TAG,
      exchanges: [],
      outcome: { failure: { code: 'INVALID_INPUT', message: invalidInputMessage('`tags.1`: must not be empty') } },
    },
  },
  {
    name: 'Update with nothing to change is refused before anything is sent',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, newComment: '  ' },
    exchanges: [],
    outcome: { failure: { code: 'INVALID_INPUT', message: NOTHING_TO_UPDATE_MESSAGE } },
    mcp: {
      why: 'MCP names its JSON fields: tags and comment (it has no Remove All Tags; a blank comment is one to set).',
      exchanges: [update({ comment: '  ' }, exampleRecording({ comment: '  ' }))],
      outcome: { output: [exampleRecording({ comment: '  ' })] },
    },
  },
  {
    name: 'Update with no field at all is refused before anything is sent',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID },
    exchanges: [],
    outcome: { failure: { code: 'INVALID_INPUT', message: NOTHING_TO_UPDATE_MESSAGE } },
    mcp: {
      why: 'MCP names its JSON fields: tags and comment (it has no Remove All Tags).',
      exchanges: [],
      outcome: { failure: { code: 'INVALID_INPUT', message: invalidInputMessage(describeFieldErrors(NOTHING_TO_CHANGE)) } },
    },
  },
  {
    name: 'Update of an unknown recording is NOT_FOUND',
    step: { operation: 'updateRecording', recordingId: RECORDING_ID, newComment: 'Seen' },
    exchanges: [
      {
        to: 'rest',
        method: 'PUT',
        path: `/recordings/${RECORDING_ID}`,
        body: { comment: 'Seen' },
        status: 404,
        answer: { message: 'Not found' },
      },
    ],
    outcome: { failure: { code: 'NOT_FOUND', message: NOT_FOUND_RECORDING, status: 404 } },
  },
  {
    name: 'Delete reads the recording first and outputs what was deleted',
    step: { operation: 'deleteRecording', recordingId: RECORDING_ID },
    exchanges: [readById([exampleRecording()]), { to: 'rest', method: 'DELETE', path: `/recordings/${RECORDING_ID}`, status: 204 }],
    outcome: { output: [{ ...exampleRecording(), deleted: true }] },
  },
  {
    name: 'Delete of an unknown recording is NOT_FOUND, and nothing is deleted',
    step: { operation: 'deleteRecording', recordingId: RECORDING_ID },
    exchanges: [readById([])],
    outcome: { failure: { code: 'NOT_FOUND', message: NOT_FOUND_RECORDING } },
  },
  {
    name: "Tag search outputs one item per tag, in ScreenRec's order",
    step: { operation: 'searchTags', query: 'sup' },
    exchanges: [
      {
        to: 'rest',
        method: 'GET',
        path: '/recordings/tags',
        query: { query: 'sup' },
        status: 200,
        answer: { result: ['Super-urgent', 'support'] },
      },
    ],
    outcome: { output: [{ tag: 'Super-urgent' }, { tag: 'support' }] },
  },
  {
    name: 'Tag search that matches nothing is an empty result',
    step: { operation: 'searchTags', query: 'zzz' },
    exchanges: [{ to: 'rest', method: 'GET', path: '/recordings/tags', query: { query: 'zzz' }, status: 200, answer: { result: [] } }],
    outcome: { output: [] },
  },
  {
    name: 'Tag search with a blank query finds nothing, without asking ScreenRec',
    step: { operation: 'searchTags', query: '  ' },
    exchanges: [],
    outcome: { output: [] },
    mcp: {
      why: 'MCP refuses a blank query, so a model asks again with text.',
      exchanges: [],
      outcome: { failure: { code: 'INVALID_INPUT', message: invalidInputMessage('`query`: must not be empty') } },
    },
    nodeRed: {
      why: 'Node-RED reads a blank field as one not filled in, and Tag Contains is required, so it names the field.',
      exchanges: [],
      outcome: {
        failure: {
          code: 'INVALID_INPUT',
          message: invalidInputMessage(
            `\`${INPUT_FIELDS.query.label}\` is required: fill it in, or set msg.payload.${inputKey('query', 'nodeRed')}`,
          ),
        },
      },
    },
  },
];

const VIDEO_KEY = VIDEO_URL.split('?')[0] ?? VIDEO_URL;
/** What ScreenRec signs afresh for a confirmed recording: the run carries this link, whatever link was posted. */
const FRESH_VIDEO_URL = `https://media.screenrec.example/videos/${RECORDING_ID}?expires=1795257000&signature=ZnJlc2g`;
const STORAGE_OBJECT_ID = '9c8b7a69-5847-4362-9150-a1b2c3d4e5f6';
/** An object-store link: its one UUID names a stored object, not a recording. */
const STORAGE_LINK = `https://storage.example.net/videos/${STORAGE_OBJECT_ID}.webm?X-Amz-Expires=600&X-Amz-Signature=abc`;
/** A link on the platform's own Service URL origin (`service`), which a run may carry unconfirmed. */
const serviceLink = (service: string) => `${service}/videos/${RECORDING_ID}?expires=1795253400&signature=Zm9v`;
const confirm = (ids: string[], status: number, answer: unknown): Exchange => ({
  to: 'rest',
  method: 'POST',
  path: '/recordings/list',
  body: { ids, pageSize: ids.length },
  status,
  answer,
});
const presign: Exchange = {
  to: 'rest',
  method: 'GET',
  path: `/recordings/${RECORDING_ID}/presign`,
  status: 200,
  answer: { url: FRESH_VIDEO_URL },
};

/** ScreenRec confirms RECORDING_ID and signs a fresh link: the item carries that link and the recording. */
const CONFIRMED_AND_FRESH: Pick<VideoReadyCase, 'exchanges' | 'item'> = {
  exchanges: [confirm([RECORDING_ID], 200, page([exampleRecording()])), presign],
  item: () => ({
    videoUrl: FRESH_VIDEO_URL,
    videoKey: VIDEO_KEY,
    linkConfirmed: true,
    recordingId: RECORDING_ID,
    recording: exampleRecording(),
    detailsError: null,
  }),
};

/** The Video Ready trigger on Zapier and n8n (MCP has none): the same item from the same notification, or no run. */
export const VIDEO_READY_CASES: VideoReadyCase[] = [
  {
    name: 'Video Ready gives the fresh link ScreenRec signs, its videoKey, the recordingId ScreenRec confirmed, and the recording',
    notification: () => ({ result: VIDEO_URL }),
    ...CONFIRMED_AND_FRESH,
  },
  {
    name: 'Video Ready of a forged post (a foreign link naming a real recording) carries only the fresh link ScreenRec gives',
    notification: () => ({ result: `https://forger.example.org/${RECORDING_ID}.webm?steal=1` }),
    ...CONFIRMED_AND_FRESH,
  },
  {
    name: "Video Ready whose lookup fails still starts the run for a link on the Service URL's origin, with the link and detailsError saying why",
    notification: (service) => ({ result: serviceLink(service) }),
    exchanges: [confirm([RECORDING_ID], 401, { message: 'Unauthorized' })],
    item: (service) => ({
      videoUrl: serviceLink(service),
      videoKey: serviceLink(service).split('?')[0]!,
      linkConfirmed: true,
      recordingId: null,
      detailsError: detailsLookupFailedMessage(UNAUTHORIZED_MESSAGE),
    }),
  },
  {
    name: 'Video Ready of a link on another host whose lookup fails still starts the run, flagged unconfirmed, with the reason',
    notification: () => ({ result: VIDEO_URL }),
    exchanges: [confirm([RECORDING_ID], 401, { message: 'Unauthorized' })],
    item: () => ({
      videoUrl: VIDEO_URL,
      videoKey: VIDEO_KEY,
      linkConfirmed: false,
      recordingId: null,
      detailsError: unconfirmedLinkMessage(refusedLookupFailedReason(UNAUTHORIZED_MESSAGE)),
    }),
  },
  {
    name: 'Video Ready of a link on another host that ScreenRec does not confirm still starts the run, flagged, and nothing is fetched',
    notification: () => ({ result: STORAGE_LINK }),
    download: true,
    exchanges: [confirm([STORAGE_OBJECT_ID], 200, page([]))],
    item: () => ({
      videoUrl: STORAGE_LINK,
      videoKey: STORAGE_LINK.split('?')[0]!,
      linkConfirmed: false,
      recordingId: null,
      detailsError: unconfirmedLinkMessage(REFUSED_NOT_CONFIRMED),
      downloadError: foreignVideoLinkMessage('storage.example.net'),
    }),
  },
  {
    name: "Video Ready of a plain http link off the Service URL's origin starts no run, and nothing is asked",
    notification: () => ({ result: `http://media.screenrec.example/videos/${RECORDING_ID}` }),
    exchanges: [],
    item: () => null,
  },
];
