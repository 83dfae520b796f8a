import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { HookClient, RestClient, ProxyError, proxyRefusedMessage, proxySupportMissingMessage, proxyUnreachableMessage } from 'screenrec';
import { refusingUrl } from '@screenrec/test-support/loopback';
import {
  REPO_ROOT,
  startReferenceServer,
  writeLoopbackCertificate,
  type ConnectedWorkspace,
  type RunningServer,
} from '@screenrec/test-support/reference-server';
import { runProcess } from '@screenrec/test-support/run-process';
import { waitUntil } from '@screenrec/test-support/wait';
import { connectDriver, type McpDriver } from '../../packages/mcp-server/test/clients';
import { startHttpBin } from '../../packages/mcp-server/test/http-bin';
import { ENVIRONMENT_HINTS } from '../../packages/mcp-server/src/failure-hints';
import { buildAndUnpackMcpb } from '../../packages/mcp-server/test/mcpb-bundle';
import { MCP_BIN } from '../../packages/mcp-server/test/stdio-bin';
import { CONNECTION, caughtError, flowOf, outcomeOf } from '../../packages/node-red-screenrec/test/flows';
import { startRuntime, type Runtime } from '../../packages/node-red-screenrec/test/runtime';
import { startForwardingProxy, type ForwardingProxy } from './forwarding-proxy';

// Every platform that reaches ScreenRec through core's fetch transport on Node (the SDK, the Node-RED nodes, the MCP
// server over stdio and over HTTP), behind a real forwarding proxy (npm `proxy`, its own process) in front of the
// reference service: every request the service receives came through the proxy's tunnels, NO_PROXY goes around it,
// and a proxy that refuses or is not there is named in the message a user reads.
jest.setTimeout(90_000);

const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'] as const;
const PROXY_USER = 'proxy-user';
const PROXY_PASSWORD = 'proxy-pass-5d1c';

let server: RunningServer;
let workspace: ConnectedWorkspace;
let proxy: ForwardingProxy;
let runtime: Runtime;
const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  [server, proxy, runtime] = await Promise.all([startReferenceServer(), startForwardingProxy(), startRuntime()]);
  workspace = await server.connectWorkspace('Proxy Workspace', 'N8N');
});
afterEach(() => {
  for (const name of PROXY_VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
afterAll(async () => {
  await Promise.all([server?.stop(), proxy?.stop(), runtime?.stop()]);
});

/** The service's requests (method and path) from its own log, from `offset` on; the admin API's (the test's own) left out. */
function serviceRequests(offset: number): string[] {
  return server
    .logs()
    .slice(offset)
    .split('\n')
    .filter((line) => line.includes('"msg":"incoming request"'))
    .map((line) => (JSON.parse(line) as { req: { method: string; path: string } }).req)
    .filter((req) => !req.path.startsWith('/admin'))
    .map((req) => `${req.method} ${req.path}`);
}

/** The requests `via` carried to the service, read from its tunnels, from event `offset` on. */
function carried(via: ForwardingProxy, offset: number): string[] {
  const target = new URL(server.baseUrl).host;
  return via.events
    .slice(offset)
    .flatMap((event) => (event.event === 'request' && event.target === target ? [`${event.method} ${event.path}`] : []));
}

function tunnels(via: ForwardingProxy, offset: number): number {
  return via.events.slice(offset).filter((event) => event.event === 'connect').length;
}

/**
 * Runs `calls` and then waits until the service has logged what the proxy carried (both logs reach this process a
 * little after the answers): the lists must be the same, request for request. Prints the case's figures.
 */
async function expectEveryRequestThroughProxy(name: string, calls: () => Promise<void>): Promise<string[]> {
  const serviceMark = server.logs().length;
  const proxyMark = proxy.events.length;
  await calls();
  const requests = await waitUntil(`${name}: the service's requests, each carried by the proxy`, (note) => {
    const seen = note({ service: serviceRequests(serviceMark).sort(), proxy: carried(proxy, proxyMark).sort() });
    return seen.service.length > 0 && JSON.stringify(seen.service) === JSON.stringify(seen.proxy) ? seen.service : undefined;
  });
  console.log(
    `proxy case ${name}: ScreenRec received ${requests.length} requests, the proxy carried ${carried(proxy, proxyMark).length} through ${tunnels(proxy, proxyMark)} tunnels opened for it`,
  );
  return requests;
}

/** Runs `calls` with NO_PROXY naming the service: the service receives them, the proxy nothing. */
async function expectNoRequestThroughProxy(name: string, calls: () => Promise<void>): Promise<void> {
  const serviceMark = server.logs().length;
  const proxyMark = proxy.events.length;
  await calls();
  const requests = await waitUntil(`${name}: the service's requests`, (note) => {
    const seen = note(serviceRequests(serviceMark));
    return seen.length > 0 ? seen : undefined;
  });
  expect(proxy.events.slice(proxyMark)).toEqual([]);
  console.log(`proxy case ${name}: ScreenRec received ${requests.length} requests, the proxy carried 0`);
}

/**
 * Starts a forwarding proxy with `args`, points HTTP_PROXY at it with PROXY_USER's user and password in the address,
 * runs `body` with it, and stops it.
 */
async function throughProxyWithCredentials(args: string[], body: (via: ForwardingProxy) => Promise<void>): Promise<void> {
  const via = await startForwardingProxy(args);
  try {
    process.env.HTTP_PROXY = via.address.replace('http://', `http://${PROXY_USER}:${PROXY_PASSWORD}@`);
    await body(via);
  } finally {
    await via.stop();
  }
}

const hook = () => new HookClient({ baseUrl: server.baseUrl, backendToken: workspace.backendToken, provider: 'N8N', maxRetries: 0 });
const rest = () => new RestClient({ baseUrl: server.baseUrl, workspaceId: workspace.workspaceId, apiKey: workspace.apiKey, maxRetries: 0 });

async function sdkCalls(reference: string): Promise<void> {
  await hook().ping();
  await hook().createRecordingLink({ externalReference: reference, tags: ['proxied'] });
  const { recording } = await rest().findRecordingByReference(reference);
  await rest().getRecording(recording!.id);
  await rest().listRecordings({ tags: ['proxied'] });
  await rest().updateRecording(recording!.id, { tags: ['proxied', 'again'] });
  await rest().searchTags('prox');
  await rest().deleteRecording(recording!.id);
}

describe('the SDK (core in Node)', () => {
  it('sdk-every-call-through-proxy: ping, create, list, get, update, search and delete all go through HTTP_PROXY', async () => {
    process.env.HTTP_PROXY = proxy.address;
    const requests = await expectEveryRequestThroughProxy('sdk-every-call-through-proxy', () => sdkCalls('PROXY-SDK-1'));
    expect(requests.filter((request) => request === 'POST /public/webhooks/N8N').length).toBeGreaterThanOrEqual(2);
    expect(
      requests.filter((request) => request.startsWith(`DELETE /public/integration/${workspace.workspaceId}/recordings/`)),
    ).toHaveLength(1);
  });

  it('no-proxy-bypasses-proxy: with the service in NO_PROXY nothing goes through the proxy', async () => {
    process.env.HTTP_PROXY = proxy.address;
    process.env.NO_PROXY = 'example.org,127.0.0.1';
    await expectNoRequestThroughProxy('no-proxy-bypasses-proxy (SDK)', () => sdkCalls('PROXY-SDK-2'));
  });

  it('proxy-refuses-connect-407: the message names the proxy by host and port, not its user or password, and the service sees nothing', async () => {
    await throughProxyWithCredentials(['--refuse'], async (refusing) => {
      const serviceMark = server.logs().length;
      const error = await rest()
        .searchTags('prox')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProxyError);
      expect((error as ProxyError).message).toBe(proxyRefusedMessage(server.baseUrl, refusing.label, 'HTTP_PROXY', 407));
      expect(JSON.stringify(error)).not.toContain(PROXY_PASSWORD);
      expect(JSON.stringify(error)).not.toContain(PROXY_USER);
      await waitUntil('the refused CONNECT', () => (tunnels(refusing, 0) === 1 ? true : undefined));
      expect(refusing.events.filter((event) => event.event === 'connect')).toEqual([
        { event: 'connect', target: new URL(server.baseUrl).host, allowed: false },
      ]);
      expect(serviceRequests(serviceMark)).toEqual([]);
      console.log('proxy case proxy-refuses-connect-407: ScreenRec received 0 requests, the proxy refused 1 CONNECT');
    });
  });

  it('proxy-with-credentials: a proxy that wants a user and password gets them from the address and carries every call', async () => {
    await throughProxyWithCredentials(['--credentials', `${PROXY_USER}:${PROXY_PASSWORD}`], async (guarded) => {
      const serviceMark = server.logs().length;
      await rest().searchTags('prox');
      await hook().ping();
      const requests = await waitUntil('both calls, carried', () => {
        const service = serviceRequests(serviceMark).sort();
        return service.length === 2 && JSON.stringify(service) === JSON.stringify(carried(guarded, 0).sort()) ? service : undefined;
      });
      expect(guarded.events.filter((event) => event.event === 'connect').every((event) => event.event === 'connect' && event.allowed)).toBe(
        true,
      );
      console.log(
        `proxy case proxy-with-credentials: ScreenRec received ${requests.length} requests, the proxy carried ${carried(guarded, 0).length}`,
      );
    });
  });

  it('proxy-unreachable: nothing listens at the proxy address; the message names the proxy, not the service', async () => {
    const address = await refusingUrl();
    process.env.HTTP_PROXY = address;
    const error = await rest()
      .searchTags('prox')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProxyError);
    expect((error as ProxyError).message).toBe(
      proxyUnreachableMessage(server.baseUrl, new URL(address).host, 'HTTP_PROXY', 'ECONNREFUSED'),
    );
    console.log('proxy case proxy-unreachable: ScreenRec received 0 requests');
  });
});

describe('the Node-RED nodes (a real Node-RED runtime in this process)', () => {
  const connection = () => ({ serviceUrl: server.baseUrl, workspaceId: workspace.workspaceId, publicUrl: runtime.nodeUrl });
  const credentials = () => ({ [CONNECTION]: { apiKey: workspace.apiKey, backendToken: workspace.backendToken } });
  const deploy = (node: Record<string, unknown>) => runtime.deploy(flowOf({ timeout: 10, ...node }, connection()), credentials());

  async function nodeRedCalls(reference: string): Promise<void> {
    await deploy({ type: 'screenrec', operation: 'create', externalReference: reference, tags: 'node-red' });
    const created = (await outcomeOf({})).out?.payload as { recordingId: string };
    await deploy({ type: 'screenrec', operation: 'get' });
    expect((await outcomeOf({ payload: { recordingId: created.recordingId } })).out?.payload).toMatchObject({ id: created.recordingId });
    await outcomeOf({ operation: 'getAll', payload: { externalReference: reference } });
    await outcomeOf({ operation: 'searchTags', payload: { query: 'node' } });
    await outcomeOf({ operation: 'delete', payload: { recordingId: created.recordingId } });
  }

  it('node-red-every-call-through-proxy: create, get, find, search tags and delete all go through HTTP_PROXY', async () => {
    process.env.HTTP_PROXY = proxy.address;
    await expectEveryRequestThroughProxy('node-red-every-call-through-proxy', () => nodeRedCalls('PROXY-NR-1'));
  });

  it('no-proxy-bypasses-proxy (Node-RED)', async () => {
    process.env.HTTP_PROXY = proxy.address;
    process.env.NO_PROXY = '127.0.0.1';
    await expectNoRequestThroughProxy('no-proxy-bypasses-proxy (Node-RED)', () => nodeRedCalls('PROXY-NR-2'));
  });

  it('proxy-refuses-connect-407 (Node-RED): the Catch node reads the message naming the proxy', async () => {
    await throughProxyWithCredentials(['--refuse'], async (refusing) => {
      await deploy({ type: 'screenrec', operation: 'searchTags' });
      const { caught } = await outcomeOf({ payload: { query: 'node' } });
      expect(caughtError(caught).message).toBe(`ProxyError: ${proxyRefusedMessage(server.baseUrl, refusing.label, 'HTTP_PROXY', 407)}`);
      console.log('proxy case proxy-refuses-connect-407 (Node-RED): 1 message caught');
    });
  });
});

describe('the MCP server (the built bin, a child process)', () => {
  const env = (extra: Record<string, string>) => ({
    SCREENREC_BASE_URL: server.baseUrl,
    SCREENREC_WORKSPACE_ID: workspace.workspaceId,
    SCREENREC_API_KEY: workspace.apiKey,
    SCREENREC_BACKEND_TOKEN: workspace.backendToken,
    ...extra,
  });

  async function mcpCalls(mcp: McpDriver, reference: string): Promise<void> {
    const link = await mcp.callTool('create_recording_link', { externalReference: reference });
    expect(link.isError === true ? link.content[0]?.text : undefined).toBeUndefined();
    const recordingId = String(link.structuredContent?.recordingId);
    for (const [tool, args] of [
      ['get_recording', { recordingId }],
      ['find_recordings', { limit: 5 }],
      ['search_tags', { query: 'prox' }],
    ] as const) {
      const result = await mcp.callTool(tool, args);
      expect({ tool, isError: result.isError, text: result.isError === true ? result.content[0]?.text : undefined }).toEqual({
        tool,
        isError: undefined,
        text: undefined,
      });
    }
  }

  it('mcp-stdio-every-call-through-proxy: every tool call over stdio goes through HTTPS_PROXY/HTTP_PROXY', async () => {
    const mcp = await connectDriver('v2', { stdio: env({ HTTP_PROXY: proxy.address }) });
    try {
      await expectEveryRequestThroughProxy('mcp-stdio-every-call-through-proxy', () => mcpCalls(mcp, 'PROXY-MCP-1'));
    } finally {
      await mcp.close();
    }
  });

  it('mcpb-bundle-every-call-through-proxy: the one-click bundle, unpacked alone, proxies every tool call with the undici it carries', async () => {
    // Node 20 (this suite's) cannot proxy by itself: the bundled server reaches the service only if it finds undici in
    // its own server/node_modules, since nothing is installed around the unpacked bundle.
    const out = mkdtempSync(path.join(tmpdir(), 'screenrec-proxy-mcpb-'));
    try {
      const bundle = await buildAndUnpackMcpb(out);
      const mcp = await connectDriver('v2', { stdio: env({ HTTP_PROXY: proxy.address }), entry: bundle.entry });
      try {
        await expectEveryRequestThroughProxy('mcpb-bundle-every-call-through-proxy', () => mcpCalls(mcp, 'PROXY-MCPB-1'));
      } finally {
        await mcp.close();
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('mcp-http-every-call-through-proxy: every tool call of the --http server goes through HTTP_PROXY', async () => {
    const token = 'proxy-suite-token-0b7e9a1c';
    const bin = await startHttpBin(env({ HTTP_PROXY: proxy.address, SCREENREC_MCP_TOKEN: token }));
    try {
      const mcp = await connectDriver('v2', { http: bin.url, token });
      await expectEveryRequestThroughProxy('mcp-http-every-call-through-proxy', () => mcpCalls(mcp, 'PROXY-MCP-2'));
      await mcp.close();
    } finally {
      await bin.stop();
    }
  });

  it('mcp-hosted-every-call-through-proxy: every tool call of the --hosted endpoint on Node goes through HTTP_PROXY', async () => {
    const child = spawn(process.execPath, [MCP_BIN, '--hosted', '--port', '0'], {
      env: { PATH: process.env.PATH, SCREENREC_BASE_URL: server.baseUrl, HTTP_PROXY: proxy.address },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = await waitUntil('the hosted endpoint listening', () => /listening on (http:\/\/\S+)/.exec(stderr)?.[1]);
      // The caller's credentials: its API key as the Bearer token, its workspace at the end of the address.
      const mcp = await connectDriver('v2', { http: `${url}/${workspace.workspaceId}`, token: workspace.apiKey });
      await expectEveryRequestThroughProxy('mcp-hosted-every-call-through-proxy', async () => {
        for (const [tool, args] of [
          ['find_recordings', { limit: 5 }],
          ['search_tags', { query: 'prox' }],
        ] as const) {
          const result = await mcp.callTool(tool, args);
          expect({ tool, text: result.isError === true ? result.content[0]?.text : undefined }).toEqual({ tool, text: undefined });
        }
      });
      await mcp.close();
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('https-service-through-https-proxy: an https Service URL takes HTTPS_PROXY, and every connection to it is a tunnel', async () => {
    // The service behind TLS (a certificate made for 127.0.0.1, trusted by the bin through NODE_EXTRA_CA_CERTS): the
    // proxy sees only CONNECT and encrypted bytes, so each TLS connection is matched with a tunnel to its address.
    const folder = mkdtempSync(path.join(tmpdir(), 'screenrec-proxy-tls-'));
    const { key, cert } = writeLoopbackCertificate(folder);
    const service = new URL(server.baseUrl);
    const sockets = new Set<Socket>();
    let connections = 0;
    const front = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
      connections++;
      const upstream = connect(Number(service.port), service.hostname);
      for (const end of [socket, upstream]) {
        sockets.add(end);
        end.on('error', () => undefined);
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const frontPort = (front.address() as { port: number }).port;
    const proxyMark = proxy.events.length;
    const serviceMark = server.logs().length;
    const mcp = await connectDriver('v2', {
      stdio: env({ SCREENREC_BASE_URL: `https://127.0.0.1:${frontPort}`, HTTPS_PROXY: proxy.address, NODE_EXTRA_CA_CERTS: cert }),
    });
    try {
      await mcpCalls(mcp, 'PROXY-MCP-TLS');
      const requests = await waitUntil('the calls at the service', (note) => {
        const seen = note(serviceRequests(serviceMark));
        return seen.length >= 4 ? seen : undefined;
      });
      const connects = proxy.events.slice(proxyMark).filter((event) => event.event === 'connect');
      expect(connects.map((event) => event.event === 'connect' && event.target)).toEqual(connects.map(() => `127.0.0.1:${frontPort}`));
      expect(connects).toHaveLength(connections);
      console.log(
        `proxy case https-service-through-https-proxy: ScreenRec received ${requests.length} requests over ${connections} TLS connections, each a tunnel of the proxy's`,
      );
    } finally {
      await mcp.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => front.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('no-proxy-bypasses-proxy (MCP stdio)', async () => {
    const mcp = await connectDriver('v2', { stdio: env({ HTTP_PROXY: proxy.address, NO_PROXY: 'localhost,127.0.0.1' }) });
    try {
      await expectNoRequestThroughProxy('no-proxy-bypasses-proxy (MCP stdio)', () => mcpCalls(mcp, 'PROXY-MCP-3'));
    } finally {
      await mcp.close();
    }
  });

  it('proxy-refuses-connect-407 (MCP stdio): the tool result names the proxy and the variables to check, never its password', async () => {
    const refusing = await startForwardingProxy(['--refuse']);
    const mcp = await connectDriver('v2', {
      stdio: env({ HTTP_PROXY: refusing.address.replace('http://', `http://${PROXY_USER}:${PROXY_PASSWORD}@`) }),
    });
    try {
      const result = await mcp.callTool('search_tags', { query: 'prox' });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        { type: 'text', text: `${proxyRefusedMessage(server.baseUrl, refusing.label, 'HTTP_PROXY', 407)} ${ENVIRONMENT_HINTS.proxy}` },
      ]);
      expect(JSON.stringify(result)).not.toContain(PROXY_PASSWORD);
      console.log('proxy case proxy-refuses-connect-407 (MCP stdio): 1 tool result, an error');
    } finally {
      await mcp.close();
      await refusing.stop();
    }
  });
});

/**
 * The SDK as a user installs it without undici: its built package copied into a project of its own, with zod beside it
 * and nothing else, run by a script in a child process.
 */
describe('the published SDK without undici', () => {
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'screenrec-proxy-'));
    const sdk = path.join(project, 'node_modules', 'screenrec');
    mkdirSync(sdk, { recursive: true });
    cpSync(path.join(REPO_ROOT, 'packages/core/package.json'), path.join(sdk, 'package.json'));
    cpSync(path.join(REPO_ROOT, 'packages/core/dist'), path.join(sdk, 'dist'), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'node_modules/zod'), path.join(project, 'node_modules', 'zod'));
    writeFileSync(
      path.join(project, 'search.mjs'),
      [
        "import { RestClient } from 'screenrec';",
        'const [baseUrl, workspaceId, apiKey] = process.argv.slice(2);',
        'const client = new RestClient({ baseUrl, workspaceId, apiKey, maxRetries: 0 });',
        "try { console.log(JSON.stringify({ tags: await client.searchTags('prox') })); }",
        'catch (error) { console.log(JSON.stringify({ name: error.name, code: error.code, message: error.message })); }',
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const search = (node: string, env: Record<string, string>) =>
    runProcess(node, [path.join(project, 'search.mjs'), server.baseUrl, workspace.workspaceId, workspace.apiKey], {
      cwd: project,
      env: { PATH: process.env.PATH, ...env },
    });

  it('undici-missing: with HTTP_PROXY set, every call fails with a ProxyError saying to install undici, and nothing is sent', async () => {
    const serviceMark = server.logs().length;
    const run = await search(process.execPath, { HTTP_PROXY: proxy.address });
    expect(JSON.parse(run.stdout)).toEqual({ name: 'ProxyError', code: 'NETWORK', message: proxySupportMissingMessage('HTTP_PROXY') });
    expect(serviceRequests(serviceMark)).toEqual([]);
    console.log('proxy case undici-missing: ScreenRec received 0 requests');
  });

  it("node-own-env-proxy: under NODE_USE_ENV_PROXY=1 (Node 22.21+) Node's fetch proxies alone, without undici, and once", async () => {
    const pinnedNode = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
    const proxyMark = proxy.events.length;
    const serviceMark = server.logs().length;
    const run = await search(pinnedNode, { HTTP_PROXY: proxy.address, NODE_USE_ENV_PROXY: '1' });
    expect(JSON.parse(run.stdout)).toEqual({ tags: expect.any(Array) });
    const requests = await waitUntil('the search, carried once', () => {
      const service = serviceRequests(serviceMark);
      return service.length === 1 && JSON.stringify(service) === JSON.stringify(carried(proxy, proxyMark)) ? service : undefined;
    });
    expect(tunnels(proxy, proxyMark)).toBe(1);
    console.log(
      `proxy case node-own-env-proxy: ScreenRec received ${requests.length} requests, the proxy carried ${carried(proxy, proxyMark).length} through 1 tunnel`,
    );
  });
});
