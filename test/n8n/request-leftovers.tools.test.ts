import { join } from 'node:path';
import { runInOwnProcess } from '../support/own-process';

jest.setTimeout(120_000);

const REPO_ROOT = join(__dirname, '../..');

/** The child's figures: requests sent through n8n's helper, their signals still alive, heap growth per call. */
function measure(...args: string[]): { requests: number; alive: number; heapBytesPerCall: number } {
  return runInOwnProcess(join(__dirname, 'children/n8n-request-leftovers.ts'), {
    external: ['n8n-core', 'n8n-core/*', 'n8n-workflow', 'zod', 'zod/*'],
    // The package's own paths: its core imports are core's TypeScript source.
    tsconfig: join(REPO_ROOT, 'packages/n8n-nodes-screenrec/tsconfig.json'),
    args,
    timeoutMs: 100_000,
  });
}

/**
 * n8n runs for months: a request of the n8n package that has ended keeps nothing alive. Measured in a process of its
 * own (see the child), through n8n's real httpRequest helper: 3,000 requests (API calls and video downloads) with
 * a 60 s limit each.
 */
it('3,000 finished n8n-side requests leave no signal alive and the heap where it was', () => {
  const { requests, alive, heapBytesPerCall } = measure();
  expect(requests).toBe(3_000);
  expect(alive).toBe(0);
  // A call here is two requests (an API call and a download): about 690 bytes a call stay either way (n8n's
  // helper, the connection pool, the WeakRefs counted here); a request held by its timer adds about 1.2 kB.
  expect(heapBytesPerCall).toBeLessThan(1_000);
});

it('would catch a leak: API calls whose signal also goes through AbortSignal.any and AbortSignal.timeout stay in the heap', () => {
  const { requests, heapBytesPerCall } = measure('retaining');
  expect(requests).toBe(3_000);
  expect(heapBytesPerCall).toBeGreaterThan(1_500);
});
