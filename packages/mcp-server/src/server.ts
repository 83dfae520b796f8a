import { McpServer, ResourceTemplate, type McpServerFactory } from '@modelcontextprotocol/server';
import packageJson from '../package.json';
import { registerCard } from './card/resource';
import type { Connections } from './connections';
import { SERVER_ICONS } from './icons';
import type { Logger } from './log';
import { registerPrompts } from './prompts';
import { readRecordingResource, RECORDING_URI_TEMPLATE } from './recording-resource';
import { registerTools } from './tools/register';
import { HOOK_TOOLS, REST_TOOLS } from './tools';

export const SERVER_NAME = 'screenrec';
// The published package's version, so that a release changes it in one place.
export const SERVER_VERSION: string = packageJson.version;

const INSTRUCTIONS =
  'ScreenRec records screens on request. To get a recording from someone: create_recording_request (ScreenRec e-mails ' +
  'them) or create_recording_link (you send the link). wait_for_recording waits until it is COMPLETED (call it again when ' +
  'it stops before); find_recordings or get_recording show its status at any time; once it is COMPLETED, get_video_url ' +
  'gives a temporary link to the video. Recording IDs are UUIDs returned by these tools.';

/**
 * How long a 2026-07-28 client may reuse a list or the server's description: the tools change only when the server
 * restarts with other settings, and nothing in them is the user's, so any cache may keep them.
 */
export const LIST_CACHE = { ttlMs: 3_600_000, cacheScope: 'public' } as const;

/**
 * One MCP server instance with every tool the configuration allows, the prompts and the recording resource. The HTTP
 * handler makes one per request and stdio one per connection, from the same settings: no instance holds anything
 * a client needs later, so a restart loses nothing.
 */
export function createScreenRecServer(connections: Connections, logger: Logger): McpServer {
  const server = new McpServer(
    {
      name: SERVER_NAME,
      title: 'ScreenRec',
      version: SERVER_VERSION,
      icons: SERVER_ICONS,
      websiteUrl: 'https://github.com/screenrec/screenrec-connectors',
    },
    {
      instructions: INSTRUCTIONS,
      // The lists never change while the server runs: no client need hold a subscription stream open for them.
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } },
      cacheHints: {
        'tools/list': LIST_CACHE,
        'resources/templates/list': LIST_CACHE,
        'prompts/list': LIST_CACHE,
        'server/discover': LIST_CACHE,
      },
    },
  );
  registerTools(server, connections.hook === undefined ? REST_TOOLS : [...REST_TOOLS, ...HOOK_TOOLS], connections, logger);
  registerPrompts(server, connections);
  // Protocol trouble (an unreadable message from the client, a broken pipe) goes to the log, not to the client.
  server.server.onerror = (error) => logger.error(`protocol: ${error.message}`);
  server.registerResource(
    'recording',
    new ResourceTemplate(RECORDING_URI_TEMPLATE, { list: undefined }),
    {
      title: 'ScreenRec recording',
      description: 'One recording of the workspace as JSON: status, tags, comment, creation date, page URL and external reference.',
      mimeType: 'application/json',
      icons: SERVER_ICONS,
    },
    (uri, variables, ctx) => readRecordingResource(uri, variables, ctx.mcpReq.signal, connections, logger),
  );
  registerCard(server, connections);
  return server;
}

export function screenRecServers(connections: Connections, logger: Logger): McpServerFactory {
  return () => createScreenRecServer(connections, logger);
}
