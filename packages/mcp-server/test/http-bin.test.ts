import { runProcess } from '@screenrec/test-support/run-process';
import { REPO_ROOT } from '@screenrec/test-support/reference-server';
import { connectDriver } from './clients';
import { startHttpBin } from './http-bin';
import { MCP_BIN } from './stdio-bin';

jest.setTimeout(60_000);

const TOKEN = 'bin-token-8c2e41f07a9d';

describe('screenrec-mcp --http', () => {
  it('will not serve HTTP without SCREENREC_MCP_TOKEN', async () => {
    const run = await runProcess(process.execPath, [MCP_BIN, '--http', '--port', '0'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH } });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'screenrec-mcp: --http needs SCREENREC_MCP_TOKEN: set it to a long random secret, and give MCP clients the header "Authorization: Bearer <that secret>".',
    );
  });

  it('listens on 127.0.0.1 at the port given, serves an MCP client with the token, and stops on SIGTERM', async () => {
    const bin = await startHttpBin({ SCREENREC_MCP_TOKEN: TOKEN });
    try {
      const mcp = await connectDriver('v2', { http: bin.url, token: TOKEN });
      expect(await mcp.listTools()).toContain('find_recordings');
      await mcp.close();
    } finally {
      expect(await bin.stop()).toBe(0);
    }
    expect(bin.stderr()).not.toContain(TOKEN);
  });
});
