import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import {
  BASE_URL_WITH_CREDENTIALS,
  CANCELLED_MESSAGE,
  HINT_NARROW_SEARCH,
  HookClient,
  MAX_ANSWER_BYTES,
  RestClient,
  createFetchTransport,
  deadlineMessage,
  invalidInputMessage,
  readBodyCapped,
  redirectMessage,
  responseTooLargeMessage,
} from 'screenrec';
import { serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { API_KEY, BACKEND_TOKEN, RECORDING_ID, WORKSPACE_ID, expectNoSecretsInThrownErrors, failureOf } from './fixtures';

// Real loopback servers and Node's own fetch: what the default transport does on the wire.
afterAll(expectNoSecretsInThrownErrors);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Loopback {
  url: string;
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

async function loopback(handler: Handler): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const { server, url } = await serveOnLoopback((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  return { url, requests, close: () => stopServer(server) };
}

const hook = (baseUrl: string) => new HookClient({ baseUrl, backendToken: BACKEND_TOKEN, provider: 'N8N', maxRetries: 0 });
const rest = (baseUrl: string) => new RestClient({ baseUrl, workspaceId: WORKSPACE_ID, apiKey: API_KEY, maxRetries: 0 });

describe('redirects are not followed', () => {
  let elsewhere: Loopback;
  let service: Loopback;
  let status = 302;

  beforeAll(async () => {
    elsewhere = await loopback((_request, response) => response.end('{"status":"success","workspace":"Elsewhere"}'));
    service = await loopback((request, response) => {
      request.resume();
      response.writeHead(status, { location: `${elsewhere.url}/collect` }).end();
    });
  });
  afterAll(async () => {
    await service.close();
    await elsewhere.close();
  });

  it.each([301, 302, 303, 307, 308])(
    'HTTP %i is UNEXPECTED_RESPONSE naming the status, and the token never reaches the other origin',
    async (code) => {
      status = code;
      const error = await failureOf(hook(service.url).ping());
      expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: code, message: redirectMessage(code) });
      expect(service.requests.at(-1)?.headers['x-service-token']).toBe(BACKEND_TOKEN);
      expect(elsewhere.requests).toEqual([]);
    },
  );

  it('the REST key does not follow a redirect either', async () => {
    status = 307;
    const error = await failureOf(rest(service.url).getVideoUrl(RECORDING_ID));
    expect(error.message).toBe(redirectMessage(307));
    expect(elsewhere.requests).toEqual([]);
  });
});

describe('answers are read up to a cap', () => {
  /** Streams `total` bytes of JSON-ish filler in 64 KiB chunks, as fast as the client reads; counts what it wrote. */
  function streamingServer(total: number, headers: Record<string, string | number> = {}) {
    const written = { bytes: 0, closed: Promise.resolve() };
    const handler: Handler = (request, response) => {
      request.resume();
      written.closed = once(response, 'close').then(() => undefined);
      response.writeHead(200, { 'content-type': 'application/json', ...headers });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written.bytes < total && !response.destroyed) {
          written.bytes += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        if (!response.destroyed) response.end();
      };
      pump();
    };
    return { written, handler };
  }

  it('stops reading a 64 MB chunked answer just past 10 MiB: RESPONSE_TOO_LARGE, the rest never sent', async () => {
    const { written, handler } = streamingServer(64 * 1024 * 1024);
    const server = await loopback(handler);
    try {
      const error = await failureOf(hook(server.url).ping());
      expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', retryable: false, message: responseTooLargeMessage(server.url) });
      await written.closed;
      // The server stopped because the client hung up: what it wrote is the cap plus what socket buffers hold.
      expect(written.bytes).toBeGreaterThan(MAX_ANSWER_BYTES);
      expect(written.bytes).toBeLessThan(MAX_ANSWER_BYTES + 8 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it('refuses an answer whose declared length is over the cap without reading it', async () => {
    const { written, handler } = streamingServer(64 * 1024 * 1024, { 'content-length': 64 * 1024 * 1024 });
    const server = await loopback(handler);
    try {
      const error = await failureOf(rest(server.url).listRecordings());
      expect(error.message).toBe(responseTooLargeMessage(server.url));
      await written.closed;
      expect(written.bytes).toBeLessThan(MAX_ANSWER_BYTES);
    } finally {
      await server.close();
    }
  });

  it('counts a compressed answer by what it inflates to', async () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
    const server = await loopback((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb);
    });
    try {
      expect(bomb.length).toBeLessThan(MAX_ANSWER_BYTES);
      // The transport itself stops (core's own check of the returned text would be too late: all of it in memory).
      const request = { method: 'GET' as const, url: server.url, headers: {}, timeoutMs: 10_000, maxBodyBytes: MAX_ANSWER_BYTES };
      expect((await failureOf(createFetchTransport()(request))).code).toBe('RESPONSE_TOO_LARGE');
    } finally {
      await server.close();
    }
  });

  it('reads a chunked answer under the cap whole', async () => {
    const server = await loopback((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"status":"success",');
      response.end('"workspace":"Chunked ✓"}');
    });
    try {
      await expect(hook(server.url).ping()).resolves.toEqual({ status: 'success', workspace: 'Chunked ✓' });
    } finally {
      await server.close();
    }
  });
});

describe('readBodyCapped', () => {
  async function* chunks(...parts: Array<string | Uint8Array>) {
    yield* parts;
  }
  const request = { url: 'https://api.screenrec.test/x', maxBodyBytes: 8 };

  it('joins text and bytes, multi-byte characters split across chunks included', async () => {
    const euro = new TextEncoder().encode('€');
    await expect(readBodyCapped(chunks('ab', euro.slice(0, 1), euro.slice(1)), request)).resolves.toBe('ab€');
  });

  it('throws RESPONSE_TOO_LARGE past the cap and stops pulling chunks', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield 'abc';
      }
    }
    const error = await failureOf(readBodyCapped(endless(), request));
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', message: responseTooLargeMessage('https://api.screenrec.test', 8) });
    expect(pulled).toBe(3);
  });
});

describe('cancellation on the wire', () => {
  it('an abort closes the connection of a request in flight and answers CANCELLED', async () => {
    let arrived!: (request: IncomingMessage) => void;
    const requestArrived = new Promise<IncomingMessage>((resolve) => (arrived = resolve));
    const server = await loopback((request) => arrived(request)); // never answers
    try {
      const controller = new AbortController();
      const pending = failureOf(rest(server.url).getRecording(RECORDING_ID, { signal: controller.signal }));
      const request = await requestArrived;
      const closed = once(request.socket, 'close');
      controller.abort();
      expect(await pending).toMatchObject({ code: 'CANCELLED', message: CANCELLED_MESSAGE });
      await closed; // the service sees the connection go: nothing is left open
    } finally {
      await server.close();
    }
  });

  it('an abort during a slow body stops the read', async () => {
    let bodyStarted!: (response: ServerResponse) => void;
    const started = new Promise<ServerResponse>((resolve) => (bodyStarted = resolve));
    const server = await loopback((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"status":');
      bodyStarted(response);
    });
    try {
      const controller = new AbortController();
      const pending = failureOf(
        new HookClient({ baseUrl: server.url, backendToken: BACKEND_TOKEN, provider: 'ZAPIER' }).ping({ signal: controller.signal }),
      );
      const response = await started;
      const closed = once(response, 'close');
      controller.abort();
      expect((await pending).code).toBe('CANCELLED');
      await closed;
    } finally {
      await server.close();
    }
  });

  it('the transport itself answers CANCELLED for an already-fired signal, sending nothing', async () => {
    const server = await loopback((_request, response) => response.end('{}'));
    try {
      const transport = createFetchTransport();
      const request = {
        method: 'GET' as const,
        url: server.url,
        headers: {},
        timeoutMs: 1_000,
        maxBodyBytes: 10,
        signal: AbortSignal.abort(),
      };
      expect(await failureOf(transport(request))).toMatchObject({ code: 'CANCELLED', message: CANCELLED_MESSAGE });
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('deadlines on the wire', () => {
  const budgetMs = 300;

  it('a service that never answers: DEADLINE when the time is up, and the connection is closed', async () => {
    let closed!: Promise<unknown>;
    const server = await loopback((request) => {
      closed = once(request.socket, 'close');
    });
    try {
      const client = new RestClient({ baseUrl: server.url, workspaceId: WORKSPACE_ID, apiKey: API_KEY });
      const error = await failureOf(client.listRecordings({}, { deadline: Date.now() + budgetMs }));
      expect(error).toMatchObject({ code: 'DEADLINE', message: deadlineMessage('listing recordings', budgetMs, HINT_NARROW_SEARCH) });
      expect(server.requests).toHaveLength(1);
      await closed;
    } finally {
      await server.close();
    }
  });

  it('a service that dribbles its body: the body read shares the deadline', async () => {
    let closed!: Promise<unknown>;
    const server = await loopback((request, response) => {
      request.resume();
      closed = once(response, 'close');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{');
      const dribble = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(dribble));
    });
    try {
      const client = new HookClient({ baseUrl: server.url, backendToken: BACKEND_TOKEN, provider: 'ZAPIER', deadlineMs: budgetMs });
      expect((await failureOf(client.ping())).code).toBe('DEADLINE');
      await closed;
    } finally {
      await server.close();
    }
  });
});

describe('the Service URL', () => {
  it.each(['https://ana:s3cret-pass@api.screenrec.test', 'https://ana@api.screenrec.test', 'https://:s3cret-pass@api.screenrec.test'])(
    'refuses credentials in %s, without repeating them',
    async (baseUrl) => {
      const error = await failureOf((async () => new HookClient({ baseUrl, backendToken: BACKEND_TOKEN, provider: 'ZAPIER' }))());
      expect(error).toMatchObject({ code: 'INVALID_INPUT', fieldErrors: [{ path: 'baseUrl', message: BASE_URL_WITH_CREDENTIALS }] });
      expect(error.message).toBe(invalidInputMessage(`\`baseUrl\`: ${BASE_URL_WITH_CREDENTIALS}`));
      expect(JSON.stringify(error)).not.toContain('s3cret');
      expect(JSON.stringify(error)).not.toContain('ana');
    },
  );
});

describe('the fetch it is given', () => {
  it('is called bare, with no `this`: browsers and workerd refuse any but the global (Illegal invocation)', async () => {
    const service = await loopback((_request, response) => response.end('{"result":["support"]}'));
    try {
      const strictFetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
        if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
        return fetch(...args);
      };
      const transport = createFetchTransport(strictFetch);
      const client = new RestClient({ baseUrl: service.url, workspaceId: WORKSPACE_ID, apiKey: API_KEY, maxRetries: 0, transport });
      await expect(client.searchTags('sup')).resolves.toEqual(['support']);
    } finally {
      await service.close();
    }
  });
});
