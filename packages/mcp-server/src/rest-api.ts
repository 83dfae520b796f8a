import type { RestClient } from '@screenrec/core';

/** The REST operations the tools use; each takes core's CallOptions as its last argument. */
export type RestApi = Pick<
  RestClient,
  | 'requestRecording'
  | 'listRecordings'
  | 'getRecording'
  | 'getVideoUrl'
  | 'updateRecording'
  | 'searchTags'
  | 'deleteRecording'
  | 'findCreatedRecording'
>;
