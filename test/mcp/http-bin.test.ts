import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runProcess } from '../support/run-process';
import { REPO_ROOT } from '../support/reference-server';
import { waitUntil } from '../support/wait';
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
    const child: ChildProcess = spawn(process.execPath, [MCP_BIN, '--http', '--port', '0'], {
      env: { PATH: process.env.PATH, SCREENREC_MCP_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await waitUntil('the server to say where it listens', (note) => /listening on http:\/\/127\.0\.0\.1:\d+\/mcp/.test(note(stderr)) || undefined);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)![1]!;
      const client = new Client({ name: 'bin-probe', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('find_recordings');
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stderr).not.toContain(TOKEN);
  });
});
