import { connect, type Socket } from 'node:net';
import type { IncomingMessage, Server } from 'node:http';
import {
  NetworkError,
  ProxyError,
  RestClient,
  createFetchTransport,
  proxyAddressInvalidMessage,
  proxyRefusedMessage,
  proxyRoute,
  proxyUnreachableMessage,
  type ProxyEnvironment,
} from 'screenrec';
import { listenOnLoopback, refusingUrl, serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { createServer } from 'node:http';
import { API_KEY, WORKSPACE_ID, expectNoSecretsInThrownErrors, failureOf } from './fixtures';

afterAll(expectNoSecretsInThrownErrors);

describe('proxyRoute: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, read as undici and Node read them', () => {
  const route = (url: string, env: ProxyEnvironment) => {
    const found = proxyRoute(url, env);
    return found === undefined ? 'direct' : `${found.variable} ${found.address} (${found.label})`;
  };

  it.each<[string, ProxyEnvironment, string]>([
    ['https://api.example', {}, 'direct'],
    ['https://api.example', { HTTPS_PROXY: 'http://proxy:3128' }, 'HTTPS_PROXY http://proxy:3128 (proxy:3128)'],
    ['https://api.example', { HTTP_PROXY: 'http://proxy:3128' }, 'HTTP_PROXY http://proxy:3128 (proxy:3128)'],
    ['http://127.0.0.1:8080', { HTTPS_PROXY: 'http://proxy:3128' }, 'direct'],
    ['http://127.0.0.1:8080', { HTTP_PROXY: 'http://proxy' }, 'HTTP_PROXY http://proxy (proxy:80)'],
    ['https://api.example', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' }, 'HTTPS_PROXY http://lower:1 (lower:1)'],
    ['https://api.example', { HTTPS_PROXY: 'proxy.corp:3128' }, 'HTTPS_PROXY http://proxy.corp:3128 (proxy.corp:3128)'],
    ['https://api.example', { HTTPS_PROXY: 'http://ana:s3cret@proxy:3128' }, 'HTTPS_PROXY http://ana:s3cret@proxy:3128 (proxy:3128)'],
    ['https://api.example', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '*' }, 'direct'],
    ['https://api.example', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'other.example, api.example' }, 'direct'],
    ['https://eu.api.example', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '.api.example' }, 'direct'],
    ['https://eu.api.example', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '*.api.example' }, 'direct'],
    ['https://notapi.example', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'api.example' }, 'HTTPS_PROXY http://proxy:3128 (proxy:3128)'],
    [
      'https://api.example',
      { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'api.example:8443' },
      'HTTPS_PROXY http://proxy:3128 (proxy:3128)',
    ],
    ['https://api.example:8443', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'api.example:8443' }, 'direct'],
    ['https://API.Example', { HTTPS_PROXY: 'http://proxy:3128', no_proxy: 'api.example', NO_PROXY: '' }, 'direct'],
    ['http://127.0.0.1:8080', { HTTP_PROXY: 'http://proxy:3128', NO_PROXY: '127.0.0.1' }, 'direct'],
  ])('%s with %j: %s', (url, env, expected) => {
    expect(route(url, env)).toBe(expected);
  });
});

/**
 * A proxy in this process, as small as the cases need: it answers CONNECT with `answer` (a status), or opens the
 * tunnel to the target it names (200). It records each CONNECT and its Proxy-Authorization.
 */
async function connectProxy(
  answer: () => number,
): Promise<{ address: string; connects: Array<{ target: string; authorization?: string }>; close(): Promise<void> }> {
  const connects: Array<{ target: string; authorization?: string }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request: IncomingMessage, client: Socket) => {
    sockets.add(client);
    const target = request.url ?? '';
    connects.push({
      target,
      ...(request.headers['proxy-authorization'] === undefined ? {} : { authorization: request.headers['proxy-authorization'] }),
    });
    const status = answer();
    if (status !== 200) {
      client.end(`HTTP/1.1 ${status} No\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [host = '', port = ''] = target.split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const url = await listenOnLoopback(server);
  return {
    address: url,
    connects,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await stopServer(server);
    },
  };
}

type ConnectProxy = Awaited<ReturnType<typeof connectProxy>>;

/** Runs `use` with a proxy that answers CONNECT with `status` (200: the tunnel), and closes the proxy however it ends. */
async function throughProxy(status: number, use: (proxy: ConnectProxy) => Promise<void>): Promise<void> {
  const proxy = await connectProxy(() => status);
  try {
    await use(proxy);
  } finally {
    await proxy.close();
  }
}

describe('the default transport on Node goes through the proxy the environment names', () => {
  const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
  let service: { server: Server; url: string };
  let served = 0;
  beforeAll(async () => {
    service = await serveOnLoopback((_request, response) => {
      served++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":["support"]}');
    });
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(() => stopServer(service.server));

  const rest = () => new RestClient({ baseUrl: service.url, workspaceId: WORKSPACE_ID, apiKey: API_KEY, maxRetries: 0 });
  const serviceTarget = () => new URL(service.url).host;

  it('opens a tunnel through the proxy for each new connection, and the call is answered through it', async () => {
    await throughProxy(200, async (proxy) => {
      process.env.HTTP_PROXY = proxy.address;
      const before = served;
      await expect(rest().searchTags('sup')).resolves.toEqual(['support']);
      expect(proxy.connects.map((c) => c.target)).toEqual([serviceTarget()]);
      expect(served - before).toBe(1);
    });
  });

  it("sends the proxy's user and password from its address as Basic Proxy-Authorization", async () => {
    await throughProxy(200, async (proxy) => {
      process.env.HTTP_PROXY = proxy.address.replace('http://', 'http://ana:s3cret@');
      await rest().searchTags('sup');
      expect(proxy.connects.map((c) => c.authorization)).toEqual([`Basic ${Buffer.from('ana:s3cret').toString('base64')}`]);
    });
  });

  it('follows the variables as they are when the client is made, as undici does: one made before they were set goes direct', async () => {
    await throughProxy(200, async (proxy) => {
      const madeBefore = rest();
      process.env.HTTP_PROXY = proxy.address;
      const madeAfter = rest();
      const before = served;
      await madeBefore.searchTags('sup');
      expect(proxy.connects).toEqual([]);
      await madeAfter.searchTags('sup');
      expect(proxy.connects.map((c) => c.target)).toEqual([serviceTarget()]);
      expect(served - before).toBe(2);
    });
  });

  it('does not go through it for a host NO_PROXY lists', async () => {
    await throughProxy(200, async (proxy) => {
      process.env.HTTP_PROXY = proxy.address;
      process.env.NO_PROXY = 'example.org, 127.0.0.1';
      const before = served;
      await rest().searchTags('sup');
      expect(proxy.connects).toEqual([]);
      expect(served - before).toBe(1);
    });
  });

  it.each([407, 403])(
    'a proxy that answers CONNECT with %i: a ProxyError naming the proxy by host and port, never its credentials, not retried',
    async (status) => {
      await throughProxy(status, async (proxy) => {
        process.env.HTTP_PROXY = proxy.address.replace('http://', 'http://ana:s3cret@');
        const label = new URL(proxy.address).host;
        const error = await failureOf(
          new RestClient({
            baseUrl: service.url,
            workspaceId: WORKSPACE_ID,
            apiKey: API_KEY,
            maxRetries: 2,
            sleep: async () => undefined,
          }).searchTags('sup'),
        );
        expect(error).toBeInstanceOf(ProxyError);
        expect(error).toBeInstanceOf(NetworkError);
        expect(error).toMatchObject({ code: 'NETWORK', retryable: false, proxy: label });
        expect(error.message).toBe(proxyRefusedMessage(service.url, label, 'HTTP_PROXY', status));
        expect(error.message).toContain(status === 407 ? 'HTTP 407: it wants a user name and password' : 'HTTP 403: it does not allow');
        expect(JSON.stringify(error)).not.toMatch(/ana|s3cret/);
        expect(proxy.connects).toHaveLength(1);
      });
    },
  );

  it('a proxy that cannot reach the service (502): named, and worth retrying', async () => {
    await throughProxy(502, async (proxy) => {
      process.env.HTTP_PROXY = proxy.address;
      const error = await failureOf(rest().searchTags('sup'));
      expect(error).toMatchObject({ code: 'NETWORK', retryable: true, proxy: new URL(proxy.address).host });
      expect(error.message).toBe(
        `The proxy at ${new URL(proxy.address).host} could not connect to ScreenRec at ${service.url} (HTTP 502). Check the Service URL and that the service is running; try again later.`,
      );
    });
  });

  it('a proxy nothing answers at: the error names it, not the service', async () => {
    const address = await refusingUrl();
    process.env.HTTP_PROXY = address;
    const error = await failureOf(rest().searchTags('sup'));
    expect(error).toBeInstanceOf(ProxyError);
    expect(error.message).toBe(proxyUnreachableMessage(service.url, new URL(address).host, 'HTTP_PROXY', 'ECONNREFUSED'));
  });

  it('an address that is not a proxy: nothing is sent, and the message does not repeat it', async () => {
    process.env.HTTP_PROXY = 'ftp://ana:s3cret@proxy.example';
    const before = served;
    const error = await failureOf(rest().searchTags('sup'));
    expect(error).toMatchObject({ code: 'NETWORK', retryable: false, message: proxyAddressInvalidMessage('HTTP_PROXY') });
    expect(served).toBe(before);
  });

  it("a dispatcher given to createFetchTransport is used as is, and the environment's proxy is not read", async () => {
    await throughProxy(200, async (proxy) => {
      process.env.HTTP_PROXY = await refusingUrl();
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the dispatcher of a caller's own undici
      const { ProxyAgent, fetch } = require('undici') as typeof import('undici');
      const transport = createFetchTransport(fetch as unknown as typeof globalThis.fetch, {
        // This proxy only tunnels (CONNECT); undici 8 forwards plain http unless told to tunnel.
        dispatcher: new ProxyAgent({ uri: proxy.address, proxyTunnel: true }),
      });
      const client = new RestClient({ baseUrl: service.url, workspaceId: WORKSPACE_ID, apiKey: API_KEY, maxRetries: 0, transport });
      await expect(client.searchTags('sup')).resolves.toEqual(['support']);
      expect(proxy.connects.map((c) => c.target)).toEqual([serviceTarget()]);
    });
  });
});
