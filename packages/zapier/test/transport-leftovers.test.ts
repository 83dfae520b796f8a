import { join } from 'node:path';
import { runInOwnProcess } from '@screenrec/test-support/own-process';

/**
 * A Zap step's request that has ended keeps nothing alive: its timeout timer and the listener on core's signal go
 * with it (a timer left to its timeout held the request for the whole timeout). Measured in a process of its own.
 */
it('3,000 finished requests through z.request with a 60 s timeout leave no signal alive', () => {
  expect(runInOwnProcess(join(__dirname, 'children/transport-leftovers.ts'), { external: ['zapier-platform-core'] })).toEqual({
    calls: 3_000,
    alive: 0,
  });
});
