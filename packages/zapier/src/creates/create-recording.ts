import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { hookClient } from '../clients';
import { withZapierErrors } from '../errors';
import { cleanList, cleanText, newRecordingTagsField } from '../fields';
import sample from './create-recording.sample.json';

const inputFields = defineInputFields([
  {
    key: 'externalReference',
    label: 'External Reference',
    required: true,
    helpText:
      'Your own identifier for this request, so you can match the video to it later: a ticket, task or deal ID, for example `ticket-4711`.',
  },
  newRecordingTagsField,
]);

export interface CreatedRecording {
  /** The recording page to send to the person who records. */
  url: string;
  externalReference: string;
  tags: string[];
}

export const perform = withZapierErrors(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>): Promise<CreatedRecording> => {
    const externalReference = cleanText(bundle.inputData.externalReference)?.trim() ?? '';
    const tags = cleanList(bundle.inputData.tags);
    const { url } = await hookClient(z, bundle).createRecording({ externalReference, ...(tags.length > 0 ? { tags } : {}) });
    return { url, externalReference, tags };
  },
);

export default defineCreate({
  key: 'createRecording',
  noun: 'Recording',
  display: {
    label: 'Create Recording',
    description:
      'Creates a recording request and returns the link to its recording page, to send to the person who should record their screen (for example in a support reply).',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [
      { key: 'url', label: 'Recording Page URL', type: 'string' },
      { key: 'externalReference', label: 'External Reference', type: 'string' },
      { key: 'tags', label: 'Tags', type: 'string', list: true },
    ],
  },
});
