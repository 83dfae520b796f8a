import { Recording } from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { RecordingId } from '../schemas';
import { defineTool } from './tool';

export const deleteRecording = defineTool({
  name: 'delete_recording',
  title: 'Delete recording',
  description:
    'Delete a recording and its video for good: this cannot be undone. Confirm with the user first, naming the recording ' +
    '(get_recording shows what it is). Returns the recording as it was before deletion, with deleted: true.',
  side: 'rest',
  input: z.strictObject({ recordingId: RecordingId }),
  output: Recording.extend({ deleted: z.literal(true).describe('Always true: the recording and its video are gone.') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ recordingId }, call, connections) {
    // Core reads the recording before deleting it: the result shows what was deleted, as on Zapier and n8n.
    const recording = await connections.rest().deleteRecording(recordingId, call);
    return { structured: { ...recording, deleted: true as const }, text: `Deleted this recording and its video: ${describeRecording(recording)}.` };
  },
});
