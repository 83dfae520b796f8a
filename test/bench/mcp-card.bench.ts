import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCardHtml } from '../../packages/mcp-server/card-build.mjs';
import { figure, oursAtMost, single, type Figure } from './figure';

const KB = 1000;
/** What a host loads for the card: ext-apps's App and the MCP SDK it runs on are about 330 kB of it. */
const CARD_LIMIT_KB = 400;

/** The smallest useful MCP App: it connects to its host and prints the tool result it is given. */
const MINIMAL_APP = `
import { App } from '@modelcontextprotocol/ext-apps';
const app = new App({ name: 'minimal', version: '1.0.0' });
app.ontoolresult = (result) => { document.body.textContent = JSON.stringify(result.structuredContent); };
void app.connect();
`;

/**
 * #11: the MCP server's recording card, the one HTML file (script and styles inline) a host loads, against the
 * smallest MCP App built the same way into the same page in this run.
 */
export async function benchMcpCard(root: string): Promise<Figure[]> {
  const work = join(root, '.cache/bench/mcp-card');
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'minimal.ts'), MINIMAL_APP);
  const mcpServer = join(root, 'packages/mcp-server');
  const [ours, minimal] = [await buildCardHtml(mcpServer), await buildCardHtml(mcpServer, join(work, 'minimal.ts'))];
  const kB = (html: string) => Buffer.byteLength(html) / KB;
  return [figure('MCP recording card (one HTML file)', single(kB(ours), kB(minimal)), 'kB', oursAtMost(CARD_LIMIT_KB))];
}
