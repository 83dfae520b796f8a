import { z } from 'zod/v4';
import {
  DeadlineError,
  ForbiddenError,
  NotFoundError,
  ServiceError,
  UnauthorizedError,
  ValidationError,
  describeFieldErrors,
  type ScreenRecError,
} from './errors';
import { Exchange, parseJson, rateLimitedError, readAnswer, validateInput, type Answer, type ClientOptions } from './exchange';
import {
  API_KEY_REQUIRED,
  HINT_NARROW_SEARCH,
  NOT_FOUND_RECORDING,
  NOT_FOUND_VIDEO,
  REST_FORBIDDEN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  quoteServiceText,
  referenceSearchSummary,
  restValidationMessage,
  serverErrorMessage,
} from './messages';
import type { CallOptions, Operation, OperationLabel } from './operation';
import type { HttpMethod } from './transport';
import {
  CreateRecordingRequest,
  ListRecordingsRequest,
  MAX_PAGE_SIZE,
  PresignResponse,
  Recording,
  RecordingPage,
  TagSearchResponse,
  UpdateRecordingRequest,
  Uuid,
  ValidationErrorBody,
} from './schemas';

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

export interface FindByReferenceOptions extends CallOptions {
  /** Only recordings created at or after this ISO 8601 date or date-time (the list call's createdDateFrom). */
  createdAfter?: string;
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

interface RestCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
  idempotent: boolean;
  /** What a 404 means for this call, in the user's words. */
  notFound?: string;
}

const LISTING: OperationLabel = { doing: 'listing recordings', hint: HINT_NARROW_SEARCH };
const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' } as const;
const ExternalReference = z.string().trim().min(1, { error: 'must not be empty' });
/** The most of the service's field errors kept on a VALIDATION error. */
const MAX_FIELD_ERRORS = 20;
/** A search stops before the next page when less than this many times the slowest page's duration is left. */
const PAGE_TIME_MARGIN = 2;

/** The REST API of one workspace, with an API key. */
export class RestClient {
  private readonly exchange: Exchange;
  private readonly workspaceId: string;
  // A true private field: it stays out of JSON.stringify, util.inspect and any log of the client.
  readonly #apiKey: string;

  constructor(options: RestClientOptions) {
    this.workspaceId = validateInput(Uuid, options.workspaceId?.trim(), () => 'workspaceId');
    this.#apiKey = validateInput(z.string().trim().min(1, { error: API_KEY_REQUIRED }), options.apiKey, () => 'apiKey');
    this.exchange = new Exchange(options);
  }

  async createRecording(input: CreateRecordingRequest, options?: CallOptions): Promise<Recording> {
    const body = validateInput(CreateRecordingRequest, input);
    const operation = this.exchange.begin({ doing: 'creating the recording request' }, options);
    return readAnswer(Recording, await this.call({ method: 'POST', path: '/recordings', body, idempotent: false }, operation));
  }

  /** One page of recordings. `sortOrder: 'Descending'` is newest first. */
  async listRecordings(filter: z.input<typeof ListRecordingsRequest> = {}, options?: CallOptions): Promise<RecordingPage> {
    const body = validateInput(ListRecordingsRequest, filter);
    return this.list(body, this.exchange.begin(LISTING, options));
  }

  /** One recording, by its id: NOT_FOUND when the workspace has none with it. */
  async getRecording(recordingId: string, options?: CallOptions): Promise<Recording> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId').toLowerCase();
    const page = await this.list({ ids: [id], pageSize: 1 }, this.exchange.begin({ doing: 'looking up the recording' }, options));
    const recording = page.content.find((candidate) => candidate.id.toLowerCase() === id);
    if (recording === undefined) throw new NotFoundError(NOT_FOUND_RECORDING);
    return recording;
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
    const operation = this.exchange.begin(LISTING, options);
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
   * The newest recording with this external reference: newest first, stopping at the first match, from
   * `createdAfter` on. When the time budget runs short it stops before the deadline and says so
   * (`complete: false`) instead of failing; other failures (a rejected key, CANCELLED) are thrown.
   */
  async findRecordingByReference(externalReference: string, options: FindByReferenceOptions = {}): Promise<ReferenceSearch> {
    const reference = validateInput(ExternalReference, externalReference, () => 'externalReference');
    const filter = validateInput(ListRecordingsRequest, { ...NEWEST_FIRST, createdDateFrom: options.createdAfter }, (path) =>
      path === 'createdDateFrom' ? 'createdAfter' : path,
    );
    const operation = this.exchange.begin({ doing: 'finding the recording by its external reference', hint: HINT_NARROW_SEARCH }, options);
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
    const operation = this.exchange.begin({ doing: 'looking up the new recording' }, options);
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
    const operation = this.exchange.begin({ doing: 'fetching a link to the video' }, options);
    const answer = await this.call({ method: 'GET', path: `/recordings/${id}/presign`, idempotent: true, notFound: NOT_FOUND_VIDEO }, operation);
    return readAnswer(PresignResponse, answer).url;
  }

  async updateRecording(recordingId: string, changes: UpdateRecordingRequest, options?: CallOptions): Promise<Recording> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    const body = validateInput(UpdateRecordingRequest, changes);
    const operation = this.exchange.begin({ doing: 'updating the recording' }, options);
    return readAnswer(Recording, await this.call({ method: 'PUT', path: `/recordings/${id}`, body, idempotent: true, notFound: NOT_FOUND_RECORDING }, operation));
  }

  /** Tags used in the workspace that contain `query` (case-insensitive). A blank query matches nothing. */
  async searchTags(query: string, options?: CallOptions): Promise<string[]> {
    const text = validateInput(z.string(), query, () => 'query');
    if (text.trim() === '') return [];
    const operation = this.exchange.begin({ doing: 'searching tags' }, options);
    const answer = await this.call({ method: 'GET', path: `/recordings/tags?query=${encodeURIComponent(text)}`, idempotent: true }, operation);
    return readAnswer(TagSearchResponse, answer).result;
  }

  /** Deletes the recording for good. */
  async deleteRecording(recordingId: string, options?: CallOptions): Promise<void> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    const operation = this.exchange.begin({ doing: 'deleting the recording' }, options);
    await this.call({ method: 'DELETE', path: `/recordings/${id}`, idempotent: true, notFound: NOT_FOUND_RECORDING }, operation);
  }

  private async list(body: z.output<typeof ListRecordingsRequest>, operation: Operation): Promise<RecordingPage> {
    return readAnswer(RecordingPage, await this.call({ method: 'POST', path: '/recordings/list', body, idempotent: true }, operation));
  }

  /** Pages of recordings not seen before, under one operation; see iterateRecordings for when it stops. */
  private async *pages(filter: z.output<typeof ListRecordingsRequest>, pageSize: number, operation: Operation): AsyncGenerator<Recording[]> {
    const seen = new Set<string>();
    let pageLimit = Infinity;
    let elementLimit = Infinity;
    for (let first = 0, pagesRead = 0; ; ) {
      const page = await this.list({ ...filter, first, pageSize }, operation);
      pagesRead++;
      pageLimit = Math.min(pageLimit, page.totalPages);
      elementLimit = Math.min(elementLimit, page.totalElements);
      const fresh = page.content.filter((recording) => !seen.has(recording.id));
      for (const recording of fresh) seen.add(recording.id);
      if (fresh.length > 0) yield fresh;
      first += page.content.length;
      if (fresh.length === 0 || page.content.length < pageSize || pagesRead >= pageLimit || first >= elementLimit) return;
    }
  }

  private async call(call: RestCall, operation: Operation): Promise<Answer> {
    const answer = await this.exchange.send(
      {
        method: call.method,
        url: `${this.exchange.baseUrl}/public/integration/${this.workspaceId}${call.path}`,
        headers: { authorization: `Bearer ${this.#apiKey}` },
        body: call.body,
        idempotent: call.idempotent,
        secret: this.#apiKey,
      },
      operation,
    );
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw restFailure(answer, call.notFound ?? NOT_FOUND_RECORDING, this.#apiKey);
  }
}

function sameUrl(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

function restFailure(answer: Answer, notFound: string, secret: string): ScreenRecError {
  const details = { status: answer.status };
  switch (answer.status) {
    case 401:
      return new UnauthorizedError(UNAUTHORIZED_MESSAGE, details);
    case 403:
      return new ForbiddenError(REST_FORBIDDEN_MESSAGE, details);
    case 404:
      return new NotFoundError(notFound, details);
    case 429:
      return rateLimitedError(answer);
  }
  if (answer.status >= 500) return new ServiceError(serverErrorMessage(answer.status), details);
  const body = ValidationErrorBody.safeParse(parseJson(answer.text));
  // The service's own field errors are kept whole for the caller, but quoted in the message only in part.
  const fieldErrors = body.success ? (body.data.errors ?? []) : [];
  const reason = fieldErrors.length > 0 ? describeFieldErrors(fieldErrors) : body.success ? body.data.message : `HTTP ${answer.status}`;
  return new ValidationError(restValidationMessage(quoteServiceText(reason, [secret])), { ...details, fieldErrors: fieldErrors.slice(0, MAX_FIELD_ERRORS).map((e) => scrubField(e, secret)) });
}

function scrubField(error: { path: string; message: string }, secret: string): { path: string; message: string } {
  return { path: quoteServiceText(error.path, [secret]), message: quoteServiceText(error.message, [secret]) };
}
