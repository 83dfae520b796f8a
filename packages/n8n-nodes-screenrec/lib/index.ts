// Everything the nodes use from core and from this folder. The build bundles it once into dist/lib/index.js,
// which both nodes require, so core and zod ship once in the package.
export { RECORDING_DIRECTIONS, RECORDING_STATUSES, SORT_ORDERS, parseVideoReady } from '@screenrec/core';
export type { ListRecordingsRequest, Recording, VideoReady } from '@screenrec/core';
export { HOOK_CREDENTIAL, REST_CREDENTIAL, hookClientFor, restClientFor } from './clients';
export { toNodeError } from './errors';
export { isoDateOf, listOf, textOf, toJsonObject } from './parameters';
export type { ScreenRecCredentialType } from './transport';
export { downloadVideo } from './video';
