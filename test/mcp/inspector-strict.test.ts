import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../support/run-process';
import { cachedPackage } from './cached-package';
import { TOOLS_IN_ORDER } from './clients';
import { startHttpBin, type HttpBin } from './http-bin';
import { MCP_BIN } from './stdio-bin';

// The MCP Inspector 2.x CLI checks every tool's schemas for what some clients refuse (`--strict`): schemas that
// constrain nothing, `type` arrays a one-type dialect cannot map, remote `$ref`s, bare booleans. The built bin,
// over stdio and over Streamable HTTP, lists all nine tools without one finding.
jest.setTimeout(360_000);

const INSPECTOR_VERSION = '2.12.0';
const TOKEN = 'inspector-token-4d5e6f7a8b9c';
// Settings that offer every tool; tools/list calls nothing, so the service need not be there.
const ENV = {
  SCREENREC_BASE_URL: 'http://127.0.0.1:9',
  SCREENREC_WORKSPACE_ID: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
  SCREENREC_API_KEY: 'inspector-api-key',
  SCREENREC_BACKEND_TOKEN: 'inspector-backend-token',
  SCREENREC_HOOK_PROVIDER: 'N8N',
};

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

let cli: string;
let home: string;
let http: HttpBin;

beforeAll(async () => {
  cli = path.join(cachedPackage('@modelcontextprotocol/inspector', INSPECTOR_VERSION), 'clients/cli/build/index.js');
  // The CLI keeps a catalogue in ~/.mcp-inspector: a HOME of its own keeps the user's untouched.
  home = mkdtempSync(path.join(os.tmpdir(), 'screenrec-inspector-'));
  http = await startHttpBin({ ...ENV, SCREENREC_MCP_TOKEN: TOKEN });
});
afterAll(async () => {
  await http?.stop();
  if (home !== undefined) rmSync(home, { recursive: true, force: true });
});

async function listStrictly(target: string[]): Promise<StrictListing> {
  const { exitCode, stdout, stderr } = await runProcess(
    process.execPath,
    [cli, '--cli', ...target, '--method', 'tools/list', '--strict', '--format', 'json'],
    { cwd: home, env: { PATH: process.env.PATH, HOME: home } },
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
  ['stdio', () => [...Object.entries(ENV).flatMap(([name, value]) => ['-e', `${name}=${value}`]), process.execPath, MCP_BIN]],
  ['Streamable HTTP', () => [http.url, '--transport', 'http', '--header', `Authorization: Bearer ${TOKEN}`]],
])('over %s, inspector --strict lists the nine tools with 0 errors and 0 warnings', async (_transport, target) => {
  const listing = await listStrictly(target());
  expect(listing.result.tools.map((tool) => tool.name)).toEqual(TOOLS_IN_ORDER);
  expect(findingsOf(listing)).toEqual([]);
});
