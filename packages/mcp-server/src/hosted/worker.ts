/**
 * The hosted MCP endpoint as a Cloudflare Worker (wrangler.jsonc beside package.json; built to dist/worker.js by
 * build.mjs). SCREENREC_BASE_URL and SCREENREC_TOOL_TIMEOUT_SECONDS are the Worker's vars; callers bring the rest.
 */
import { drainUnread } from '../lingering';
import { deploymentOf, hostedHandler, notSetUp } from './handler';

export default {
  async fetch(request: Request, env: Readonly<Record<string, unknown>>): Promise<Response> {
    const read = deploymentOf(env);
    if ('problem' in read) return notSetUp(read.problem);
    const answer = await hostedHandler(read.deployment)(request);
    // An early refusal (a 413, a 401) leaves the body unread, and workerd would reset a client still sending it.
    if (answer.status >= 400) await drainUnread(request.body);
    return answer;
  },
};
