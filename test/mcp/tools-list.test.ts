import { useNock } from '../support/nock';
import { BACKEND_TOKEN, REST_ENV, connectClient } from './harness';

useNock();

describe('the tools an MCP client is offered', () => {
  it('lists the eight REST tools with their annotations when no backend token is set', async () => {
    const { client, close } = await connectClient(REST_ENV);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
        [
          'create_recording_request',
          { title: 'Create recording request', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
        ],
        ['find_recordings', { title: 'Find recordings', readOnlyHint: true, openWorldHint: false }],
        ['get_recording', { title: 'Get recording', readOnlyHint: true, openWorldHint: false }],
        ['wait_for_recording', { title: 'Wait for recording', readOnlyHint: true, idempotentHint: true, openWorldHint: false }],
        ['get_video_url', { title: 'Get video URL', readOnlyHint: true, openWorldHint: false }],
        [
          'update_recording',
          { title: 'Update recording', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        ],
        [
          'delete_recording',
          { title: 'Delete recording', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        ],
        ['search_tags', { title: 'Search tags', readOnlyHint: true, openWorldHint: false }],
      ]);
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
        title: 'Create recording link',
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
      const get = tools.find((tool) => tool.name === 'get_recording')!;
      expect(get.inputSchema.required).toEqual(['recordingId']);
      expect(get.inputSchema.properties?.recordingId).toMatchObject({ type: 'string', format: 'uuid' });
    } finally {
      await close();
    }
  });
});
