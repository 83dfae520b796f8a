import { InvalidInputError, Recording, cleanTags, describeFieldErrors, invalidInputMessage } from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { RecordingId, UpdateComment, UpdateTags } from '../schemas';
import { defineTool } from './tool';

/** An update with neither tags nor comment: refused, naming the field, before anything is sent. */
export const NOTHING_TO_CHANGE = [{ path: 'tags', message: 'give tags or comment (or both): there is nothing to change' }];

export const updateRecording = defineTool({
  name: 'update_recording',
  title: 'Update recording',
  description:
    "Change a recording's tags and/or internal comment. Each field given REPLACES the current value (tags are not " +
    'merged: read them with get_recording first to add or remove one); a field left out stays as it is. tags: [] ' +
    'removes every tag, and comment: "" clears the comment. Returns the updated recording.',
  side: 'rest',
  input: z.strictObject({ recordingId: RecordingId, tags: UpdateTags.optional(), comment: UpdateComment.optional() }),
  output: Recording,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ recordingId, tags, comment }, call, connections) {
    if (tags === undefined && comment === undefined) {
      throw new InvalidInputError(invalidInputMessage(describeFieldErrors(NOTHING_TO_CHANGE)), { fieldErrors: NOTHING_TO_CHANGE });
    }
    const changes = { ...(tags === undefined ? {} : { tags: cleanTags(tags) }), ...(comment === undefined ? {} : { comment }) };
    const recording = await connections.rest().updateRecording(recordingId, changes, call);
    return { structured: recording, text: `Updated recording ${describeRecording(recording)}.` };
  },
});
