import { createRecordingLink } from './create-recording-link';
import { createRecordingRequest } from './create-recording-request';
import { deleteRecording } from './delete-recording';
import { findRecordings } from './find-recordings';
import { getRecordingTool } from './get-recording';
import { getVideoUrl } from './get-video-url';
import { searchTags } from './search-tags';
import type { ToolDefinition } from './tool';
import { updateRecording } from './update-recording';
import { waitForRecording } from './wait-for-recording';

// Each tool's `run` takes its own argument type; the list holds them as the common shape the dispatcher uses,
// which validates arguments with that same tool's schema before calling `run`.

/** Every tool on the REST API: offered whatever the configuration, so a missing setting is reported by the tool. */
export const REST_TOOLS = [
  createRecordingRequest,
  findRecordings,
  getRecordingTool,
  waitForRecording,
  getVideoUrl,
  updateRecording,
  deleteRecording,
  searchTags,
] as unknown as ToolDefinition[];

/** Offered only when a backend token is set. */
export const HOOK_TOOLS = [createRecordingLink] as unknown as ToolDefinition[];
