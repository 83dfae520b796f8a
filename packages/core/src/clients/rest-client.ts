import * as z from 'zod/v4';
import { DeadlineError, NotFoundError } from '../errors/error-classes.js';
import { failureOfResponse } from '../errors/failure-table.js';
import {
  API_KEY_REQUIRED,
  HINT_NARROW_SEARCH,
  NOT_FOUND_RECORDING,
  NOT_FOUND_VIDEO,
  NOT_FOUND_WORKSPACE,
  referenceSearchSummary,
} from '../errors/messages.js';
import type { CallBounds, CallBoundsLabel, CallOptions } from '../transport/call-bounds.js';
import {
  FAILURE_STATUS,
  HEADER,
  REST_CALLS,
  TAG_QUERY_PARAMETER,
  bearer,
  isSuccess,
  restPath,
  workspaceApi,
  type RestCallName,
} from '../wire/protocol.js';
import { readResponse, validateInput } from '../errors/schema-checks.js';
import { RequestSender, type ClientOptions, type SentResponse } from '../transport/request-sender.js';
import { sendServiceRequest, type ServiceRequestSpec } from './raw-request.js';
import {
  CreateRecordingRequest,
  ListRecordingsRequest,
  MAX_PAGE_SIZE,
  NEWEST_FIRST,
  PresignResponse,
  Recording,
  RecordingPage,
  TagSearchResponse,
  UpdateRecordingRequest,
  Uuid,
} from '../wire/schemas.js';

export interface RestClientOptions extends ClientOptions {
  workspaceId: string;
  /** An API key created in the dashboard's API section. */
  apiKey: string;
}

export type RecordingFilter = Omit<z.input<typeof ListRecordingsRequest>, 'first' | 'pageSize'>;

export interface IterateOptions extends CallOptions {
  /** Stop after this many recordings. */
  limit?: number;
  /** Keep only recordings created through the hook with this external reference (the list call has no such filter). */
  externalReference?: string;
}

/** The criteria a search by external reference sends ScreenRec besides its window: always newest first. */
export type ReferenceSearchFilter = Omit<RecordingFilter, 'createdDateFrom' | 'sortField' | 'sortOrder'>;

export interface FindByReferenceOptions extends CallOptions {
  /** Only recordings created at or after this ISO 8601 date or date-time (the list call's createdDateFrom). */
  createdAfter?: string;
  /**
   * The other criteria (states, directions, tags, ids, createdDateTo), sent as list filters: the reference is
   * matched among the recordings ScreenRec returns for them, so the answer is the newest that meets them all.
   */
  filter?: ReferenceSearchFilter;
}

export interface ReferenceSearch {
  recording: Recording | null;
  /** false when the time budget cut the search short */
  complete: boolean;
  /** recordings looked at */
  scanned: number;
  /** one sentence for a user: what was searched, and why it stopped */
  summary: string;
}

interface RestRequest {
  /** Which of REST_CALLS it is: its method and path. */
  call: RestCallName;
  /** The recording a path with `{id}` names. */
  id?: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  idempotent: boolean;
  /** What a 404 means for this request, in the user's words; by default, that the workspace is not there. */
  notFound?: string;
  /** An answer other than 2xx that this request takes as done (see deleteRecording). */
  done?: (response: SentResponse) => boolean;
}

const LISTING: CallBoundsLabel = { doing: 'listing recordings', hint: HINT_NARROW_SEARCH };
const ExternalReference = z.string().trim().min(1, { error: 'must not be empty' });
/** What a search by reference sets itself: not criteria the user gave. */
const SEARCH_OWN_FIELDS: ReadonlySet<string> = new Set(['createdDateFrom', 'sortField', 'sortOrder']);
/** A search stops before the next page when less than this many times the slowest page's duration is left. */
const PAGE_TIME_MARGIN = 2;

/** The REST API of one workspace, with an API key. */
export class RestClient {
  private readonly sender: RequestSender;
  private readonly workspaceId: string;
  // A true private field: it stays out of JSON.stringify, util.inspect and any log of the client.
  readonly #apiKey: string;

  constructor(options: RestClientOptions) {
    this.workspaceId = validateInput(Uuid, options.workspaceId?.trim(), () => 'workspaceId');
    this.#apiKey = validateInput(z.string().trim().min(1, { error: API_KEY_REQUIRED }), options.apiKey, () => 'apiKey');
    this.sender = new RequestSender(options);
  }

  /**
   * Any request to the workspace's REST API (`/public/integration/<workspace ID>/…`), for what the client has no method
   * for: the API key goes with it, and nothing is sent elsewhere (see sendServiceRequest). Resolves with the answer's
   * parsed body; `options.onResponse` is told its status and headers.
   */
  async request(spec: ServiceRequestSpec, options?: CallOptions): Promise<unknown> {
    const credentials = { baseUrl: this.sender.baseUrl, workspaceId: this.workspaceId, apiKey: this.#apiKey };
    return sendServiceRequest(this.sender, credentials, spec, options);
  }

  /**
   * Requests a recording through the REST API: ScreenRec e-mails the invitation to `email` (and notifies
   * `notifications`) when given. Unlike the hook's createRecordingLink, the answer is the whole recording.
   */
  async requestRecording(input: CreateRecordingRequest, options?: CallOptions): Promise<Recording> {
    const body = validateInput(CreateRecordingRequest, input);
    const operation = this.sender.begin({ doing: 'creating the recording request' }, options);
    return readResponse(Recording, await this.call({ call: 'requestRecording', body, idempotent: false }, operation));
  }

  /** One page of recordings. `sortOrder: 'Descending'` is newest first. */
  async listRecordings(filter: z.input<typeof ListRecordingsRequest> = {}, options?: CallOptions): Promise<RecordingPage> {
    const body = validateInput(ListRecordingsRequest, filter);
    return this.list(body, this.sender.begin(LISTING, options));
  }

  /** One recording, by its id: NOT_FOUND when the workspace has none with it. */
  async getRecording(recordingId: string, options?: CallOptions): Promise<Recording> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId').toLowerCase();
    return this.recordingById(id, this.sender.begin({ doing: 'looking up the recording' }, options));
  }

  /**
   * Every recording that matches, page after page at the largest page size. Stops on a short page, when the
   * page count reaches what the totals allow (the smallest totals seen: a service whose totals grow is not
   * followed forever), or when a page adds no recording not already seen; a recording seen twice (the list
   * shifted while paging) is yielded once.
   */
  async *iterateRecordings(filter: RecordingFilter = {}, options: IterateOptions = {}): AsyncGenerator<Recording> {
    const limit = validateInput(z.number().int().min(1).optional(), options.limit, () => 'limit');
    const body = validateInput(ListRecordingsRequest, filter);
    const operation = this.sender.begin(LISTING, options);
    // With a client-side filter a page may hold few matches, so only then is the page size not cut to the limit.
    const pageSize = limit === undefined || options.externalReference !== undefined ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
    let yielded = 0;
    for await (const page of this.pages(body, pageSize, operation)) {
      for (const recording of page) {
        if (options.externalReference !== undefined && recording.externalReference !== options.externalReference) continue;
        yield recording;
        if (++yielded === limit) return;
      }
    }
  }

  /** Collects iterateRecordings into an array. */
  async collectRecordings(filter: RecordingFilter = {}, options: IterateOptions = {}): Promise<Recording[]> {
    const all: Recording[] = [];
    for await (const recording of this.iterateRecordings(filter, options)) all.push(recording);
    return all;
  }

  /**
   * The newest recording with this external reference that meets `filter`: newest first, stopping at the first
   * match, from `createdAfter` on. When the time budget runs short it stops before the deadline and says so
   * (`complete: false`) instead of failing; other failures (a rejected key, CANCELLED) are thrown.
   */
  async findRecordingByReference(externalReference: string, options: FindByReferenceOptions = {}): Promise<ReferenceSearch> {
    const reference = validateInput(ExternalReference, externalReference, () => 'externalReference');
    // Spread first, so a window or an order smuggled in with the criteria never wins over the search's own.
    const criteria = { ...options.filter, ...NEWEST_FIRST, createdDateFrom: options.createdAfter };
    const filter = validateInput(ListRecordingsRequest, criteria, (path) => (path === 'createdDateFrom' ? 'createdAfter' : path));
    const filtered = Object.entries(filter).some(([key, value]) => value !== undefined && !SEARCH_OWN_FIELDS.has(key));
    const operation = this.sender.begin({ doing: 'finding the recording by its external reference', hint: HINT_NARROW_SEARCH }, options);
    const started = operation.clock();
    let scanned = 0;
    let recording: Recording | null = null;
    let complete = true;
    const pages = this.pages(filter, MAX_PAGE_SIZE, operation);
    try {
      let slowestPageMs = 0;
      for (;;) {
        if (scanned > 0 && operation.timeLeft() < PAGE_TIME_MARGIN * slowestPageMs) {
          complete = false;
          break;
        }
        const pageStarted = operation.clock();
        const next = await pages.next();
        if (next.done === true) break;
        slowestPageMs = Math.max(slowestPageMs, operation.clock() - pageStarted);
        const match = next.value.findIndex((candidate) => candidate.externalReference === reference);
        scanned += match === -1 ? next.value.length : match + 1;
        if (match !== -1) {
          recording = next.value[match] ?? null;
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof DeadlineError)) throw error;
      complete = false;
    } finally {
      await pages.return(undefined);
    }
    const summary = referenceSearchSummary({
      externalReference: reference,
      ...(options.createdAfter === undefined ? {} : { createdAfter: options.createdAfter }),
      filtered,
      scanned,
      found: recording !== null,
      complete,
      elapsedMs: operation.clock() - started,
    });
    return { recording, complete, scanned, summary };
  }

  /**
   * The recording a hook RECORDING just made, among the newest (one list call, newest first): the one whose
   * page `url` is `pageUrl`, else the newest with `externalReference`; null when neither is there.
   */
  async findCreatedRecording(pageUrl: string, externalReference: string, options?: CallOptions): Promise<Recording | null> {
    const url = validateInput(z.string().trim().min(1, { error: 'must not be empty' }), pageUrl, () => 'pageUrl');
    const reference = validateInput(ExternalReference, externalReference, () => 'externalReference');
    const operation = this.sender.begin({ doing: 'looking up the new recording' }, options);
    const page = await this.list({ ...NEWEST_FIRST, first: 0, pageSize: MAX_PAGE_SIZE }, operation);
    return (
      page.content.find((recording) => recording.url !== undefined && sameUrl(recording.url, url)) ??
      page.content.find((recording) => recording.externalReference === reference) ??
      null
    );
  }

  /** A fresh, temporary link to the recording's video. */
  async getVideoUrl(recordingId: string, options?: CallOptions): Promise<string> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    const operation = this.sender.begin({ doing: 'fetching a link to the video' }, options);
    const answer = await this.call({ call: 'getVideoUrl', id, idempotent: true, notFound: NOT_FOUND_VIDEO }, operation);
    return readResponse(PresignResponse, answer).url;
  }

  async updateRecording(recordingId: string, changes: UpdateRecordingRequest, options?: CallOptions): Promise<Recording> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    const body = validateInput(UpdateRecordingRequest, changes);
    const operation = this.sender.begin({ doing: 'updating the recording' }, options);
    return readResponse(
      Recording,
      await this.call({ call: 'updateRecording', id, body, idempotent: true, notFound: NOT_FOUND_RECORDING }, operation),
    );
  }

  /** Tags used in the workspace that contain `query` (case-insensitive). A blank query matches nothing. */
  async searchTags(query: string, options?: CallOptions): Promise<string[]> {
    const text = validateInput(z.string(), query, () => 'query');
    if (text.trim() === '') return [];
    const operation = this.sender.begin({ doing: 'searching tags' }, options);
    const answer = await this.call({ call: 'searchTags', query: { [TAG_QUERY_PARAMETER]: text }, idempotent: true }, operation);
    return readResponse(TagSearchResponse, answer).result;
  }

  /**
   * Deletes the recording for good and returns it as it was: it is read first, since nothing of it can be read
   * afterwards. NOT_FOUND, with nothing deleted, when the workspace has no recording with this id.
   *
   * A DELETE whose answer was lost (the connection failed after ScreenRec had deleted the recording) is retried, and
   * the retry is answered 404. That 404 says the recording is gone, which is what was asked: the recording was there
   * when this operation read it, so the deletion is done and the recording is returned as it was, not NOT_FOUND.
   */
  async deleteRecording(recordingId: string, options?: CallOptions): Promise<Recording> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId').toLowerCase();
    const operation = this.sender.begin({ doing: 'deleting the recording' }, options);
    const recording = await this.recordingById(id, operation);
    await this.call({ call: 'deleteRecording', id, idempotent: true, notFound: NOT_FOUND_RECORDING, done: goneAfterLostAnswer }, operation);
    return recording;
  }

  /** There is no GET of one recording (docs/service-api.md): a list filtered by that id. */
  private async recordingById(id: string, operation: CallBounds): Promise<Recording> {
    const page = await this.list({ ids: [id], pageSize: 1 }, operation);
    const recording = page.content.find((candidate) => candidate.id.toLowerCase() === id);
    if (recording === undefined) throw new NotFoundError(NOT_FOUND_RECORDING);
    return recording;
  }

  private async list(body: z.output<typeof ListRecordingsRequest>, operation: CallBounds): Promise<RecordingPage> {
    return readResponse(RecordingPage, await this.call({ call: 'listRecordings', body, idempotent: true }, operation));
  }

  /** Pages of recordings not seen before, under one operation; see iterateRecordings for when it stops. */
  private async *pages(
    filter: z.output<typeof ListRecordingsRequest>,
    pageSize: number,
    operation: CallBounds,
  ): AsyncGenerator<Recording[]> {
    const seen = new Set<string>();
    let pageLimit = Infinity;
    let elementLimit = Infinity;
    for (let first = 0, pagesRead = 0; ; ) {
      const page = await this.list({ ...filter, first, pageSize }, operation);
      pagesRead++;
      pageLimit = Math.min(pageLimit, page.totalPages);
      elementLimit = Math.min(elementLimit, page.totalElements);
      const fresh: Recording[] = [];
      // One by one, so a recording listed twice within one page is yielded once too.
      for (const recording of page.content) {
        if (seen.has(recording.id)) continue;
        seen.add(recording.id);
        fresh.push(recording);
      }
      if (fresh.length > 0) yield fresh;
      first += page.content.length;
      if (fresh.length === 0 || page.content.length < pageSize || pagesRead >= pageLimit || first >= elementLimit) return;
    }
  }

  private async call(request: RestRequest, operation: CallBounds): Promise<SentResponse> {
    const apiKey = this.#apiKey;
    const response = await this.sender.send(
      {
        method: REST_CALLS[request.call].method,
        url: `${workspaceApi(this.sender.baseUrl, this.workspaceId)}${restPath(request.call, request.id, request.query)}`,
        headers: { [HEADER.authorization]: bearer(apiKey) },
        body: request.body,
        idempotent: request.idempotent,
        secret: apiKey,
      },
      operation,
    );
    if (isSuccess(response.status) || request.done?.(response) === true) return response;
    throw failureOfResponse(response, { action: 'REST', notFound: request.notFound ?? NOT_FOUND_WORKSPACE, secret: apiKey });
  }
}

/** A 404 to a retry after an attempt that got no answer: that attempt may have removed what is now not found. */
function goneAfterLostAnswer(response: SentResponse): boolean {
  return response.status === FAILURE_STATUS.notFound && response.unansweredAttempts > 0;
}

function sameUrl(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
