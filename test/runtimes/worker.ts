/**
 * The contract as a Worker (workerd): each POST carries the configuration (JSON) and is answered with the result.
 */
import { runContract, type ContractConfig } from './contract';

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response('POST the contract configuration', { status: 405 });
    const result = await runContract((await request.json()) as ContractConfig);
    return new Response(JSON.stringify(result), { headers: { 'content-type': 'application/json' } });
  },
};
