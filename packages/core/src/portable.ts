/**
 * `screenrec/portable`: everything of `screenrec` except its Node defaults (the fetch transport and
 * the timer sleep). Clients made from here need `transport` and `sleep` passed in, and nothing reachable from
 * this file uses a timer, `process`, `global`/`globalThis` or `__dirname`/`__filename`: n8n's scanner refuses
 * shipped code that does (a test bundles this file and checks).
 */
export * from './wire/schemas.js';
export * from './errors/error-classes.js';
export * from './errors/messages.js';
export type { Transport, TransportRequest, TransportResponse } from './transport/transport.js';
export { readBodyCapped } from './transport/read-body-capped.js';
export { networkFailure, responseTooLarge, videoHostFailure } from './errors/failure-table.js';
export { HEADER, NOTIFICATION_ANSWER, isRedirect, isSuccess, type HttpMethod, type ServiceInterface } from './wire/protocol.js';
export {
  SECRET_HEADERS,
  credentialTargetOf,
  secretHeadersIn,
  type CredentialTarget,
  type NoSecretBecause,
  type ServiceCredentials,
} from './wire/credential-routing.js';
export type { BoundedCall, CallOptions, ServiceAnswer, Sleep } from './transport/call-bounds.js';
export { ServiceRequester, type ServiceRequestSpec, type ServiceResponse } from './clients/raw-request.js';
export { LOG_LEVELS, type LogLevel, type Logger } from './transport/request-log.js';
export type { ClientOptions } from './transport/request-sender.js';
export { fieldErrorsOf } from './errors/schema-checks.js';
export { HookClient, type HookClientOptions, type RecordingLinkInput } from './clients/hook-client.js';
export {
  RestClient,
  type FindByReferenceOptions,
  type IterateOptions,
  type RecordingFilter,
  type ReferenceSearch,
  type ReferenceSearchFilter,
  type RestClientOptions,
} from './clients/rest-client.js';
export {
  MAX_VIDEO_ID_CANDIDATES,
  identifyVideo,
  isRefusedVideo,
  parseVideoReady,
  screenVideoReady,
  videoDownloadUrl,
  videoIdCandidates,
  type IdentifiedVideo,
  type RefusedVideo,
  type ResolveHost,
  type VideoLinkOptions,
  type VideoLinkSource,
  type VideoReady,
} from './clients/video-ready.js';
export { isLoopbackHost, isNonPublicHost, isPlainHttpOffLoopback } from './transport/addresses.js';
export { proxyRoute, type ProxyEnvironment, type ProxyRoute, type ProxyVariable } from './transport/env-proxy.js';
export {
  NOTHING_TO_UPDATE_MESSAGE,
  cleanTags,
  givenTexts,
  recordingChanges,
  type RecordingChangesInput,
  type RecordingTexts,
} from './catalogue/recording-input.js';
export { createdRecordingDetails, type CreatedRecordingDetails } from './clients/created-recording.js';
export { inTimeZone, knownTimeZone, offsetMinutes } from './catalogue/dates.js';
export {
  DIRECTION_LABELS,
  SHORT_ID_LENGTH,
  STATUS_LABELS,
  directionLabel,
  displayDate,
  recordingLabel,
  statusLabel,
} from './catalogue/labels.js';
// The catalogue: each recording field, input and operation, declared once; every platform's surface is derived from it.
export { PLATFORMS, PLATFORM_NAMES, type Platform } from './catalogue/platforms.js';
export {
  RECORDING_FIELDS,
  RECORDING_FIELD_KEYS,
  exampleRecording,
  type RecordingField,
  type RecordingFieldKey,
} from './catalogue/recording-fields.js';
export {
  INPUT_FIELDS,
  NEW_TEXT_INPUT_NAMES,
  inputKey,
  newTextInputName,
  textFieldNoun,
  type InputField,
  type InputName,
  type NewTextInputName,
} from './catalogue/inputs.js';
export { inputKind, schemaKind, type InputKind } from './catalogue/input-kind.js';
export {
  OPERATIONS,
  OPERATION_NAMES,
  operationByKey,
  type CatalogueOperation,
  type InputValues,
  type OperationClients,
  type OperationEffects,
  type OperationName,
  type Performed,
} from './catalogue/operations.js';
