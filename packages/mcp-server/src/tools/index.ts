import { createRecordingLink } from './create-recording-link';
import { createRecordingRequest } from './create-recording-request';
import { deleteRecording } from './delete-recording';
import { findRecordings } from './find-recordings';
import { getRecordingTool } from './get-recording';
import { getVideoUrl } from './get-video-url';
import { searchTags } from './search-tags';
import type { Tool } from './tool';
import { updateRecording } from './update-recording';
import { waitForRecording } from './wait-for-recording';

/** Every tool on the REST API: offered whatever the configuration, so a missing setting is reported by the tool. */
export const REST_TOOLS: readonly Tool[] = [
  createRecordingRequest,
  findRecordings,
  getRecordingTool,
  waitForRecording,
  getVideoUrl,
  updateRecording,
  deleteRecording,
  searchTags,
];

/** Offered only when a backend token is set. */
export const HOOK_TOOLS: readonly Tool[] = [createRecordingLink];
