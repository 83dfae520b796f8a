/**
 * Where the service listens and how requests are marked (docs/service-api.md): the one place a path or a header name is
 * spelled. Platform packages never build a ScreenRec URL or header themselves.
 */

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

/** The automation-hook endpoint of one provider: every action is POSTed here. */
export function hookEndpoint(baseUrl: string, provider: string): string {
  return `${baseUrl}/public/webhooks/${provider}`;
}

/** The REST API of one workspace; REST_PATHS are relative to it. */
export function workspaceApi(baseUrl: string, workspaceId: string): string {
  return `${baseUrl}/public/integration/${workspaceId}`;
}

export const REST_PATHS = {
  recordings: '/recordings',
  list: '/recordings/list',
  recording: (id: string) => `/recordings/${id}`,
  presign: (id: string) => `/recordings/${id}/presign`,
  tagSearch: (query: string) => `/recordings/tags?query=${encodeURIComponent(query)}`,
} as const;

/**
 * What a receiver of the video-ready notification answers: any 2xx counts as delivered; the service resends after a
 * 5xx (docs/design.md's delivery row) and gives up on other refusals.
 */
export const NOTIFICATION_ANSWER = {
  /** Taken in, including a repeat, or a video that is not the receiver's to act on: the service stops sending it. */
  received: 200,
  /** The receiver cannot tell what the notification is about just now (a lookup failed): send it again later. */
  retryLater: 503,
  /** The receiver failed unexpectedly: sent again later, like any 5xx. */
  failed: 500,
  unreadable: 400,
  /** The request lacked the receiver's secret: it did not come from the subscription. */
  unauthorized: 401,
} as const;

export function bearer(apiKey: string): string {
  return `Bearer ${apiKey}`;
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
export const isRedirect = (status: number): boolean => status >= 300 && status < 400;
