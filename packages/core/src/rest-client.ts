import { z } from 'zod';
import { ForbiddenError, NotFoundError, ServiceError, UnauthorizedError, ValidationError, describeFieldErrors, type ScreenRecError } from './errors';
import { Exchange, parseJson, rateLimitedError, readAnswer, validateInput, type Answer, type ClientOptions } from './exchange';
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

export interface IterateOptions {
  /** Stop after this many recordings. */
  limit?: number;
  /** Keep only recordings created through the hook with this external reference (the list call has no such filter). */
  externalReference?: string;
}

interface RestCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
  idempotent: boolean;
  /** What a 404 means for this call, in the user's words. */
  notFound?: string;
}

const NOT_FOUND_RECORDING = 'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).';

/** The REST API of one workspace, with an API key. */
export class RestClient {
  private readonly exchange: Exchange;
  private readonly workspaceId: string;
  // A true private field: it stays out of JSON.stringify, util.inspect and any log of the client.
  readonly #apiKey: string;

  constructor(options: RestClientOptions) {
    this.workspaceId = validateInput(Uuid, options.workspaceId?.trim(), () => 'workspaceId');
    this.#apiKey = validateInput(z.string().trim().min(1, { error: "is required: create one in the dashboard's API section" }), options.apiKey, () => 'apiKey');
    this.exchange = new Exchange(options);
  }

  async createRecording(input: CreateRecordingRequest): Promise<Recording> {
    const body = validateInput(CreateRecordingRequest, input);
    return readAnswer(Recording, await this.call({ method: 'POST', path: '/recordings', body, idempotent: false }));
  }

  /** One page of recordings. */
  async listRecordings(filter: z.input<typeof ListRecordingsRequest> = {}): Promise<RecordingPage> {
    const body = validateInput(ListRecordingsRequest, filter);
    return readAnswer(RecordingPage, await this.call({ method: 'POST', path: '/recordings/list', body, idempotent: true }));
  }

  /** Every recording that matches, page after page at the largest page size. */
  async *iterateRecordings(filter: RecordingFilter = {}, options: IterateOptions = {}): AsyncGenerator<Recording> {
    const limit = validateInput(z.number().int().min(1).optional(), options.limit, () => 'limit');
    // With a client-side filter a page may hold few matches, so only then is the page size not cut to the limit.
    const pageSize = limit === undefined || options.externalReference !== undefined ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
    let yielded = 0;
    for (let first = 0, pagesRead = 0; ; ) {
      const page = await this.listRecordings({ ...filter, first, pageSize });
      pagesRead++;
      for (const recording of page.content) {
        if (options.externalReference !== undefined && recording.externalReference !== options.externalReference) continue;
        yield recording;
        if (++yielded === limit) return;
      }
      first += page.content.length;
      if (page.content.length < pageSize || pagesRead >= page.totalPages) return;
    }
  }

  /** Collects iterateRecordings into an array. */
  async collectRecordings(filter: RecordingFilter = {}, options: IterateOptions = {}): Promise<Recording[]> {
    const all: Recording[] = [];
    for await (const recording of this.iterateRecordings(filter, options)) all.push(recording);
    return all;
  }

  /** A fresh, temporary link to the recording's video. */
  async getVideoUrl(recordingId: string): Promise<string> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    const answer = await this.call({
      method: 'GET',
      path: `/recordings/${id}/presign`,
      idempotent: true,
      notFound: 'ScreenRec has no video for this recording: the recording does not exist in this workspace, or it has not been recorded yet.',
    });
    return readAnswer(PresignResponse, answer).url;
  }

  async updateRecording(recordingId: string, changes: UpdateRecordingRequest): Promise<Recording> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    const body = validateInput(UpdateRecordingRequest, changes);
    return readAnswer(Recording, await this.call({ method: 'PUT', path: `/recordings/${id}`, body, idempotent: true, notFound: NOT_FOUND_RECORDING }));
  }

  /** Tags used in the workspace that contain `query` (case-insensitive). A blank query matches nothing. */
  async searchTags(query: string): Promise<string[]> {
    const text = validateInput(z.string(), query, () => 'query');
    if (text.trim() === '') return [];
    const answer = await this.call({ method: 'GET', path: `/recordings/tags?query=${encodeURIComponent(text)}`, idempotent: true });
    return readAnswer(TagSearchResponse, answer).result;
  }

  /** Deletes the recording for good. */
  async deleteRecording(recordingId: string): Promise<void> {
    const id = validateInput(Uuid, recordingId, () => 'recordingId');
    await this.call({ method: 'DELETE', path: `/recordings/${id}`, idempotent: true, notFound: NOT_FOUND_RECORDING });
  }

  private async call(call: RestCall): Promise<Answer> {
    const answer = await this.exchange.send({
      method: call.method,
      url: `${this.exchange.baseUrl}/public/integration/${this.workspaceId}${call.path}`,
      headers: { authorization: `Bearer ${this.#apiKey}` },
      body: call.body,
      idempotent: call.idempotent,
      secret: this.#apiKey,
    });
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw restFailure(answer, call.notFound ?? NOT_FOUND_RECORDING);
  }
}

function restFailure(answer: Answer, notFound: string): ScreenRecError {
  const details = { status: answer.status };
  switch (answer.status) {
    case 401:
      return new UnauthorizedError(
        "The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect.",
        details,
      );
    case 403:
      return new ForbiddenError(
        "This API key may not use this workspace: API access is off for the workspace, or the key belongs to another workspace. Turn API access on in the dashboard's API section, or check the workspace ID.",
        details,
      );
    case 404:
      return new NotFoundError(notFound, details);
    case 429:
      return rateLimitedError(answer);
  }
  if (answer.status >= 500) {
    return new ServiceError(`ScreenRec had a server error (HTTP ${answer.status}). Try again in a few minutes.`, details);
  }
  const body = ValidationErrorBody.safeParse(parseJson(answer.text));
  const fieldErrors = body.success ? (body.data.errors ?? []) : [];
  const reason = fieldErrors.length > 0 ? describeFieldErrors(fieldErrors) : body.success ? body.data.message : `HTTP ${answer.status}`;
  return new ValidationError(`ScreenRec rejected the values sent (${reason}). Correct them and try again.`, { ...details, fieldErrors });
}
