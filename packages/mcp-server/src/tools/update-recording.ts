import {
  InvalidInputError,
  Recording,
  describeFieldErrors,
  invalidInputMessage,
  recordingChanges,
  type UpdateRecordingRequest,
} from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { TOOL_ICONS } from '../icons';
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
  serviceInterface: 'rest',
  input: z.strictObject({ recordingId: RecordingId, tags: UpdateTags.optional(), comment: UpdateComment.optional() }),
  output: Recording,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  icons: TOOL_ICONS.edit,
  showsCard: true,
  async run({ recordingId, tags, comment }, call, connections) {
    const recording = await connections.rest().updateRecording(recordingId, changesOf(tags, comment), call);
    return { structured: recording, text: `Updated recording ${describeRecording(recording)}.` };
  },
});

/**
 * Core's one update rule, read from JSON a model fills in: a field left out keeps its value, `tags: []` is Remove
 * All Tags, and `comment: ""` clears the comment (a form's empty Comment keeps it; here an empty string is given
 * on purpose, and there is no other way to say "clear").
 */
function changesOf(tags: string[] | undefined, comment: string | undefined): UpdateRecordingRequest {
  if (tags === undefined && comment === undefined) {
    throw new InvalidInputError(invalidInputMessage(describeFieldErrors(NOTHING_TO_CHANGE)), { fieldErrors: NOTHING_TO_CHANGE });
  }
  const clearsComment = comment !== undefined && comment.trim() === '';
  const tagChange = tags === undefined ? {} : tags.length === 0 ? { removeAllTags: true } : { tags };
  const changes =
    tags === undefined && clearsComment
      ? {}
      : recordingChanges({ ...tagChange, ...(comment === undefined || clearsComment ? {} : { comment }) });
  return clearsComment ? { ...changes, comment } : changes;
}
