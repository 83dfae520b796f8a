import { OPERATIONS, OPERATION_NAMES } from '@screenrec/core';
import { actionCases } from './action.cases';
import { connectionCases } from './connection.cases';
import { OPERATIONS_WITH_CASES } from './flows';
import { useNockRuntime } from './nock-runtime';
import { waitAndVideoReadyCases } from './wait-and-video-ready.cases';

useNockRuntime();
actionCases();
connectionCases();
waitAndVideoReadyCases();

it('has a case for every catalogue operation the package offers (each one Node-RED released a key for)', () => {
  const offered = OPERATION_NAMES.filter((name) => OPERATIONS[name].keys.nodeRed !== undefined);
  expect(offered.filter((name) => !OPERATIONS_WITH_CASES.has(name))).toEqual([]);
});
