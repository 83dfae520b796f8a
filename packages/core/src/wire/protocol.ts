/**
 * Where the service listens and how requests are marked (docs/service-api.md): the one place a path or a header name is
 * spelled. Platform packages never build a ScreenRec URL or header themselves.
 */

/** The methods the service's API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Header names, lower-case as transports hand them over. */
export const HEADER = {
  accept: 'accept',
  authorization: 'authorization',
  contentType: 'content-type',
  retryAfter: 'retry-after',
  serviceToken: 'x-service-token',
} as const;

export const JSON_MEDIA_TYPE = 'application/json';

/**
 * Which of ScreenRec's two interfaces a call uses: the automation hook (backend token) or the REST API (API key).
 * The same error code points at a different setting on each.
 */
export type ServiceInterface = 'hook' | 'rest';

/** Where the automation hook listens, relative to the base address; every action is POSTed here. */
export const HOOK_PATH = '/public/webhooks/{provider}';
/** Where one workspace's REST API is, relative to the base address; REST_CALLS' paths are relative to it. */
export const WORKSPACE_API_PATH = '/public/integration/{workspaceId}';

/** A path template with each `{name}` replaced by its value (ids and providers are validated before they get here). */
function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

/** The automation-hook endpoint of one provider. */
export function hookEndpoint(baseUrl: string, provider: string): string {
  return `${baseUrl}${fillPath(HOOK_PATH, { provider })}`;
}

/** The REST API of one workspace; REST_CALLS' paths are relative to it. */
export function workspaceApi(baseUrl: string, workspaceId: string): string {
  return `${baseUrl}${fillPath(WORKSPACE_API_PATH, { workspaceId })}`;
}

export interface RestCall {
  method: HttpMethod;
  /** Relative to WORKSPACE_API_PATH; `{id}` is a recording's id. */
  path: string;
  /** The status of a success. */
  success: number;
  /** What docs/openapi.json says of the call, and the names of its body's and its answer's schemas in schemas.ts. */
  summary: string;
  description: string;
  request?: string;
  /** The list treats no body as `{}`; every other body is required. */
  bodyOptional?: true;
  /** The call's one required query parameter: its name and what it holds. */
  query?: { name: string; description: string };
  answer?: string;
  answerDescription: string;
}

/** The tag search's one query parameter. */
export const TAG_QUERY_PARAMETER = 'query';

/** The REST API's calls, by the RestClient method that makes each. */
export const REST_CALLS = {
  requestRecording: {
    method: 'POST',
    path: '/recordings',
    success: 201,
    summary: 'Create a recording request',
    description: 'With an `email`, ScreenRec e-mails that person an invitation; without one, nobody is e-mailed.',
    request: 'CreateRecordingRequest',
    answer: 'Recording',
    answerDescription: 'The new recording.',
  },
  listRecordings: {
    method: 'POST',
    path: '/recordings/list',
    success: 200,
    summary: 'Find and filter recordings',
    description:
      'Every filter is optional; each given list matches any of its values, the filters all together. `createdDateTo` is inclusive (ScreenRec adds a day). There is no call that gets one recording: list with `ids`. No body at all is no filter, as `{}`; a body that is not a JSON object (`null` included) is a 400.',
    request: 'ListRecordingsRequest',
    bodyOptional: true,
    answer: 'RecordingPage',
    answerDescription: 'One page of recordings.',
  },
  getVideoUrl: {
    method: 'GET',
    path: '/recordings/{id}/presign',
    success: 200,
    summary: 'Get a temporary link to the video',
    description: 'A new signed link each time, which expires; 404 while the recording has no video yet.',
    answer: 'PresignResponse',
    answerDescription: "A fresh, signed link to the recording's video.",
  },
  updateRecording: {
    method: 'PUT',
    path: '/recordings/{id}',
    success: 202,
    summary: "Update a recording's tags and text fields",
    description: "Each field given replaces the recording's value: `tags` replaces all its tags.",
    request: 'UpdateRecordingRequest',
    answer: 'Recording',
    answerDescription: 'The updated recording.',
  },
  searchTags: {
    method: 'GET',
    path: '/recordings/tags',
    success: 200,
    summary: 'Search tags',
    description:
      'Tags of the workspace that contain the query, in any case, each once. A blank query finds nothing, and so does one with a control character (no tag holds one).',
    query: { name: TAG_QUERY_PARAMETER, description: 'Part of a tag, in any case.' },
    answer: 'TagSearchResponse',
    answerDescription: 'The matching tags.',
  },
  deleteRecording: {
    method: 'DELETE',
    path: '/recordings/{id}',
    success: 204,
    summary: 'Delete a recording',
    description: 'The recording and its video are gone for good.',
    answerDescription: 'Deleted; the answer is empty.',
  },
} as const satisfies Record<string, RestCall>;
export type RestCallName = keyof typeof REST_CALLS;

/** A REST call's path, relative to the workspace's API: `{id}` is the recording's id, `query` its query parameters. */
export function restPath(call: RestCallName, id = '', query: Readonly<Record<string, string>> = {}): string {
  const search = Object.entries(query).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${fillPath(REST_CALLS[call].path, { id })}${search.length === 0 ? '' : `?${search.join('&')}`}`;
}

/**
 * The error statuses the service answers with a `{"message": …}` body (docs/service-api.md, "Errors");
 * errors/failure-table.ts says what each means to a user, per interface. Any other 4xx, and 5xx, are read too, but
 * never promised.
 */
export const FAILURE_STATUS = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  integrationError: 424,
  tooManyRequests: 429,
} as const;
export type FailureStatusName = keyof typeof FAILURE_STATUS;

/** Which of them each interface answers: the hook's own failures, and the REST API's as the reference service gives them. */
export const FAILURE_STATUSES_OF = {
  hook: ['badRequest', 'forbidden', 'integrationError', 'tooManyRequests'],
  rest: ['badRequest', 'unauthorized', 'forbidden', 'notFound', 'tooManyRequests'],
} as const satisfies Record<ServiceInterface, readonly FailureStatusName[]>;

/**
 * What a receiver of the video-ready notification answers: any 2xx counts as delivered; the service resends after a
 * 5xx (docs/service-api.md's delivery row) and gives up on other refusals.
 */
export const NOTIFICATION_ANSWER = {
  /** Taken in, including a repeat, or a video that is not the receiver's to act on: the service stops sending it. */
  received: 200,
  /** The receiver cannot tell what the notification is about just now (a lookup failed): send it again later. */
  retryLater: 503,
  /** The receiver failed unexpectedly: sent again later, like any 5xx. */
  failed: 500,
  /** Not a notification the receiver can take: an unreadable body, or a video link that can never be the service's. */
  unreadable: 400,
  /** The request lacked the receiver's secret: it did not come from the subscription. */
  unauthorized: 401,
  /**
   * The receiver no longer holds the subscription this notification is for (its secret is stale or unknown, its wait
   * has ended, its node was removed). Under the REST-hook rule the service honours, the sender then drops that
   * subscription: any other refusal leaves it in place, posting every later video to an address that takes none, and
   * counting against the service's limit of subscriptions per integration.
   */
  gone: 410,
} as const;

export function bearer(apiKey: string): string {
  return `Bearer ${apiKey}`;
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
export const isRedirect = (status: number): boolean => status >= 300 && status < 400;
