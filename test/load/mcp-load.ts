import autocannon from 'autocannon';
import { expectThat, type Checks } from '../support/checks';
import type { RunningServer } from '../support/reference-server';
import type { Target } from '../mcp-hosted/targets';
import { boundedLoad, expectAllAnswered, figures } from './cannon';
import { levelling, rssKiB, type RssSample } from './memory';

type LoadRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

const TOOL_CALLS = 4_000;
const IN_FLIGHT = 24;
const SAMPLE_EVERY_CALLS = 25;
/** find_recordings' page when the call names no limit. */
const DEFAULT_LIMIT = 20;
/**
 * How far the last quarter's RSS peak may rise above the second quarter's. Each call builds a server with its tools
 * and ScreenRec clients (tens of kilobytes of heap), so a leak of what a request builds keeps that much for each of
 * the 2,000 calls between the two quarters' ends, and RSS grows by more than what is kept (V8 sizes the heap in
 * proportion to what survives): well past this bound. Without a leak the heap can still grow a step or two late in
 * the run on a busy machine, since when V8's collector grows it depends on the CPU it gets: the bound holds a few
 * such steps, so only growth that goes on fails it.
 */
export const RSS_GROWTH_BOUND_KIB = 64 * 1024;

interface ToolAnswer {
  result?: { isError?: boolean; structuredContent?: { recordings?: unknown[]; total?: number } };
  error?: { message?: string };
}

/** The answer to a lone request: the JSON body (2026-07-28), or the one message of its event stream (2025). */
function jsonRpcOf(body: string, contentType: string | string[] | undefined): ToolAnswer {
  if (String(contentType).startsWith('text/event-stream')) {
    const data = body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice('data: '.length));
    if (data.length !== 1) throw new Error(`${data.length} messages in the stream`);
    return JSON.parse(data[0]!) as ToolAnswer;
  }
  return JSON.parse(body) as ToolAnswer;
}

/**
 * The two stateless ways to call a tool in one POST: a 2025-11-25 tools/call without a session (answered as an event
 * stream) and a 2026-07-28 one with its per-request envelope and Mcp-Method header (answered as JSON).
 */
function toolCallRequests(workspace: { workspaceId: string; apiKey: string }, check: LoadRequest['onResponse']): LoadRequest[] {
  const call = { name: 'find_recordings', arguments: {} };
  const headers = {
    authorization: `Bearer ${workspace.apiKey}`,
    'x-screenrec-workspace-id': workspace.workspaceId,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'screenrec-load', version: '1.0.0' },
  };
  return [
    {
      method: 'POST',
      headers: { ...headers, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }),
      onResponse: check,
    },
    {
      method: 'POST',
      headers: { ...headers, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': call.name },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...call, _meta: envelope } }),
      onResponse: check,
    },
  ];
}

/** Megabytes, one decimal, as the samples are printed. */
const mib = (kib: number) => (kib / 1024).toFixed(1);

/**
 * The hosted endpoint on Node, header mode (the API key as bearer, the workspace in a header): TOOL_CALLS calls of a
 * read tool, IN_FLIGHT at a time, each its own stateless POST, both protocol eras in turn; every one a 200 with the
 * workspace's first page and no error, and the process's memory levelling off over the run.
 */
export async function mcpLoadCheck(checks: Checks, service: RunningServer, endpoint: Target): Promise<void> {
  await checks.check(
    `hosted MCP endpoint on Node, ${TOOL_CALLS.toLocaleString('en-US')} find_recordings calls, ${IN_FLIGHT} in flight: every one a result without error, and RSS levels off (last quarter's peak at most ${mib(RSS_GROWTH_BOUND_KIB)} MiB above the second's)`,
    async () => {
      const { pid } = endpoint;
      expectThat(pid !== undefined, 'the endpoint has no process id');
      const listed = await fetch(`${service.baseUrl}/public/integration/${service.demo.workspaceId}/recordings/list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.demo.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize: 1 }),
      });
      const listing = await listed.text();
      expectThat(listed.status === 200, `the workspace's list answered ${listed.status}: ${listing}`);
      const { totalElements: total } = JSON.parse(listing) as { totalElements: number };
      const expected = { total, onPage: Math.min(total, DEFAULT_LIMIT) };

      const samples: RssSample[] = [{ calls: 0, kib: rssKiB(pid) }];
      let calls = 0;
      let wrong = 0;
      let firstWrong = '';
      const check: LoadRequest['onResponse'] = (status, body, _context, headers) => {
        calls++;
        let problem: string | undefined;
        try {
          if (calls % SAMPLE_EVERY_CALLS === 0) samples.push({ calls, kib: rssKiB(pid) });
          const answer = jsonRpcOf(body, headers['content-type']);
          const structured = answer.result?.structuredContent;
          if (status !== 200) problem = `status ${status}`;
          else if (answer.error !== undefined) problem = `JSON-RPC error ${answer.error.message}`;
          else if (answer.result?.isError === true) problem = 'a tool error';
          else if (structured?.total !== expected.total || structured.recordings?.length !== expected.onPage)
            problem = 'not the first page';
        } catch (error) {
          problem = `could not check it: ${(error as Error).message}`;
        }
        if (problem === undefined) return;
        wrong++;
        firstWrong ||= `${problem}: ${body.slice(0, 300)}`;
      };
      const result = await boundedLoad({
        url: endpoint.url,
        connections: IN_FLIGHT,
        amount: TOOL_CALLS,
        requests: toolCallRequests(service.demo, check),
      });
      const everySixteenth = samples.filter((sample) => sample.calls % (TOOL_CALLS / 16) === 0);
      console.log(`     figures: ${figures(result)}`);
      console.log(`     RSS (MiB) every ${TOOL_CALLS / 16} calls: ${everySixteenth.map((sample) => mib(sample.kib)).join(' ')}`);
      // A wrong answer says why (ScreenRec's refusal, the tool's message) better than the counts that follow from it.
      expectThat(wrong === 0, `${wrong} answers were not the first page without error, the first: ${firstWrong}`);
      expectAllAnswered(result, TOOL_CALLS, 200);
      expectThat(calls === TOOL_CALLS, `${calls} answers read`);
      const memory = levelling(samples, TOOL_CALLS, RSS_GROWTH_BOUND_KIB);
      const sign = memory.growthKiB >= 0 ? '+' : '';
      console.log(
        `     RSS peak of the second quarter ${mib(memory.secondQuarterMaxKiB)} MiB, of the last ${mib(memory.lastQuarterMaxKiB)} MiB (${sign}${mib(memory.growthKiB)})`,
      );
      expectThat(memory.levelsOff, `RSS rose ${mib(memory.growthKiB)} MiB from the second quarter's peak to the last's`);
    },
  );
}
