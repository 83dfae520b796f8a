import { MAX_PAGE_SIZE, OPERATIONS } from 'screenrec';
import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { stepDescription, stepKey, stepLabel } from '../catalogue-steps';
import { restClient } from '../clients';
import { FILTER_FIELD_LABELS, FILTER_INPUTS, inputField, recordingFilter, type RecordingFilterInput } from '../fields';
import { SAMPLE_RECORDING, recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';

const inputFields = FILTER_INPUTS.map((name) => inputField(name, false));

/** One page at most: Zapier polls every few minutes and keeps what it has seen, so newer recordings are enough. */
export const perform = performStep(async (z: ZObject, bundle: Bundle<RecordingFilterInput>, step): Promise<RecordingOutput[]> => {
  const limit = bundle.meta?.limit > 0 ? Math.min(bundle.meta.limit, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
  const recordings = await restClient(z, bundle).collectRecordings(recordingFilter(bundle.inputData, step.timezone), {
    limit,
    ...step.call,
  });
  return recordings.map(recordingOutput);
}, FILTER_FIELD_LABELS);

export default defineTrigger({
  key: stepKey('newRecording'),
  noun: OPERATIONS.newRecording.noun,
  display: { label: stepLabel('newRecording'), description: stepDescription('newRecording') },
  operation: { inputFields, perform, sample: SAMPLE_RECORDING, outputFields: recordingOutputFields() },
});
