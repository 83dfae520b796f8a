import { OPERATIONS, RECORDING_FIELDS, operationByKey } from '@screenrec/core';
import { useNock } from '../support/nock';
import { BACKEND_TOKEN, REST_ENV, connectClient } from './harness';

useNock();

describe('the tools an MCP client is offered', () => {
  it("lists the eight REST tools, in the catalogue's order, named and hinted as the catalogue says", async () => {
    const { client, close } = await connectClient(REST_ENV);
    try {
      const { tools } = await client.listTools();
      const READS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
      expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
        [
          'create_recording_request',
          { title: 'Request Recording by Email', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
        ],
        ['get_recording', { title: 'Get Recording', ...READS }],
        ['find_recordings', { title: 'Find Recordings', ...READS }],
        ['get_video_url', { title: 'Get Video URL', ...READS }],
        [
          'update_recording',
          { title: 'Update Recording', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        ],
        [
          'delete_recording',
          { title: 'Delete Recording', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        ],
        ['search_tags', { title: 'Search Tags', ...READS }],
        ['wait_for_recording', { title: 'Wait for Video', ...READS }],
      ]);
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
