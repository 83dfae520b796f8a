import {
  InvalidInputError,
  OPERATIONS,
  describeFieldErrors,
  invalidInputMessage,
  recordingChanges,
  type UpdateRecordingRequest,
} from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { TOOL_ICONS } from '../icons';
import { fromOperation, toolShape } from './catalogue';
import { defineTool } from './tool';

/** An update with neither tags nor comment: refused, naming the field, before anything is sent. */
export const NOTHING_TO_CHANGE = [{ path: 'tags', message: 'give tags or comment (or both): there is nothing to change' }];

const operation = OPERATIONS.updateRecording;

/**
 * Irregular: MCP's own update rule. A model fills in JSON, where an empty list or text is given on purpose, so
 * `tags: []` removes every tag and `comment: ""` clears the comment (on a form, empty means "keep").
 */
export const updateRecording = defineTool({
  ...fromOperation(
    operation,
    'Each field given REPLACES the current value (tags are not merged: read them with get_recording first to add or ' +
      'remove one); a field left out stays as it is. tags: [] removes every tag, and comment: "" clears the comment.',
  ),
  serviceInterface: 'rest',
  input: z.strictObject(
    toolShape(['recordingId', 'newTags', 'newComment'], ['recordingId'], {
      newTags:
        "The recording's new tags. They REPLACE all current tags: to add one, pass the current tags plus the new one. [] removes every tag.",
      newComment: 'The new internal note; replaces the current one. "" clears it.',
    }),
  ),
  output: operation.output,
  icons: TOOL_ICONS.edit,
  showsCard: true,
  async run({ recordingId, tags, comment }, call, connections) {
    const recording = await connections.rest().updateRecording(recordingId, changesOf(tags, comment), call);
    return { structured: recording, text: `Updated recording ${describeRecording(recording)}.` };
  },
});

/** Core's one update rule, read as MCP's: a field left out keeps its value, `tags: []` is Remove All Tags, `comment: ""` clears. */
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
