import { OPERATIONS, OPERATION_NAMES } from 'screenrec';
import { actionCases } from '../../packages/node-red-screenrec/test/action.cases';
import { connectionCases } from '../../packages/node-red-screenrec/test/connection.cases';
import { OPERATIONS_WITH_CASES } from '../../packages/node-red-screenrec/test/flows';
import { lifecycleCases } from '../../packages/node-red-screenrec/test/lifecycle.cases';
import { useNockRuntime } from '../../packages/node-red-screenrec/test/nock-runtime';
import { waitAndVideoReadyCases } from '../../packages/node-red-screenrec/test/wait-and-video-ready.cases';
import { CASES } from './cases';
import { playedOn } from './service';

useNockRuntime();
actionCases();
connectionCases();
waitAndVideoReadyCases();
lifecycleCases();

it('has a case for every catalogue operation the package offers (each one Node-RED released a key for), here or in the behaviour table', () => {
  const offered = OPERATION_NAMES.filter((name) => OPERATIONS[name].keys.nodeRed !== undefined);
  // test/behaviour/node-red.test.ts plays each row of the table that Node-RED plays through the action node.
  const inTable = new Set(
    CASES.filter((testCase) => playedOn(testCase, 'nodeRed') !== undefined).map((testCase) => testCase.step.operation),
  );
  expect(offered.filter((name) => !OPERATIONS_WITH_CASES.has(name) && !inTable.has(name))).toEqual([]);
});
