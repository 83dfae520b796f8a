/** The platforms a connector is built for; each released its own keys, which the catalogue records. */
export const PLATFORMS = ['zapier', 'n8n', 'mcp', 'nodeRed'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** What each platform calls itself, for docs and messages. */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  zapier: 'Zapier',
  n8n: 'n8n',
  mcp: 'MCP',
  nodeRed: 'Node-RED',
};
