import { actionCases } from './action.cases';
import { connectionCases } from './connection.cases';
import { useNockRuntime } from './nock-runtime';
import { waitAndVideoReadyCases } from './wait-and-video-ready.cases';

useNockRuntime();
actionCases();
connectionCases();
waitAndVideoReadyCases();
