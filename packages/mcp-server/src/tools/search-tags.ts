import { z } from 'zod';
import { TOOL_ICONS } from '../icons';
import { defineTool } from './tool';

export const searchTags = defineTool({
  name: 'search_tags',
  title: 'Search tags',
  description:
    'Find the tags already used in the workspace whose name contains the given text (case-insensitive). Use it to ' +
    'reuse an existing tag exactly (for find_recordings or update_recording) instead of inventing a new spelling.',
  serviceInterface: 'rest',
  input: z.strictObject({
    query: z.string().trim().min(1, { error: 'must not be empty' }).describe('Part of the tag name, such as "onb" for "onboarding".'),
  }),
  output: z.object({ tags: z.array(z.string()).describe('Matching tags, each once.') }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  icons: TOOL_ICONS.tag,
  async run({ query }, call, connections) {
    const tags = await connections.rest().searchTags(query, call);
    const text = tags.length === 0 ? `No tag contains "${query}".` : `Tags containing "${query}": ${tags.join(', ')}`;
    return { structured: { tags }, text };
  },
});
