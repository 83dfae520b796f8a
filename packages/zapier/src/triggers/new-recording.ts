import { MAX_PAGE_SIZE } from '@screenrec/core';
import { defineInputFields, defineTrigger, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { FILTER_FIELD_LABELS, directionFilterField, recordingFilter, statusesFilterField, tagsFilterField } from '../fields';
import { recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import sample from './new-recording.sample.json';

const inputFields = defineInputFields([directionFilterField, statusesFilterField, tagsFilterField]);

/** One page at most: Zapier polls every few minutes and keeps what it has seen, so newer recordings are enough. */
export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<RecordingOutput[]> => {
    const limit = bundle.meta?.limit > 0 ? Math.min(bundle.meta.limit, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
    const recordings = await restClient(z, bundle).collectRecordings(recordingFilter(bundle.inputData, step.timezone), {
      limit,
      ...step.call,
    });
    return recordings.map(recordingOutput);
  },
  FILTER_FIELD_LABELS,
);

export default defineTrigger({
  key: 'newRecording',
  noun: 'Recording',
  display: {
    label: 'New Recording',
    description: 'Triggers when a recording is created in the workspace, optionally only of a given direction, state or tag.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
