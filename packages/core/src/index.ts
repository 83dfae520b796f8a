export * from './schemas';
export * from './errors';
export { createFetchTransport, networkFailure, type HttpMethod, type Transport, type TransportRequest, type TransportResponse } from './transport';
export type { ClientOptions } from './exchange';
export { HookClient, type HookClientOptions, type CreateHookRecordingInput } from './hook-client';
export { RestClient, type RestClientOptions, type RecordingFilter, type IterateOptions } from './rest-client';
export { parseVideoReady, type VideoReady } from './video-ready';
export { fieldErrorsOf } from './exchange';
