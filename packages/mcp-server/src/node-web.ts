import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { LINGER } from './lingering';

// The SDK's handler speaks web-standard Request and Response; @modelcontextprotocol/node's toNodeHandler does
// this bridging, and these few lines spare the bin a dependency for it.

/** The Node request as a web Request; its signal aborts when the client goes away before the answer ends. */
export function toWebRequest(request: IncomingMessage, response: ServerResponse): Request {
  const aborted = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) aborted.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`), {
    method: request.method ?? 'GET',
    headers,
    signal: aborted.signal,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}

/** Writes a web Response, streaming its body (an SSE stream stays open until the handler ends it). */
export async function sendWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  writeHead(response, answer.status, Object.fromEntries(answer.headers));
  if (answer.body === null) return void response.end();
  response.flushHeaders();
  for await (const chunk of answer.body) {
    if (response.destroyed) break;
    response.write(chunk);
  }
  response.end();
}

/**
 * Every answer's head goes through here. An answer given before the body was all read (a 413 for a body over the
 * limit, a refusal that never reads it) closes the connection, after a lingering close.
 */
export function writeHead(response: ServerResponse, status: number, headers: Record<string, string>): ServerResponse {
  const request = response.req;
  if (bodyUnread(request)) {
    response.setHeader('connection', 'close');
    lingerAfterAnswer(request);
  }
  return response.writeHead(status, headers);
}

/** A request without a body is complete only after its handler starts: its headers say there is none. */
function bodyUnread(request: IncomingMessage): boolean {
  const declared = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  return declared && !request.complete;
}

/**
 * A close with unread bytes sends a reset, which can discard the answer before a client still sending reads it. So
 * the rest of the body is dropped from the answer on, and the socket half-closes after the answer and closes once
 * the body is in or LINGER runs out.
 */
function lingerAfterAnswer(request: IncomingMessage): void {
  const socket = request.socket as Socket | null;
  // A request already destroyed cannot be read any more: its socket closes as ever.
  if (request.destroyed || socket === null || socket.destroyed) return;
  const close = () => socket.destroy();
  // Dropping starts now, before the answer is written: Node would otherwise discard a body no one read in a way no
  // listener sees (IncomingMessage._dump), unbounded. The web stream a handler read from (Readable.toWeb) would
  // pause the request again once its queue is full: the rest of the body is no one's but the drain's.
  request.removeAllListeners('data');
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER.bytes) close();
  });
  request.resume();
  // Node closes the socket of a `Connection: close` answer with destroySoon() once the answer is written.
  socket.destroySoon = () => {
    // Our FIN follows the answer; the client's remaining bytes still arrive and are dropped.
    socket.end();
    if (request.complete) return void socket.once('finish', close);
    const timer = setTimeout(close, LINGER.ms);
    socket.once('close', () => clearTimeout(timer));
    // The whole body is in: nothing unread is left, so closing sends no reset.
    request.once('end', close);
  };
}
