import { OPERATIONS, RECORDING_FIELDS, type CreatedRecordingDetails } from 'screenrec';
import { defineCreate, type Bundle, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import { readInput, stepInputFields, stepKey, stepLabel } from '../catalogue-steps';
import { operationClients } from '../clients';
import { fieldLabels } from '../fields';
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
 * The catalogue's Create Recording Link, with the ID a second time as `id`: Zapier's Find or Create Recording maps
 * a later step to one field whichever of its two steps ran.
 */
const { perform: createRecordingLink } = OPERATIONS.createRecordingLink;
if (createRecordingLink === undefined) throw new Error('Create Recording Link has no core call in the catalogue');

export const perform = performStep(async (z: ZObject, bundle: Bundle, step): Promise<CreatedRecording> => {
  const created = await createRecordingLink(operationClients(z, bundle), readInput('createRecordingLink', bundle.inputData), step.call);
  return { ...created, id: created.recordingId };
}, fieldLabels(inputFields));

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
