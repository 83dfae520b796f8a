import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { recordingChanges } from '@screenrec/core';
import { restClient } from '../clients';
import { commentField, recordingIdField, updateTagsField } from '../fields';
import { recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import sample from './update-recording.sample.json';

const inputFields = defineInputFields([
  recordingIdField,
  updateTagsField,
  {
    key: 'clearTags',
    label: 'Remove All Tags',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'Choose `True` to remove every tag from the recording; leave **Tags** empty then.',
  },
  commentField('A new internal note, for example `Fixed in release 4.2`. Leave empty to keep the current one.'),
]);

export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<RecordingOutput> => {
    const { recordingId, tags, clearTags, comment } = bundle.inputData;
    // Checked before the client is made: a refused update names the fields, whatever the connection holds.
    const changes = recordingChanges({ tags, comment, removeAllTags: isTrue(clearTags) });
    const updated = await restClient(z, bundle).updateRecording((recordingId ?? '').trim(), changes, step.call);
    return recordingOutput(updated);
  },
  { recordingId: 'Recording ID', tags: 'Tags', comment: 'Comment' },
);

/** Zapier hands a boolean field over as a boolean, or as the text of a mapped value ("true", "yes"). */
function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['true', 'yes', '1'].includes(value.trim().toLowerCase()));
}

export default defineCreate({
  key: 'updateRecording',
  noun: 'Recording',
  display: {
    label: 'Update Recording',
    description: "Replaces a recording's tags or internal comment, or removes all its tags.",
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
