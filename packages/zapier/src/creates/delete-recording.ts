import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { withZapierErrors } from '../errors';
import { recordingIdField } from '../fields';
import { lookUpRecording, recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import sample from './delete-recording.sample.json';

const inputFields = defineInputFields([recordingIdField]);

export type DeletedRecording = Partial<RecordingOutput> & { id: string; deleted: true };

/** Reads the recording first, so the step shows what was deleted: the data is gone afterwards. */
export const perform = withZapierErrors(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>): Promise<DeletedRecording> => {
    const recordingId = (bundle.inputData.recordingId ?? '').trim();
    const rest = restClient(z, bundle);
    const recording = await lookUpRecording(rest, recordingId);
    await rest.deleteRecording(recordingId);
    return { ...(recording === undefined ? { id: recordingId } : recordingOutput(recording)), deleted: true };
  },
);

export default defineCreate({
  key: 'deleteRecording',
  noun: 'Recording',
  display: {
    label: 'Delete Recording',
    description:
      'Deletes a recording and its video for good (it cannot be recovered) and returns what was deleted. Needs the Workspace ID and API Key in the connection.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [{ key: 'deleted', label: 'Deleted', type: 'boolean' }, ...recordingOutputFields()],
  },
});
