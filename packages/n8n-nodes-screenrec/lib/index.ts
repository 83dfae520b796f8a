// Everything the nodes use from core and from this folder; zod is left to n8n, which provides it.
export {
	INPUT_FIELDS,
	NEWEST_FIRST,
	NOTIFICATION_ANSWER,
	OPERATIONS,
	OPERATION_NAMES,
	RECORDING_STATUSES,
	SORT_ORDERS,
	createdRecordingDetails,
	identifyVideo,
	inputKey,
	inputKind,
	isRefusedVideo,
	parseVideoReady,
	screenVideoReady,
	videoDownloadUrl,
	videoIdCandidates,
	type CallOptions,
	type CatalogueOperation,
	type InputField,
	type InputKind,
	type InputName,
	type IdentifiedVideo,
	type InputValues,
	type OperationName,
	type Recording,
	type RecordingFilter,
	type RestClient,
	type VideoReady,
} from 'screenrec/portable';
export { callOptionsOf, timeoutOption } from './call-options';
export { ALLOW_HTTP_LABEL, SECRET_PARAMETER, callbackUrlWithSecret, newCallbackSecret, subscribableUrl } from './callback-url';
export { ScreenRecConnection } from './connection';
export { testScreenRecCredential } from './credential-test';
export { standaloneMessage, toNodeError, type ServiceInterface } from './errors';
export { fromAiKeyOf, isCancellation, leanToolResult, runsAsTool, toolFailure } from './tool-mode';
export { defined, isoDateIn, listOf, textOf, toJsonObject } from './parameters';
export { claimResume, forgetResumeClaims } from './resume-claims';
export { SEARCH_RECORDINGS, recordingLocator, searchRecordings } from './recording-locator';
export { firstDelivery, keepSeenVideos, seenBefore } from './seen-videos';
export { valueOptions } from './value-options';
export { downloadVideo } from './video';
export * from './wait-for-video';
