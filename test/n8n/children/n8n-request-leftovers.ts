/**
 * Run by test/n8n/request-leftovers.tools.test.ts in a node of its own with --expose-gc. Makes CALLS sequential requests
 * through the n8n package's transport and CALLS video downloads, both on n8n's real httpRequest helper (n8n-core's
 * axios-based one) to a loopback server, each with its own caller signal and a 60 s limit; then collects garbage and
 * prints, in JSON, how many of the signals handed to n8n are still alive and how much the heap grew per call.
 * With `retaining` as argument, each API call's signal also goes through AbortSignal.any([signal,
 * AbortSignal.timeout()]), the pattern the package does not use, to show the measure sees what that keeps.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heapAfterCollection, stillAlive } from '../../support/garbage';
import type { IHttpRequestOptions } from 'n8n-workflow';
import { httpRequest } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions';
import { downloadVideo, type DownloadContext } from '../../../packages/n8n-nodes-screenrec/lib/video';
import { httpRequestSend, n8nTransport, type Send } from '../../../packages/n8n-nodes-screenrec/lib/transport';

const CALLS = 1_500;
const LIMIT_MS = 60_000;
const retaining = process.argv.includes('retaining');
const server = createServer((request, response) => {
  request.resume();
  if (request.url === '/video') response.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.alloc(2_048));
  else response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success","workspace":"Acme"}');
});

server.listen(0, '127.0.0.1', async () => {
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handedToN8n: Array<WeakRef<AbortSignal>> = [];
  const helpers = {
    httpRequest: async (options: IHttpRequestOptions) => {
      if (options.abortSignal !== undefined) handedToN8n.push(new WeakRef(options.abortSignal as AbortSignal));
      return await httpRequest(options);
    },
  };
  const realSend = httpRequestSend({ helpers });
  const send: Send = retaining
    ? (request, signal) => realSend(request, AbortSignal.any([signal, AbortSignal.timeout(LIMIT_MS)]))
    : realSend;
  const transport = n8nTransport(send);
  const context: DownloadContext = {
    getNode: () => ({
      id: 'node',
      name: 'ScreenRec',
      type: 'n8n-nodes-screenrec.screenRec',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    }),
    helpers: {
      ...helpers,
      prepareBinaryData: async (data) => {
        for await (const _chunk of data as AsyncIterable<Buffer>) void _chunk;
        return { data: '', mimeType: 'video/mp4' };
      },
    },
  };
  const call = async () => {
    await transport({
      method: 'GET',
      url: `${base}/status`,
      headers: {},
      timeoutMs: LIMIT_MS,
      maxBodyBytes: 1_000_000,
      signal: new AbortController().signal,
    });
    await downloadVideo(context, `${base}/video`, 'video', { signal: new AbortController().signal, deadline: Date.now() + LIMIT_MS });
  };
  for (let warmUp = 0; warmUp < 200; warmUp++) await call();
  handedToN8n.length = 0;
  const before = await heapAfterCollection();
  for (let made = 0; made < CALLS; made++) await call();
  const after = await heapAfterCollection();
  const alive = stillAlive(handedToN8n);
  process.stdout.write(
    `${JSON.stringify({ requests: handedToN8n.length, alive, heapBytesPerCall: Math.round((after - before) / CALLS) })}\n`,
  );
  server.close();
  process.exit(0);
});
