import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHttpBin, type HttpBin } from './http-bin';

/** Settings that offer every tool, the backend token's too, with no ScreenRec behind them: enough for checks that list. */
export const EVERY_TOOL_OFFLINE = {
  SCREENREC_BASE_URL: 'http://127.0.0.1:9',
  SCREENREC_WORKSPACE_ID: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
  SCREENREC_API_KEY: 'checks-api-key',
  SCREENREC_BACKEND_TOKEN: 'checks-backend-token',
  SCREENREC_HOOK_PROVIDER: 'N8N',
};

export interface CheckedServer {
  /** The built bin over Streamable HTTP, requiring `token`. */
  http(): HttpBin;
  /** A folder of the file's own, for the checker's HOME and its results: the user's own stay untouched. */
  workDir(): string;
}

/** Starts the built bin and makes the work folder before the calling file's tests, and stops and removes them after. */
export function checkedServer(token: string): CheckedServer {
  let http: HttpBin | undefined;
  let workDir: string | undefined;
  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'screenrec-mcp-check-'));
    http = await startHttpBin({ ...EVERY_TOOL_OFFLINE, SCREENREC_MCP_TOKEN: token });
  });
  afterAll(async () => {
    await http?.stop();
    if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the checked server runs only while the calling file runs its tests');
    return value;
  };
  return { http: () => started(http), workDir: () => started(workDir) };
}
