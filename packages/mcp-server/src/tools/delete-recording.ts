import { Uuid } from '@screenrec/core';
import { z } from 'zod';
import { RecordingId } from '../schemas';
import { defineTool } from './tool';

export const deleteRecording = defineTool({
  name: 'delete_recording',
  title: 'Delete recording',
  description:
    'Delete a recording and its video for good: this cannot be undone. Confirm with the user first, naming the recording ' +
    '(get_recording shows what it is).',
  side: 'rest',
  input: z.strictObject({ recordingId: RecordingId }),
  output: z.object({ recordingId: Uuid, deleted: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ recordingId }, call, connections) {
    await connections.rest().deleteRecording(recordingId, call);
    return { structured: { recordingId, deleted: true as const }, text: `Deleted recording ${recordingId} and its video.` };
  },
});
