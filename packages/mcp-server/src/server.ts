import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Connections } from './connections';
import type { Logger } from './log';
import { readRecordingResource, RECORDING_URI_TEMPLATE } from './recording-resource';
import { serveTools } from './tool-calls';
import { HOOK_TOOLS, REST_TOOLS } from './tools';

export const SERVER_NAME = 'screenrec';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'ScreenRec records screens on request. To get a recording from someone: create_recording_request (ScreenRec e-mails ' +
  'them) or create_recording_link (you send the link). Later, find_recordings or get_recording show its status; once it ' +
  'is COMPLETED, get_video_url gives a temporary link to the video. Recording IDs are UUIDs returned by these tools.';

/** One MCP server (one per client connection) with every tool the configuration allows, and the recording resource. */
export function createScreenRecServer(connections: Connections, logger: Logger): McpServer {
  const server = new McpServer({ name: SERVER_NAME, title: 'ScreenRec', version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
  const tools = connections.hook === undefined ? REST_TOOLS : [...REST_TOOLS, ...HOOK_TOOLS];
  serveTools(server.server, tools, connections, logger);
  // Protocol trouble (an unreadable message from the client, a broken pipe) goes to the log, not to the client.
  server.server.onerror = (error) => logger.error(`protocol: ${error.message}`);
  server.registerResource(
    'recording',
    new ResourceTemplate(RECORDING_URI_TEMPLATE, { list: undefined }),
    {
      title: 'ScreenRec recording',
      description: 'One recording of the workspace as JSON: status, tags, comment, creation date, page URL and external reference.',
      mimeType: 'application/json',
    },
    (uri, variables, extra) => readRecordingResource(uri, variables, extra.signal, connections, logger),
  );
  return server;
}
