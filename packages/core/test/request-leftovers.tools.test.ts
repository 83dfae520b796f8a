import { join } from 'node:path';
import { runInOwnProcess } from '@screenrec/test-support/own-process';

/**
 * A request that has ended, answered or failed, keeps nothing alive: a timer left to its timeout held the request,
 * and what its signal reaches, in memory for the whole timeout (about 2 kB a call on Node 22: after 32,000 MCP
 * tool calls with a 50 s deadline, 68 MB of heap instead of 24 MB). Measured in a process of its own (see the child).
 */
it('3,000 finished requests with a 60 s timeout leave no signal alive and the heap where it was', () => {
  const { calls, alive, heapBytesPerCall } = runInOwnProcess<{ calls: number; alive: number; heapBytesPerCall: number }>(
    join(__dirname, 'children/request-leftovers.ts'),
  );
  expect(calls).toBe(3_000);
  expect(alive).toBe(0);
  // About 400 bytes a call stay after 3,000 calls either way (compiled code, the connection pool); a held request is 2 kB more.
  expect(heapBytesPerCall).toBeLessThan(1_000);
});
