import nock from 'nock';
import { useNock } from '@screenrec/test-support/nock';
import { startRuntime, type Runtime } from './runtime';

let started: Runtime | undefined;

/**
 * One Node-RED runtime for every nock-backed case of this folder: node-red-node-test-helper takes seconds to load in
 * each jest test file, so the cases share one file (test/behaviour/node-red-nock.test.ts) and this runtime. Loopback stays reachable: the
 * cases call Node-RED's own HTTP endpoints.
 */
export function useNockRuntime(): void {
  useNock();
  beforeAll(async () => {
    nock.enableNetConnect(/^127\.0\.0\.1/);
    started = await startRuntime();
  });
  afterAll(() => started?.stop());
}

export function runtime(): Runtime {
  if (started === undefined) throw new Error('useNockRuntime() starts the runtime before the cases run');
  return started;
}
