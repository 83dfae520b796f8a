import type { McpServer, ReadResourceResult } from '@modelcontextprotocol/server';
import type { McpUiResourceMeta, McpUiToolMeta, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps';
import type { Connections } from '../connections';
import { SERVER_ICONS } from '../icons';
import { videoOrigins } from './video-origins';

/** The recording card: one HTML file that hosts with MCP Apps show beside a tool's result. */
export const CARD_URI = 'ui://screenrec/recording-card.html';

/** What a tool whose result the card shows carries in its `_meta` (tools/list). */
export const CARD_TOOL_META: { ui: McpUiToolMeta } = { ui: { resourceUri: CARD_URI } };

// ext-apps's constant, checked against its type: its module is ESM for browsers, not for a CommonJS server.
const CARD_MIME_TYPE: typeof RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';

// build.mjs puts the card in (esbuild's `define`): the bundle carries it, nothing is read from disk.
declare const SCREENREC_CARD_HTML: string | undefined;

export const CARD_NOT_BUILT = 'The recording card is part of the built server (dist/main.js); this server runs from its sources.';

/**
 * The card with the only network access it needs: videos (media-src) from the service and the storage hosts its
 * links named. It fetches nothing itself (no connect-src): it reaches the server through the host's tool calls.
 */
export function readCard(connections: Connections): ReadResourceResult {
  if (typeof SCREENREC_CARD_HTML !== 'string') throw new Error(CARD_NOT_BUILT);
  const ui: McpUiResourceMeta = { csp: { resourceDomains: videoOrigins(connections) }, prefersBorder: true };
  return { contents: [{ uri: CARD_URI, mimeType: CARD_MIME_TYPE, text: SCREENREC_CARD_HTML, _meta: { ui } }] };
}

export function registerCard(server: McpServer, connections: Connections): void {
  server.registerResource(
    'recording-card',
    CARD_URI,
    {
      title: 'ScreenRec recording card',
      description: "A recording's status, tags, comment and date, and its video once it is ready (MCP Apps).",
      mimeType: CARD_MIME_TYPE,
      icons: SERVER_ICONS,
    },
    () => readCard(connections),
  );
}
