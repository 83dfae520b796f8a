import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BASE_URL_WITH_CREDENTIALS, INPUT_FIELDS, OPERATIONS, inputKey, operationByKey, type InputName } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import { REST_TOOLS_IN_ORDER } from './clients';
import { API_KEY, BACKEND_TOKEN, BASE_URL, RECORDING_ID, WORKSPACE_ID, callTool, connectClient } from './harness';

useNock();

const SET_IT =
  'Set it in the server\'s environment (the "env" of its entry in your MCP client\'s configuration), then restart the MCP client.';
const notSetUp = (...problems: string[]) => ({
  content: [{ type: 'text', text: `ScreenRec is not set up in this MCP server: ${problems.join('; ')}. ${SET_IT}` }],
  isError: true,
});
const BASE_URL_UNSET = "SCREENREC_BASE_URL is not set (the ScreenRec service's address, such as https://api.screenrec.example)";
const WORKSPACE_UNSET = "SCREENREC_WORKSPACE_ID is not set (the workspace's ID, a UUID shown in the ScreenRec dashboard)";
const KEY_UNSET = "SCREENREC_API_KEY is not set (an API key, created in the ScreenRec dashboard's API section)";

/** A valid call of every tool: each of its inputs the tool offers (by its MCP name), at the catalogue's example. */
function validArguments(tool: Tool): Record<string, unknown> {
  const name = operationByKey('mcp', tool.name);
  if (name === undefined) throw new Error(`${tool.name} is no catalogue operation`);
  const inputs: readonly InputName[] = OPERATIONS[name].inputs;
  const offered = tool.inputSchema.properties ?? {};
  return Object.fromEntries(
    inputs
      .filter((input) => Object.hasOwn(offered, inputKey(input, 'mcp')))
      .map((input) => [inputKey(input, 'mcp'), INPUT_FIELDS[input].example]),
  );
}

describe('a server started without (or with wrong) settings', () => {
  it("takes a bundle's optional field left empty (passed as its unexpanded placeholder) for unset", async () => {
    const { client, close } = await connectClient({
      SCREENREC_BASE_URL: BASE_URL,
      SCREENREC_BACKEND_TOKEN: '${user_config.backend_token}',
    });
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('create_recording_link');
    } finally {
      await close();
    }
  });

  it('starts, offers every tool, and each one says what to set; nothing is sent', async () => {
    const { client, close, logs } = await connectClient({});
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(REST_TOOLS_IN_ORDER);
      for (const tool of tools) {
        const answer = await callTool(client, tool.name, validArguments(tool));
        expect([tool.name, answer]).toEqual([tool.name, notSetUp(BASE_URL_UNSET, WORKSPACE_UNSET, KEY_UNSET)]);
      }
      expect(logs).toContainEqual(expect.stringMatching(/^find_recordings: NOT_CONFIGURED after \d+ ms$/));
    } finally {
      await close();
    }
  });

  it('names only what is missing', async () => {
    const { client, close } = await connectClient({
      SCREENREC_BASE_URL: BASE_URL,
      SCREENREC_WORKSPACE_ID: ` ${WORKSPACE_ID} `,
      SCREENREC_API_KEY: '  ',
    });
    try {
      expect(await callTool(client, 'find_recordings')).toEqual(notSetUp(KEY_UNSET));
    } finally {
      await close();
    }
  });

  it('names a wrong value with core rule for it, and never repeats a secret', async () => {
    const wrongWorkspace = await connectClient({
      SCREENREC_BASE_URL: BASE_URL,
      SCREENREC_WORKSPACE_ID: 'acme',
      SCREENREC_API_KEY: API_KEY,
    });
    try {
      expect(await callTool(wrongWorkspace.client, 'find_recordings')).toEqual(
        notSetUp('SCREENREC_WORKSPACE_ID must be a UUID such as 3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c'),
      );
    } finally {
      await wrongWorkspace.close();
    }
    const withPassword = await connectClient({
      SCREENREC_BASE_URL: `https://admin:${API_KEY}@api.screenrec.test`,
      SCREENREC_WORKSPACE_ID: WORKSPACE_ID,
      SCREENREC_API_KEY: API_KEY,
    });
    try {
      const result = await callTool(withPassword.client, 'get_recording', { recordingId: RECORDING_ID });
      expect(result).toEqual(notSetUp(`SCREENREC_BASE_URL ${BASE_URL_WITH_CREDENTIALS}`));
      expect(JSON.stringify(result)).not.toContain(API_KEY);
    } finally {
      await withPassword.close();
    }
  });

  it('reports a wrong optional setting in every tool', async () => {
    const { client, close } = await connectClient({
      SCREENREC_BASE_URL: BASE_URL,
      SCREENREC_WORKSPACE_ID: WORKSPACE_ID,
      SCREENREC_API_KEY: API_KEY,
      SCREENREC_TOOL_TIMEOUT_SECONDS: 'soon',
    });
    try {
      expect(await callTool(client, 'search_tags', { query: 'a' })).toEqual(
        notSetUp('SCREENREC_TOOL_TIMEOUT_SECONDS must be a number of seconds from 1 to 600'),
      );
    } finally {
      await close();
    }
  });

  it('offers create_recording_link with only a backend token, and it says the Service URL is missing', async () => {
    const { client, close } = await connectClient({ SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN, SCREENREC_HOOK_PROVIDER: 'N8N' });
    try {
      expect(await callTool(client, 'create_recording_link', { externalReference: 'TICKET-42' })).toEqual(notSetUp(BASE_URL_UNSET));
    } finally {
      await close();
    }
  });

  it('answers a resource read with the same message, as a protocol error (resources have no error result)', async () => {
    const { client, close } = await connectClient({});
    try {
      await expect(client.readResource({ uri: `screenrec://recordings/${RECORDING_ID}` })).rejects.toThrow(
        `ScreenRec is not set up in this MCP server: ${BASE_URL_UNSET}; ${WORKSPACE_UNSET}; ${KEY_UNSET}. ${SET_IT}`,
      );
    } finally {
      await close();
    }
  });
});
