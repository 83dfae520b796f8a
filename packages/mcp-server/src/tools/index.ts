import { OPERATIONS, OPERATION_NAMES, type OperationName } from 'screenrec';
import { findRecordings } from './find-recordings';
import { regularTool } from './regular';
import { searchTags } from './search-tags';
import type { Tool } from './tool';
import { updateRecording } from './update-recording';
import { waitForRecording } from './wait-for-recording';

/** The tools written out here, each with a rule of its own; every other tool is the catalogue's operation as it is. */
const IRREGULAR_TOOLS: { [Name in OperationName]?: Tool } = {
  findRecordings,
  updateRecording,
  searchTags,
  waitForVideo: waitForRecording,
};

/** The catalogue's operations MCP offers, in the catalogue's order. */
const MCP_OPERATIONS = OPERATION_NAMES.filter((name) => OPERATIONS[name].keys.mcp !== undefined);
const toolFor = (name: OperationName): Tool => IRREGULAR_TOOLS[name] ?? regularTool(name);

/** Every tool on the REST API: offered whatever the configuration, so a missing setting is reported by the tool. */
export const REST_TOOLS: readonly Tool[] = MCP_OPERATIONS.filter((name) => OPERATIONS[name].uses !== 'hook').map(toolFor);

/** Offered only when a backend token is set. */
export const HOOK_TOOLS: readonly Tool[] = MCP_OPERATIONS.filter((name) => OPERATIONS[name].uses === 'hook').map(toolFor);
