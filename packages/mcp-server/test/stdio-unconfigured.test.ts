import { spawn } from 'node:child_process';
import { MCP_BIN, spawnStdioServer } from './stdio-bin';
import type { ToolResult } from './harness';

jest.setTimeout(60_000);

describe('the built bin over stdio without any settings', () => {
  it('starts, says on stderr what is missing, and every tool answers with what to set', async () => {
    const mcp = await spawnStdioServer({});
    try {
      const result = (await mcp.client.callTool({ name: 'find_recordings', arguments: {} })) as ToolResult;
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(
        /^ScreenRec is not set up in this MCP server: SCREENREC_BASE_URL is not set .*; SCREENREC_WORKSPACE_ID is not set .*; SCREENREC_API_KEY is not set .*\. Set it in the server's environment/,
      );
      // The bin logs a call after answering it: wait for the line itself.
      await mcp.stderrSays('find_recordings: NOT_CONFIGURED');
      expect(mcp.stderr()).toContain(
        'screenrec-mcp: 0.1.0 over stdio: ScreenRec (no valid SCREENREC_BASE_URL), without create_recording_link (no SCREENREC_BACKEND_TOKEN)',
      );
      expect(mcp.stderr()).toContain('screenrec-mcp: not fully set up, tools that need it will say so: SCREENREC_BASE_URL is not set');
    } finally {
      await mcp.close();
    }
  });

  it('answers every request written before stdin closes, then exits by itself', async () => {
    const child = spawn(process.execPath, [MCP_BIN], { env: { PATH: process.env.PATH }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_tags', arguments: { query: 'onb' } } },
    ];
    child.stdin.end(messages.map((message) => JSON.stringify(message)).join('\n') + '\n');
    expect(await exited).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result: { isError?: boolean } });
    expect(answers.map((answer) => [answer.id, answer.result.isError])).toEqual([
      [1, undefined],
      [2, true],
    ]);
  });
});
