import { Recording, recordingLabel } from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { TOOL_ICONS } from '../icons';
import { RecordingId } from '../schemas';
import { defineTool } from './tool';

export const deleteRecording = defineTool({
  name: 'delete_recording',
  title: 'Delete recording',
  description:
    'Delete a recording and its video for good: this cannot be undone. The user is asked to confirm, with the ' +
    'recording named, when the MCP client can ask; otherwise confirm with the user first yourself (get_recording ' +
    'shows what it is). Returns the recording as it was before deletion, with deleted: true.',
  serviceInterface: 'rest',
  input: z.strictObject({ recordingId: RecordingId }),
  output: Recording.extend({ deleted: z.literal(true).describe('Always true: the recording and its video are gone.') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  icons: TOOL_ICONS.delete,
  async run({ recordingId }, call, connections, context) {
    const confirmation = context.confirmation();
    if (confirmation === 'declined') {
      return { declined: `Not deleted: the user declined to delete recording ${recordingId}. Nothing was deleted.` };
    }
    if (confirmation === 'unasked') {
      // The question names the recording as the user knows it, so it is read first.
      const recording = await connections.rest().getRecording(recordingId, call);
      return {
        ask: `Delete this ScreenRec recording and its video for good? ${recordingLabel(recording, localTimeZone())}. This cannot be undone.`,
      };
    }
    // Core reads the recording before deleting it: the result shows what was deleted, as on Zapier and n8n.
    const recording = await connections.rest().deleteRecording(recordingId, call);
    return {
      structured: { ...recording, deleted: true as const },
      text: `Deleted this recording and its video: ${describeRecording(recording)}.`,
    };
  },
});

/** The server runs on the user's machine (stdio, loopback HTTP): its zone is the user's. */
function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
