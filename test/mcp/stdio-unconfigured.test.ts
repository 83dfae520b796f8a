import { spawnStdioServer } from './stdio-bin';
import { until, type ToolResult } from './harness';

jest.setTimeout(30_000);

describe('the built bin over stdio without any settings', () => {
  it('starts, says on stderr what is missing, and every tool answers with what to set', async () => {
    const mcp = await spawnStdioServer({});
    try {
      const result = (await mcp.client.callTool({ name: 'find_recordings', arguments: {} })) as ToolResult;
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(
        /^ScreenRec is not set up in this MCP server: SCREENREC_BASE_URL is not set .*; SCREENREC_WORKSPACE_ID is not set .*; SCREENREC_API_KEY is not set .*\. Set it in the server's environment/,
      );
      await until(() => mcp.stderr().includes('find_recordings: NOT_CONFIGURED'));
      expect(mcp.stderr()).toContain('screenrec-mcp: 0.1.0 over stdio: ScreenRec (no valid SCREENREC_BASE_URL), without create_recording_link (no SCREENREC_BACKEND_TOKEN)');
      expect(mcp.stderr()).toContain('screenrec-mcp: not fully set up, tools that need it will say so: SCREENREC_BASE_URL is not set');
    } finally {
      await mcp.close();
    }
  });
});
