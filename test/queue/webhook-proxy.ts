/**
 * The load balancer in front of n8n's webhook processes (the address WEBHOOK_URL names): requests whose path holds
 * one of the round-robin markers (a trigger's webhookId) go to each process in turn, as a round-robin load balancer
 * sends them; every other request goes to the first process, so the checks written for one webhook process see one;
 * a marker can also be pinned to one process.
 * A process that refuses the connection (killed, restarting) is skipped, as a load balancer's health check would.
 * It records which process answered what, and can kill a process the moment it answers.
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveOnLoopback, stopServer } from '../support/loopback';

export interface ProxiedRequest {
  /** The index of the webhook process that answered. */
  backend: number;
  path: string;
  body: string;
  status: number;
}

export interface WebhookProxy {
  url: string;
  /** Every request that reached a process, in the order the answers came. */
  answered: ProxiedRequest[];
  /** Sends requests whose path contains `marker` round-robin over every process. */
  roundRobin: (marker: string) => void;
  /** Sends requests whose path contains `marker` to one process (undefined: as before), as sticky routing would. */
  pin: (marker: string, backend: number | undefined) => void;
  /**
   * Calls `then` with the process's index as soon as a process has answered a matching request with 200 (the whole
   * answer read), before the answer is passed on: once, for the first such answer.
   */
  onceAnswered: (matches: (path: string) => boolean, then: (backend: number) => void) => void;
  stop: () => Promise<void>;
}

export async function startWebhookProxy(backendPorts: () => number[]): Promise<WebhookProxy> {
  const answered: ProxiedRequest[] = [];
  const markers: string[] = [];
  const pins = new Map<string, number>();
  let turn = 0;
  let answerHook: { matches: (path: string) => boolean; then: (backend: number) => void } | undefined;

  const forward = (backend: number, incoming: IncomingMessage, body: Buffer, signal: AbortSignal): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: backendPorts()[backend],
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, 'content-length': String(body.length) },
          signal,
        },
        resolve,
      );
      outgoing.once('error', reject);
      outgoing.end(body);
    });

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    // A caller that gives up (ScreenRec's timeout) closes its connection: the request to the process goes too, as a
    // load balancer's does. Left open, each would hold a socket here until n8n answered, however long it took.
    const gaveUp = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) gaveUp.abort();
    });
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = incoming.url ?? '/';
    const count = backendPorts().length;
    const pinned = [...pins.entries()].find(([marker]) => path.includes(marker))?.[1];
    const spread = pinned === undefined && markers.some((marker) => path.includes(marker));
    const first = pinned ?? (spread ? turn++ % count : 0);
    // The chosen process first, then the others: a refused connection means that process is down.
    for (let offset = 0; offset < (spread ? count : 1); offset++) {
      const backend = (first + offset) % count;
      let answer: IncomingMessage;
      try {
        answer = await forward(backend, incoming, body, gaveUp.signal);
      } catch (error) {
        if ((error as { code?: string }).code === 'ECONNREFUSED') continue;
        throw error;
      }
      const status = answer.statusCode ?? 502;
      // The whole answer is read before anything happens to the process: it has answered, completely.
      const answerChunks: Buffer[] = [];
      for await (const chunk of answer) answerChunks.push(chunk as Buffer);
      if (answerHook !== undefined && status === 200 && answerHook.matches(path)) {
        const hook = answerHook;
        answerHook = undefined;
        hook.then(backend);
      }
      answered.push({ backend, path, body: body.toString(), status });
      response.writeHead(status, answer.headers).end(Buffer.concat(answerChunks));
      return;
    }
    response.writeHead(502, { 'content-type': 'text/plain' }).end('no webhook process accepts connections');
  };

  const { server, url } = await serveOnLoopback((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  return {
    url,
    answered,
    roundRobin: (marker) => void markers.push(marker),
    pin: (marker, backend) => {
      if (backend === undefined) pins.delete(marker);
      else pins.set(marker, backend);
    },
    onceAnswered: (matches, then) => {
      answerHook = { matches, then };
    },
    stop: () => stopServer(server),
  };
}
