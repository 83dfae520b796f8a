import path from 'node:path';
import { runProcess } from '@screenrec/test-support/run-process';
import { cachedPackage } from './cached-package';
import { EVERY_TOOL_OFFLINE, checkedServer } from './checked-server';
import { TOOLS_IN_ORDER } from './clients';
import { MCP_BIN } from './stdio-bin';

// The MCP Inspector 2.x CLI checks every tool's schemas for what some clients refuse (`--strict`): schemas that
// constrain nothing, `type` arrays a one-type dialect cannot map, remote `$ref`s, bare booleans. The built bin,
// over stdio and over Streamable HTTP, lists all nine tools without one finding.
jest.setTimeout(360_000);

const INSPECTOR_VERSION = '2.12.0';
const TOKEN = 'inspector-token-4d5e6f7a8b9c';

interface Finding {
  severity: 'error' | 'warning';
  schema: string;
  path: string;
  issue: string;
}
interface StrictListing {
  result: { tools: Array<{ name: string }> };
  schemaFindings?: Array<{ toolName: string; findings: Finding[] }>;
}

const server = checkedServer(TOKEN);
let cli: string;

beforeAll(() => {
  cli = path.join(cachedPackage('@modelcontextprotocol/inspector', INSPECTOR_VERSION), 'clients/cli/build/index.js');
});

async function listStrictly(target: string[]): Promise<StrictListing> {
  const { exitCode, stdout, stderr } = await runProcess(
    process.execPath,
    [cli, '--cli', ...target, '--method', 'tools/list', '--strict', '--format', 'json'],
    // The CLI keeps a catalogue in ~/.mcp-inspector.
    { cwd: server.workDir(), env: { PATH: process.env.PATH, HOME: server.workDir() } },
  );
  if (exitCode !== 0) throw new Error(`inspector --cli --strict exited ${exitCode}: ${stderr}`);
  return JSON.parse(stdout) as StrictListing;
}

/** One line per finding, as the Inspector reports it: 0 errors and 0 warnings is an empty list. */
function findingsOf(listing: StrictListing): string[] {
  return (listing.schemaFindings ?? []).flatMap(({ toolName, findings }) =>
    findings.map((finding) => `${finding.severity} in ${toolName} at ${finding.schema}.${finding.path}: ${finding.issue}`),
  );
}

it.each([
  [
    'stdio',
    () => [...Object.entries(EVERY_TOOL_OFFLINE).flatMap(([name, value]) => ['-e', `${name}=${value}`]), process.execPath, MCP_BIN],
  ],
  ['Streamable HTTP', () => [server.http().url, '--transport', 'http', '--header', `Authorization: Bearer ${TOKEN}`]],
])('over %s, inspector --strict lists the nine tools with 0 errors and 0 warnings', async (_transport, target) => {
  const listing = await listStrictly(target());
  expect(listing.result.tools.map((tool) => tool.name)).toEqual(TOOLS_IN_ORDER);
  expect(findingsOf(listing)).toEqual([]);
});
