/**
 * The contract as a command, for Node, Deno and Bun: the configuration as its one argument (JSON), the result as one
 * JSON line on stdout.
 */
import { runContract, type ContractConfig } from './contract';

const deno = (globalThis as { Deno?: { args: string[] } }).Deno;
const [argument] = deno?.args ?? process.argv.slice(2);

void runContract(JSON.parse(argument ?? '{}') as ContractConfig).then((result) => console.log(JSON.stringify(result)));
