import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { proxyAddressInvalidMessage } from 'screenrec';
import { runProcess } from '@screenrec/test-support/run-process';
import { RECORDING_ID, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { REPO_ROOT } from '@screenrec/test-support/reference-server';
import { deploymentOf, hostedHandler } from '../src/hosted/handler';
import worker from '../src/hosted/worker';
import { clientV2 } from './clients';
import { MCP_BIN } from './stdio-bin';

// What whoever deploys the hosted endpoint sets, and what it answers when that is wrong: callers' requests are
// checked by `npm run test:mcp-hosted`, in workerd and on Node.
jest.setTimeout(60_000);

const NOT_SET = "SCREENREC_BASE_URL is not set (the ScreenRec service's address, such as https://api.screenrec.example)";

describe('deploymentOf', () => {
  it('takes the service address and the tool timeout, and nothing else of the environment', () => {
    expect(
      deploymentOf({
        SCREENREC_BASE_URL: 'https://api.screenrec.example',
        SCREENREC_TOOL_TIMEOUT_SECONDS: '20',
        SCREENREC_API_KEY: 'deployers-own-key',
        SCREENREC_WORKSPACE_ID: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
      }),
    ).toEqual({ deployment: { baseUrl: 'https://api.screenrec.example', toolTimeoutMs: 20_000 } });
  });

  it.each([
    [{}, NOT_SET],
    [{ SCREENREC_BASE_URL: 'ftp://files.screenrec.example' }, 'SCREENREC_BASE_URL must be an http(s) address'],
    [{ SCREENREC_BASE_URL: 'not an address' }, 'SCREENREC_BASE_URL must be an http(s) address'],
    [
      { SCREENREC_BASE_URL: 'https://api.screenrec.example', SCREENREC_TOOL_TIMEOUT_SECONDS: '0' },
      'SCREENREC_TOOL_TIMEOUT_SECONDS must be a number of seconds from 1 to 600',
    ],
    [{ SCREENREC_BASE_URL: 42 }, NOT_SET],
  ])('names what is wrong with %j', (env, problem) => {
    expect(deploymentOf(env)).toEqual({ problem });
  });
});

async function errorOf(response: Response): Promise<{ status: number; message: unknown }> {
  const body = (await response.json()) as { error?: { message?: unknown } };
  return { status: response.status, message: body.error?.message };
}

const CALL = () =>
  new Request('https://mcp.example/mcp', {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_caller_key_0123',
      'x-screenrec-workspace-id': '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });

it('the Worker without its SCREENREC_BASE_URL var answers every caller 500, naming the var', async () => {
  expect(await errorOf(await worker.fetch(CALL(), {}))).toEqual({
    status: 500,
    message: `This ScreenRec MCP endpoint is not set up: ${NOT_SET}.`,
  });
});

it('a service address core refuses (a user name and password in it) is a 500 for the deployer, not a tool error', async () => {
  const handle = hostedHandler(
    { baseUrl: 'https://deployer:hunter22@api.screenrec.example', toolTimeoutMs: 5000 },
    { loggerFor: () => ({ info: () => {}, error: () => {} }) },
  );
  const { status, message } = await errorOf(await handle(CALL()));
  expect(status).toBe(500);
  expect(message).toMatch(/^This ScreenRec MCP endpoint is not set up: SCREENREC_BASE_URL /);
  expect(message).not.toContain('sk_caller_key_0123');
  expect(message).not.toContain('hunter22');
});

it('screenrec-mcp --hosted will not start without SCREENREC_BASE_URL, whatever credentials its environment holds', async () => {
  const run = await runProcess(process.execPath, [MCP_BIN, '--hosted', '--port', '0'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, SCREENREC_API_KEY: 'deployers-own-key' },
  });
  expect({ exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr }).toEqual({
    exitCode: 2,
    stdout: '',
    stderr: `screenrec-mcp: --hosted: ${NOT_SET}.\n`,
  });
});

it('a proxy the deployment sets that fails: the tool result says whoever deployed the endpoint sets it, not a header', async () => {
  // An address core will not use: a ProxyError before anything is sent, as a refused or unreachable proxy is one later.
  const saved = process.env.HTTP_PROXY;
  process.env.HTTP_PROXY = 'ftp://proxy.example:2121';
  const handle = hostedHandler(
    { baseUrl: 'https://api.screenrec.example', toolTimeoutMs: 5000 },
    { loggerFor: () => ({ info: () => {}, error: () => {} }) },
  );
  const client = clientV2();
  await client.connect(
    new StreamableHTTPClientTransport(new URL('https://mcp.example/mcp'), {
      fetch: (input, init) => handle(new Request(input, init)),
      requestInit: { headers: { authorization: 'Bearer sk_caller_key_0123', 'x-screenrec-workspace-id': WORKSPACE_ID } },
    }),
  );
  try {
    const { content, isError } = await client.callTool({ name: 'get_recording', arguments: { recordingId: RECORDING_ID } });
    expect({ content, isError }).toEqual({
      content: [
        {
          type: 'text',
          text: `${proxyAddressInvalidMessage('HTTP_PROXY')} This endpoint's proxy (HTTPS_PROXY, HTTP_PROXY and NO_PROXY in its environment) is set by whoever deployed it: tell them.`,
        },
      ],
      isError: true,
    });
  } finally {
    if (saved === undefined) delete process.env.HTTP_PROXY;
    else process.env.HTTP_PROXY = saved;
    await client.close();
  }
});
