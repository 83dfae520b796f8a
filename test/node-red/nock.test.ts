import { OPERATIONS, OPERATION_NAMES } from '@screenrec/core';
import { CASES } from '../behaviour/cases';
import { playedOn } from '../behaviour/service';
import { actionCases } from './action.cases';
import { connectionCases } from './connection.cases';
import { OPERATIONS_WITH_CASES } from './flows';
import { useNockRuntime } from './nock-runtime';
import { waitAndVideoReadyCases } from './wait-and-video-ready.cases';

useNockRuntime();
actionCases();
connectionCases();
waitAndVideoReadyCases();

it('has a case for every catalogue operation the package offers (each one Node-RED released a key for), here or in the behaviour table', () => {
  const offered = OPERATION_NAMES.filter((name) => OPERATIONS[name].keys.nodeRed !== undefined);
  // test/behaviour/node-red.test.ts plays each row of the table that Node-RED plays through the action node.
  const inTable = new Set(
    CASES.filter((testCase) => playedOn(testCase, 'nodeRed') !== undefined).map((testCase) => testCase.step.operation),
  );
  expect(offered.filter((name) => !OPERATIONS_WITH_CASES.has(name) && !inTable.has(name))).toEqual([]);
});
