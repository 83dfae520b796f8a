/**
 * Run by transport-leftovers.test.ts in a node of its own with --expose-gc. Makes CALLS requests through the
 * Zapier transport, over a z.request that answers at once, each with a 60 s timeout, then collects garbage and
 * prints, in JSON, how many of the signals handed to z.request are still alive.
 */
import type { ZObject } from 'zapier-platform-core';
import { zapierTransport } from '../../src/transport';
import { heapAfterCollection, stillAlive } from '@screenrec/test-support/garbage';

const CALLS = 3_000;

const handedToZapier: Array<WeakRef<AbortSignal>> = [];
const z = {
  request: async (options: { signal: AbortSignal }) => {
    handedToZapier.push(new WeakRef(options.signal));
    return { status: 200, headers: new Map([['content-type', 'application/json']]), content: '{"status":"success"}' };
  },
} as unknown as ZObject;

void (async () => {
  const transport = zapierTransport(z);
  for (let made = 0; made < CALLS; made++) {
    await transport({
      method: 'GET',
      url: 'https://screenrec.test/x',
      headers: {},
      timeoutMs: 60_000,
      maxBodyBytes: 1_000_000,
      signal: new AbortController().signal,
    });
  }
  await heapAfterCollection();
  const alive = stillAlive(handedToZapier);
  process.stdout.write(`${JSON.stringify({ calls: CALLS, alive })}\n`);
  process.exit(0);
})();
