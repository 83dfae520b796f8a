/**
 * Run by request-leftovers.tools.test.ts in a node of its own with --expose-gc (the pinned Node 22: a jest worker's
 * realm does not show it). Makes CALLS sequential requests through core's fetch transport to a loopback server,
 * each with its own caller signal and a 60 s timeout, then collects garbage and prints, in JSON, how many of the
 * signals handed to fetch are still alive and how much the heap grew per call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heapAfterCollection, stillAlive } from '@screenrec/test-support/garbage';
import { createFetchTransport } from '../../src/transport/fetch-transport';

const CALLS = 3_000;

const server = createServer((request, response) => {
  request.resume();
  response.end('{"status":"success","workspace":"Acme"}');
});
server.listen(0, '127.0.0.1', async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handedToFetch: Array<WeakRef<AbortSignal>> = [];
  const transport = createFetchTransport((target, init) => {
    handedToFetch.push(new WeakRef(init!.signal!));
    return fetch(target, init);
  });
  const call = () =>
    transport({ method: 'GET', url, headers: {}, timeoutMs: 60_000, maxBodyBytes: 1_000_000, signal: new AbortController().signal });
  for (let warmUp = 0; warmUp < 200; warmUp++) await call();
  handedToFetch.length = 0;
  const before = await heapAfterCollection();
  for (let made = 0; made < CALLS; made++) await call();
  const after = await heapAfterCollection();
  const alive = stillAlive(handedToFetch);
  process.stdout.write(`${JSON.stringify({ calls: CALLS, alive, heapBytesPerCall: Math.round((after - before) / CALLS) })}\n`);
  server.close();
  process.exit(0);
});
