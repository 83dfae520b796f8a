import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, stopServer } from '../support/loopback';

export interface HoldingProxy {
  url: string;
  /** Resolves once a request whose body holds `marker` is held (the next one, from now on). */
  held: Promise<void>;
  /** Lets the held request through. */
  release: () => void;
  /** The request bodies that went through, oldest first. */
  passed: () => string[];
  stop: () => Promise<void>;
}

/**
 * A forwarding proxy in front of the reference service that holds the first request whose body contains `marker`
 * (a CALLBACK_SUBSCRIBE, say) until release(): a node can then be closed while that call is under way.
 */
export async function holdingProxy(target: string, marker: string): Promise<HoldingProxy> {
  let release = () => {};
  let heldNow = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (heldNow = resolve));
  let holding = true;
  const passed: string[] = [];
  const forward = (incoming: IncomingMessage, body: Buffer, answer: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', target);
    const outgoing = httpRequest(url, { method: incoming.method, headers: { ...incoming.headers, host: url.host } }, (reply) => {
      answer.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(answer);
    });
    outgoing.on('error', () => answer.writeHead(502).end());
    outgoing.end(body);
  };
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('utf8');
      passed.push(text);
      if (holding && text.includes(marker)) {
        holding = false;
        heldNow();
        void released.then(() => forward(incoming, body, answer));
        return;
      }
      forward(incoming, body, answer);
    });
  });
  const url = await listenOnLoopback(server);
  return { url, held, release, passed: () => [...passed], stop: () => stopServer(server) };
}
