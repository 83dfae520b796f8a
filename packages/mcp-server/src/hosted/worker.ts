/**
 * The hosted MCP endpoint as a Cloudflare Worker (wrangler.jsonc beside package.json; built to dist/worker.js by
 * build.mjs). SCREENREC_BASE_URL and SCREENREC_TOOL_TIMEOUT_SECONDS are the Worker's vars; callers bring the rest.
 */
import { deploymentOf, hostedHandler, notSetUp } from './handler';

export default {
  async fetch(request: Request, env: Readonly<Record<string, unknown>>): Promise<Response> {
    const read = deploymentOf(env);
    if ('problem' in read) return notSetUp(read.problem);
    return hostedHandler(read.deployment)(request);
  },
};
