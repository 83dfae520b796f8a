import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import type { UpdateRecordingRequest } from '@screenrec/core';
import { restClient } from '../clients';
import { TAG_DROPDOWN, cleanList, cleanText, recordingIdField } from '../fields';
import { recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import sample from './update-recording.sample.json';

const inputFields = defineInputFields([
  recordingIdField,
  {
    key: 'tags',
    label: 'Tags',
    list: true,
    required: false,
    dynamic: TAG_DROPDOWN,
    helpText: 'The new tags, for example `support` and `resolved`. They **replace** all current tags; leave empty to keep them.',
  },
  {
    key: 'comment',
    label: 'Comment',
    type: 'text',
    required: false,
    helpText: 'A new internal note, for example `Fixed in release 4.2`. Leave empty to keep the current one.',
  },
]);

export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<RecordingOutput> => {
    const tags = cleanList(bundle.inputData.tags);
    const comment = cleanText(bundle.inputData.comment);
    if (tags.length === 0 && comment === undefined) {
      throw new z.errors.Error('Nothing to update: fill in Tags, Comment or both.', 'INVALID_INPUT');
    }
    const changes: UpdateRecordingRequest = { ...(tags.length === 0 ? {} : { tags }), ...(comment === undefined ? {} : { comment }) };
    const updated = await restClient(z, bundle, step).updateRecording((bundle.inputData.recordingId ?? '').trim(), changes, step.call);
    return recordingOutput(updated);
  },
  { recordingId: 'Recording ID', tags: 'Tags', comment: 'Comment' },
);

export default defineCreate({
  key: 'updateRecording',
  noun: 'Recording',
  display: {
    label: 'Update Recording',
    description: "Replaces a recording's tags and/or its internal comment. Needs the Workspace ID and API Key in the connection.",
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
