import { SERVER_VERSION } from '../src/server';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { driverOf } from './clients';
import { clientRunsOfEveryTool } from './clients-every-tool';
import { spawnStdioServer } from './stdio-bin';

// Real clients of both protocol eras, each driving every tool of the built bin against the reference server. The
// MCP Inspector's CLI (a process per call) does the same in `npm run test:tools` (clients-inspector.tools.test.ts).
jest.setTimeout(180_000);

const setting = clientRunsOfEveryTool([
  ['v1', 'stdio', 'the v1 SDK client (2025-11-25)'],
  ['v1', 'http', 'the v1 SDK client (2025-11-25)'],
  ['v2', 'stdio', 'the v2 SDK client (2026-07-28)'],
  ['v2', 'http', 'the v2 SDK client (2026-07-28)'],
]);

describe("the bin's log over stdio", () => {
  it('says where it serves and each call, on stderr, with no secret in it', async () => {
    const { env, service, workspace } = setting();
    const spawned = await spawnStdioServer(env);
    try {
      const mcp = driverOf(spawned.client);
      expect((await mcp.callTool('search_tags', { query: 'log' })).isError).toBeUndefined();
      // The bin logs a call after answering it: wait for the line itself.
      await spawned.stderrSays('search_tags: ok');
    } finally {
      await spawned.close();
    }
    expect(spawned.stderr()).toContain(
      `screenrec-mcp: ${SERVER_VERSION} over stdio: ScreenRec at ${service.baseUrl}, with create_recording_link`,
    );
    expectNoSecretsIn([spawned.stderr()], [workspace.apiKey, workspace.backendToken]);
  });
});
