import { MAX_PAGE_SIZE } from '@screenrec/core';
import { defineInputFields, defineTrigger, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { withZapierErrors } from '../errors';
import { directionFilterField, recordingFilter, statusesFilterField, tagsFilterField } from '../fields';
import { recordingOutput, recordingOutputFields, uniqueById, type RecordingOutput } from '../recording';
import sample from './new-recording.sample.json';

const inputFields = defineInputFields([directionFilterField, statusesFilterField, tagsFilterField]);

export const perform = withZapierErrors(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>): Promise<RecordingOutput[]> => {
    const limit = bundle.meta?.limit > 0 ? Math.min(bundle.meta.limit, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
    const recordings = await restClient(z, bundle).collectRecordings(recordingFilter(bundle.inputData), { limit });
    return uniqueById(recordings.map(recordingOutput));
  },
);

export default defineTrigger({
  key: 'newRecording',
  noun: 'Recording',
  display: {
    label: 'New Recording',
    description:
      'Triggers when a recording is created in the workspace, optionally only with a given direction, state or tag. Needs the Workspace ID and API Key in the connection.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
