/**
 * `npm run test:load`: bounded load on loopback, with autocannon. The reference service (its built CLI, as `npm start`
 * runs it) takes 200 connections on a REST read and 2,000 creates at once; then the MCP server's hosted endpoint on
 * Node (`screenrec-mcp --hosted`, header mode) takes 4,000 tool calls, 24 in flight, while its memory is sampled.
 * Every run has a fixed number of requests; only the read's p99 is held to a time. Prints a line per check with the
 * figures measured under it, then one closing "load: N passed, M failed (T s)"; exits non-zero on failure. Stops
 * what it started, by process id.
 */
import { Checks } from '../support/checks';
import { startReferenceServer, type RunningServer } from '../support/reference-server';
import { startNode, type Target } from '../mcp-hosted/targets';
import { mcpLoadCheck } from './mcp-load';
import { serviceLoadChecks } from './service-load';

async function main(): Promise<void> {
  const started = Date.now();
  const checks = new Checks();
  let service: RunningServer | undefined;
  let endpoint: Target | undefined;
  try {
    service = await startReferenceServer();
    await serviceLoadChecks(checks, service);
    endpoint = await startNode(service.baseUrl);
    await mcpLoadCheck(checks, service, endpoint);
  } catch (error) {
    checks.fail('running the suite', error);
  } finally {
    await endpoint?.stop();
    await service?.stop();
  }
  console.log(checks.summary('load', started));
  process.exitCode = checks.exitCode();
}

void main();
