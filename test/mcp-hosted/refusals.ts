import { request } from 'node:http';
import { connect } from 'node:net';
import type { Checks } from '../support/checks';
import { expectThat } from '../support/checks';
import type { ConnectedWorkspace } from '../support/reference-server';
import { callTool, connectClient, credentialHeaders, ok, textOf } from './clients';
import type { Listener } from './service-proxy';
import type { Target } from './targets';

const UNKNOWN_WORKSPACE = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const WORKSPACE_HELP =
  'as the header "X-ScreenRec-Workspace-Id: <workspace ID>" or at the end of the address, /mcp/<workspace ID> (the UUID shown in the ScreenRec dashboard)';

/** Core's message for a refused key, and where a user of the endpoint puts a new one: their client's headers. */
const WRONG_KEY_MESSAGE =
  "The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect. " +
  'The API key is the header "Authorization: Bearer <API key>" in your MCP client\'s configuration of this server: put the new key there.';

interface RefusalCase {
  name: string;
  path?: string;
  headers: (workspace: ConnectedWorkspace, decoy: string) => Record<string, string>;
  status: 401 | 404;
  message: string;
}

/** Requests the endpoint must refuse before anything reaches ScreenRec, each with the exact message a user reads. */
const REFUSAL_CASES: RefusalCase[] = [
  {
    name: 'no Authorization header',
    headers: (w) => ({ 'x-screenrec-workspace-id': w.workspaceId }),
    status: 401,
    message:
      'Unauthorized: send your ScreenRec API key as the header "Authorization: Bearer <API key>" (create one in the ScreenRec dashboard\'s API section).',
  },
  {
    name: 'Basic instead of Bearer',
    headers: (w) => ({ authorization: `Basic ${w.apiKey}`, 'x-screenrec-workspace-id': w.workspaceId }),
    status: 401,
    message: 'Unauthorized: the Authorization header must be "Bearer <API key>", with your ScreenRec API key after the word Bearer.',
  },
  {
    name: 'Bearer with no key',
    headers: (w) => ({ authorization: 'Bearer ', 'x-screenrec-workspace-id': w.workspaceId }),
    status: 401,
    message: 'Unauthorized: the Authorization header must be "Bearer <API key>", with your ScreenRec API key after the word Bearer.',
  },
  {
    name: 'no workspace',
    headers: (w) => ({ authorization: `Bearer ${w.apiKey}` }),
    status: 401,
    message: `Unauthorized: send your workspace's ID ${WORKSPACE_HELP}.`,
  },
  {
    name: 'workspace header not a UUID',
    headers: (w) => ({ authorization: `Bearer ${w.apiKey}`, 'x-screenrec-workspace-id': `${w.workspaceId}x` }),
    status: 401,
    message: `Unauthorized: the workspace ID must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c: send it ${WORKSPACE_HELP}.`,
  },
  {
    name: 'an address in place of the workspace in the path',
    path: '/DECOY',
    headers: (w) => ({ authorization: `Bearer ${w.apiKey}` }),
    status: 401,
    message: `Unauthorized: the workspace ID must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c: send it ${WORKSPACE_HELP}.`,
  },
  {
    name: 'two different workspaces, path and header',
    path: `/${UNKNOWN_WORKSPACE}`,
    headers: (w) => ({ authorization: `Bearer ${w.apiKey}`, 'x-screenrec-workspace-id': w.workspaceId }),
    status: 401,
    message: 'Unauthorized: the workspace ID in the address and the one in X-ScreenRec-Workspace-Id differ: send one of them.',
  },
  {
    name: 'unknown hook provider',
    headers: (w) => ({ ...credentialHeaders(w), 'x-screenrec-hook-provider': 'MAKE' }),
    status: 401,
    message: 'Unauthorized: X-ScreenRec-Hook-Provider must be ZAPIER or N8N (the integration the backend token belongs to), or left out.',
  },
  {
    name: 'a path beside the endpoint',
    path: '/../admin',
    headers: (w) => credentialHeaders(w),
    status: 404,
    message: 'Not found: the MCP endpoint is /mcp, or /mcp/<workspace ID>.',
  },
];

/** A tools/call as a 2025 client posts it: had it passed the checks, it would have reached ScreenRec. */
const TOOL_CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'find_recordings', arguments: {} } });

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One POST through node:http, which sends any Host header and path as given (fetch normalises both). */
function post(url: string, path: string, headers: Record<string, string>, body = TOOL_CALL): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          ...headers,
        },
      },
      (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface Surroundings {
  service: Listener;
  decoy: Listener;
  tenant: ConnectedWorkspace;
  /** The tenant's recordings, all tagged `tag`. */
  recordingIds: string[];
  tag: string;
}

/** Each refusal: its status, its exact message, nothing of what was sent in it, and no request to ScreenRec. */
export async function refusalChecks(checks: Checks, target: Target, around: Surroundings): Promise<void> {
  for (const one of REFUSAL_CASES) {
    await checks.check(`${one.name}: ${one.status} with the message saying what to send, nothing sent echoed`, async () => {
      const before = around.service.paths.length;
      const headers = one.headers(around.tenant, around.decoy.url);
      const path = new URL(target.url).pathname + (one.path ?? '').replace('DECOY', encodeURIComponent(around.decoy.url));
      const answer = await post(target.url, path, headers);
      const message = (JSON.parse(answer.body) as { error?: { message?: string } }).error?.message;
      expectThat(answer.status === one.status, `status ${answer.status}: ${answer.body}`);
      expectThat(message === one.message, `the message was ${JSON.stringify(message)}`);
      expectThat(
        one.status !== 401 || answer.headers['www-authenticate'] === 'Bearer',
        `WWW-Authenticate ${answer.headers['www-authenticate']}`,
      );
      for (const secret of [around.tenant.apiKey, around.tenant.backendToken])
        expectThat(!answer.body.includes(secret), 'the answer repeats a credential');
      const reached = around.service.paths.length - before;
      expectThat(reached === 0, `${reached} requests reached ScreenRec`);
      console.log(`     case "${one.name}": ${answer.status}, ${reached} requests to ScreenRec, ${around.decoy.paths.length} to the decoy`);
    });
  }

  await checks.check('a wrong API key: the tool says ScreenRec refused it, without the key', async () => {
    const wrongKey = 'sk_wrong_0123456789abcdef';
    const client = await connectClient('2025', target.url, { ...credentialHeaders(around.tenant), authorization: `Bearer ${wrongKey}` });
    try {
      const before = around.service.countFor(around.tenant.workspaceId);
      const answer = await callTool(client, 'find_recordings', {});
      const text = textOf(answer);
      expectThat(answer.isError === true && text === WRONG_KEY_MESSAGE, `it answered ${text}`);
      const reached = around.service.countFor(around.tenant.workspaceId) - before;
      console.log(`     case "a wrong API key": "${text}", ${reached} requests to ScreenRec`);
    } finally {
      await client.close();
    }
  });

  await checks.check("a request naming another ScreenRec (headers, query, Host) still reaches the deployment's, and only it", async () => {
    const decoyHost = new URL(around.decoy.url).host;
    const decoyHeaders = {
      'x-screenrec-base-url': around.decoy.url,
      'x-forwarded-host': decoyHost,
      'x-forwarded-proto': 'http',
      forwarded: `host=${decoyHost};proto=http`,
      'x-original-url': around.decoy.url,
    };
    const query = `?baseUrl=${encodeURIComponent(around.decoy.url)}&SCREENREC_BASE_URL=${encodeURIComponent(around.decoy.url)}`;
    const before = around.service.countFor(around.tenant.workspaceId);
    const client = await connectClient('2025', `${target.url}${query}`, { ...credentialHeaders(around.tenant), ...decoyHeaders });
    let found: string[];
    try {
      const page = await ok<{ recordings: Array<{ id: string }> }>(client, 'find_recordings', { tags: [around.tag] });
      found = page.recordings.map((recording) => recording.id).sort();
    } finally {
      await client.close();
    }
    // With a forged Host too, through node:http: the 2025 stateless leg serves a lone tools/call.
    const raw = await post(target.url, new URL(target.url).pathname + query, {
      ...credentialHeaders(around.tenant),
      ...decoyHeaders,
      host: decoyHost,
    });
    expectThat(
      raw.status === 200 && raw.body.includes(around.recordingIds[0]!),
      `the forged Host got ${raw.status}: ${raw.body.slice(0, 300)}`,
    );
    expectThat(JSON.stringify(found) === JSON.stringify([...around.recordingIds].sort()), `found ${JSON.stringify(found)}`);
    expectThat(around.decoy.paths.length === 0, `the decoy got ${around.decoy.paths.join(', ')}`);
    const reached = around.service.countFor(around.tenant.workspaceId) - before;
    console.log(
      `     case "a request naming another ScreenRec": ${reached} requests to the deployment's ScreenRec, ${around.decoy.paths.length} to the decoy`,
    );
  });
}

const BODY_BYTES = 20 * 1024 * 1024;

/**
 * A client that sends a 20 MiB body whole before it reads anything: it gets the answer only if the endpoint drops the
 * body's rest before closing. Resolves with the status line it read, or the socket error that ended it.
 */
function sendWholeThenRead(url: string, headers: Record<string, string>): Promise<string> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ port: Number(target.port), host: target.hostname, allowHalfOpen: true });
    const received: Buffer[] = [];
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.once('close', () => resolve(Buffer.concat(received).toString('latin1').split('\r\n')[0] ?? ''));
    socket.pause();
    const head = { ...headers, host: target.host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${target.pathname} HTTP/1.1\r\n${lines.join('')}content-length: ${BODY_BYTES}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < BODY_BYTES && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      socket.end();
      socket.resume();
    };
    pump();
  });
}

/** A body past the limit: the 413 reaches even a client that reads only once it has sent the whole body. */
export async function bodyTooLargeCheck(checks: Checks, target: Target, tenant: ConnectedWorkspace): Promise<void> {
  await checks.check('a 20 MiB body sent whole before reading: the client reads the 413, 5 times of 5', async () => {
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) outcomes.push(await sendWholeThenRead(target.url, credentialHeaders(tenant)));
    expectThat(
      outcomes.every((line) => line === 'HTTP/1.1 413 Payload Too Large'),
      `read ${outcomes.join(', ')}`,
    );
  });
}
