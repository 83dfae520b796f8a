import { OPERATIONS, RECORDING_FIELDS, cleanTags, createdRecordingDetails, type CreatedRecordingDetails } from 'screenrec';
import { defineCreate, type Bundle, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import { stepInputFields, stepKey, stepLabel } from '../catalogue-steps';
import { hookClient, optionalRestClient } from '../clients';
import { cleanText, fieldLabels } from '../fields';
import { performStep } from '../step';

const inputFields = stepInputFields('createRecordingLink');

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
  async (z: ZObject, bundle: Bundle<{ externalReference?: string; tags?: string[] }>, step): Promise<CreatedRecording> => {
    const externalReference = cleanText(bundle.inputData.externalReference)?.trim() ?? '';
    const tags = cleanTags(bundle.inputData.tags);
    const { url } = await hookClient(z, bundle).createRecordingLink({ externalReference, ...(tags.length > 0 ? { tags } : {}) }, step.call);
    const details = await createdRecordingDetails(optionalRestClient(z, bundle), url, externalReference, step.call);
    return { ...details, id: details.recordingId, url, externalReference, tags };
  },
  fieldLabels(inputFields),
);

const { id, status, url, externalReference, tags } = RECORDING_FIELDS;

const sample: CreatedRecording = {
  recordingId: id.example,
  id: id.example,
  status: status.example,
  url: url.example ?? '',
  externalReference: externalReference.example ?? '',
  tags: tags.example,
  detailsError: null,
};

const outputFields: PlainOutputField[] = [
  { key: 'recordingId', label: id.label, type: 'string' },
  // Output fields take no help text: the label says why the same value is here twice.
  { key: 'id', label: `ID (same as ${id.label}; one field for Find or Create, found or created)`, type: 'string' },
  { key: 'status', label: status.label, type: 'string' },
  { key: 'url', label: url.label, type: 'string' },
  { key: 'externalReference', label: externalReference.label, type: 'string' },
  { key: 'tags', label: tags.label, type: 'string', list: true },
  { key: 'detailsError', label: `Why the ${id.label} Is Missing`, type: 'string' },
];

/** Its description is Zapier's own: the catalogue's summary names the service and runs past Zapier's length. */
export default defineCreate({
  key: stepKey('createRecordingLink'),
  noun: OPERATIONS.createRecordingLink.noun,
  display: {
    label: stepLabel('createRecordingLink'),
    description: 'Creates a recording request and returns the link to its page, to send to the person who should record their screen.',
  },
  operation: { inputFields, perform, sample: { ...sample }, outputFields },
});
