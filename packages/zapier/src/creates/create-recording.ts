import { cleanTags, createdRecordingDetails, type CreatedRecordingDetails } from '@screenrec/core';
import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { hookClient, optionalRestClient } from '../clients';
import { cleanText, newRecordingTagsField } from '../fields';
import { performStep } from '../step';
import sample from './create-recording.sample.json';

const inputFields = defineInputFields([
  {
    key: 'externalReference',
    label: 'External Reference',
    required: true,
    helpText:
      'Your own identifier for this request, so you can match the video to it later (**Find Recording** searches by it): a ticket, task or deal ID, for example `ticket-4711`.',
  },
  newRecordingTagsField,
]);

/** The ID and status need REST credentials in the connection; without them they are null, and so is detailsError. */
export interface CreatedRecording extends CreatedRecordingDetails {
  /**
   * The same as recordingId. Find or Create Recording outputs the search's result (a recording, whose ID is `id`) or
   * this create's: with `id` here too, a later step mapped to it gets the ID whichever of the two ran.
   */
  id: string | null;
  /** The recording page to send to the person who records. */
  url: string;
  externalReference: string;
  tags: string[];
}

/**
 * Creates through the automation hook, which answers only the page link. With REST credentials the new recording
 * is then looked up among the newest, for its ID and status; that lookup never fails the step, since the
 * recording exists by then and a retried step would make a second one.
 */
export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<CreatedRecording> => {
    const externalReference = cleanText(bundle.inputData.externalReference)?.trim() ?? '';
    const tags = cleanTags(bundle.inputData.tags);
    const { url } = await hookClient(z, bundle).createRecordingLink({ externalReference, ...(tags.length > 0 ? { tags } : {}) }, step.call);
    const details = await createdRecordingDetails(optionalRestClient(z, bundle), url, externalReference, step.call);
    return { ...details, id: details.recordingId, url, externalReference, tags };
  },
  { externalReference: 'External Reference', tags: 'Tags' },
);

export default defineCreate({
  key: 'createRecording',
  noun: 'Recording',
  display: {
    label: 'Create Recording Link',
    description: 'Creates a recording request and returns the link to its page, to send to the person who should record their screen.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [
      { key: 'recordingId', label: 'Recording ID', type: 'string' },
      // Output fields take no help text: the label says why the same value is here twice.
      { key: 'id', label: 'ID (same as Recording ID; one field for Find or Create, found or created)', type: 'string' },
      { key: 'status', label: 'Status', type: 'string' },
      { key: 'url', label: 'Recording Page URL', type: 'string' },
      { key: 'externalReference', label: 'External Reference', type: 'string' },
      { key: 'tags', label: 'Tags', type: 'string', list: true },
      { key: 'detailsError', label: 'Why the Recording ID Is Missing', type: 'string' },
    ],
  },
});
