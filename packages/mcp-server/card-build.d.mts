/**
 * The card's HTML: `entry` (relative to `root`, the MCP server package's folder, or absolute) bundled for the browser
 * and inlined into src/card/card.html.
 */
export declare function buildCardHtml(root: string, entry?: string): Promise<string>;
