/**
 * The contract in a browser page: the suite calls `runContract(configuration)` once the page has loaded this script.
 */
import { runContract } from './contract';

(globalThis as { runContract?: typeof runContract }).runContract = runContract;
