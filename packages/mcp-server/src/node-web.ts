import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

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
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body === null) return void response.end();
  response.flushHeaders();
  for await (const chunk of answer.body) {
    if (response.destroyed) break;
    response.write(chunk);
  }
  response.end();
}
