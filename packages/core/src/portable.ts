/**
 * `@screenrec/core/portable`: everything of `@screenrec/core` except its Node defaults (the fetch transport and
 * the timer sleep). Clients made from here need `transport` and `sleep` passed in, and nothing reachable from
 * this file uses a timer, `process`, `global`/`globalThis` or `__dirname`/`__filename`: n8n's scanner refuses
 * shipped code that does (a test bundles this file and checks).
 */
export * from './schemas';
export * from './errors';
export * from './messages';
export {
  MAX_ANSWER_BYTES,
  readBodyCapped,
  type HttpMethod,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport';
export { networkFailure, responseTooLarge, videoHostFailure } from './failures';
export { HEADER, NOTIFICATION_ANSWER, isRedirect, isSuccess, type ServiceInterface } from './protocol';
export type { CallOptions, Sleep } from './operation';
export type { ClientOptions } from './request-sender';
export { fieldErrorsOf } from './reading';
export { HookClient, type HookClientOptions, type RecordingLinkInput } from './hook-client';
export {
  RestClient,
  type FindByReferenceOptions,
  type IterateOptions,
  type RecordingFilter,
  type ReferenceSearch,
  type ReferenceSearchFilter,
  type RestClientOptions,
} from './rest-client';
export {
  MAX_VIDEO_ID_CANDIDATES,
  identifyVideo,
  parseVideoReady,
  videoDownloadUrl,
  videoIdCandidates,
  type IdentifiedVideo,
  type VideoReady,
} from './video-ready';
export { isLoopbackHost, isNonPublicHost, isPlainHttpOffLoopback } from './addresses';
export {
  NOTHING_TO_UPDATE_MESSAGE,
  cleanTags,
  givenTexts,
  recordingChanges,
  type RecordingChangesInput,
  type RecordingTexts,
} from './recording-input';
export { createdRecordingDetails, type CreatedRecordingDetails } from './created-recording';
export { inTimeZone, knownTimeZone, offsetMinutes } from './dates';
export { DIRECTION_LABELS, SHORT_ID_LENGTH, STATUS_LABELS, directionLabel, displayDate, recordingLabel, statusLabel } from './labels';
export * from './catalogue';
