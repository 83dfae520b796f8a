import { OPERATIONS, RECORDING_FIELDS, operationByKey } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import { REST_TOOLS_IN_ORDER } from './clients';
import { BACKEND_TOKEN, REST_ENV, connectClient } from './harness';

useNock();

describe('the tools an MCP client is offered', () => {
  it("lists every REST tool of the catalogue, in the catalogue's order, named and hinted as the catalogue says", async () => {
    const { client, close } = await connectClient(REST_ENV);
    try {
      const { tools } = await client.listTools();
      // Only a tool by which someone outside ScreenRec hears of it reaches beyond ScreenRec: an invitation e-mail.
      const OPEN_WORLD = ['create_recording_request'];
      expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual(
        REST_TOOLS_IN_ORDER.map((name) => {
          const { name: title, effects } = OPERATIONS[operationByKey('mcp', name)!];
          const hints = { readOnlyHint: effects.readOnly, destructiveHint: effects.destructive, idempotentHint: effects.idempotent };
          return [name, { title, ...hints, openWorldHint: OPEN_WORLD.includes(name) }];
        }),
      );
      // The catalogue's effects as released: what a client warns of before a call.
      expect(tools.find((tool) => tool.name === 'delete_recording')?.annotations).toMatchObject({
        destructiveHint: true,
        readOnlyHint: false,
      });
      expect(tools.find((tool) => tool.name === 'get_recording')?.annotations).toMatchObject({
        destructiveHint: false,
        readOnlyHint: true,
      });
      // Each tool is its operation: the title is the operation's one name, and the description starts with its summary
      // and what it returns, but where MCP pages or waits its own way and says so in its own words.
      const ownWords = ['find_recordings', 'wait_for_recording'];
      for (const tool of tools) {
        const operation = OPERATIONS[operationByKey('mcp', tool.name)!];
        expect([tool.name, tool.title]).toEqual([tool.name, operation.name]);
        if (!ownWords.includes(tool.name)) expect(tool.description).toContain(`${operation.summary} Returns ${operation.returns}.`);
      }
    } finally {
      await close();
    }
  });

  it('adds create_recording_link when a backend token is set', async () => {
    const { client, close } = await connectClient({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN });
    try {
      const { tools } = await client.listTools();
      const link = tools.find((tool) => tool.name === 'create_recording_link');
      expect(link?.annotations).toEqual({
        title: 'Create Recording Link',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      });
      expect(link?.inputSchema.required).toEqual(['externalReference']);
    } finally {
      await close();
    }
  });

  it('describes every input field for the model, with core checks in the JSON schema', async () => {
    const { client, close } = await connectClient(REST_ENV);
    try {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(80);
        expect(tool.outputSchema?.type).toBe('object');
        for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
          expect([tool.name, field, typeof (schema as { description?: unknown }).description]).toEqual([tool.name, field, 'string']);
        }
      }
      const find = tools.find((tool) => tool.name === 'find_recordings')!;
      expect(find.inputSchema.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(find.inputSchema.properties?.statuses).toMatchObject({
        items: { enum: ['NEW', 'RECORDING', 'REVIEWING', 'PROCESSING', 'COMPLETED'] },
      });
      expect(find.inputSchema.additionalProperties).toBe(false);
      // Every recording field of a result, however deep, is described by the catalogue's help; a tool's own words stay.
      const recordings = find.outputSchema?.properties?.recordings as {
        description: string;
        items: { properties: Record<string, object> };
      };
      expect(recordings.description).toBe('This page, newest first.');
      expect(recordings.items.properties.status).toMatchObject({ description: RECORDING_FIELDS.status.help });
      const get = tools.find((tool) => tool.name === 'get_recording')!;
      expect(get.outputSchema?.properties?.externalReference).toMatchObject({ description: RECORDING_FIELDS.externalReference.help });
      expect(get.inputSchema.required).toEqual(['recordingId']);
      expect(get.inputSchema.properties?.recordingId).toMatchObject({ type: 'string', format: 'uuid' });
    } finally {
      await close();
    }
  });
});
