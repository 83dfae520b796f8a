import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { recordingIdField } from '../fields';
import { recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import sample from './delete-recording.sample.json';

const inputFields = defineInputFields([
  recordingIdField,
  {
    key: 'deletedForGood',
    type: 'copy',
    helpText:
      '**This deletes the recording and its video for good: it cannot be undone.** To keep the video, save it in an earlier step (for example **Find Video URL** and a file upload).',
  },
]);

export type DeletedRecording = RecordingOutput & { deleted: true };

/** Outputs the recording as it was (core reads it before deleting): the data is gone afterwards. */
export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<DeletedRecording> => {
    const recording = await restClient(z, bundle).deleteRecording((bundle.inputData.recordingId ?? '').trim(), step.call);
    return { ...recordingOutput(recording), deleted: true };
  },
  { recordingId: 'Recording ID' },
);

export default defineCreate({
  key: 'deleteRecording',
  noun: 'Recording',
  display: {
    label: 'Delete Recording',
    description: 'Deletes a recording and its video for good, and returns what was deleted.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [{ key: 'deleted', label: 'Deleted', type: 'boolean' }, ...recordingOutputFields()],
  },
});
