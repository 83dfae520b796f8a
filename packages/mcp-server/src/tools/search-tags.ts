import { OPERATIONS } from 'screenrec';
import * as z from 'zod';
import { TOOL_ICONS } from '../icons';
import { fromOperation, toolShape } from './catalogue';
import { defineTool } from './tool';

const operation = OPERATIONS.searchTags;

/** Irregular: released answering `{ tags }`, a list of texts, where a derived tool would answer `{ items }` of `{ tag }`. */
export const searchTags = defineTool({
  ...fromOperation(
    operation,
    'Use it to reuse an existing tag exactly (for find_recordings or update_recording) instead of inventing a new spelling.',
  ),
  serviceInterface: 'rest',
  input: z.strictObject(toolShape(operation.inputs, operation.required)),
  output: z.object({ tags: z.array(operation.output.shape.tag).describe(`${operation.returns}.`) }),
  icons: TOOL_ICONS.tag,
  async run({ query }, call, connections) {
    const tags = await connections.rest().searchTags(query, call);
    const text = tags.length === 0 ? `No tag contains "${query}".` : `Tags containing "${query}": ${tags.join(', ')}`;
    return { structured: { tags }, text };
  },
});
