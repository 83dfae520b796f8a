import { defineInputFields, defineSearch, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { withZapierErrors } from '../errors';
import { cleanText, directionFilterField, recordingFilter, statusesFilterField, tagsFilterField } from '../fields';
import { recordingOutput, recordingOutputFields, uniqueById, type RecordingOutput } from '../recording';
import sample from './find-recording.sample.json';

/** Zapier uses the first result; a few more help "find many" style use and the editor's preview. */
const RESULT_LIMIT = 10;

const inputFields = defineInputFields([
  {
    key: 'recordingId',
    label: 'Recording ID',
    required: false,
    helpText: 'Find exactly this recording, for example `3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c`.',
  },
  {
    key: 'externalReference',
    label: 'External Reference',
    required: false,
    helpText: 'The reference given in **Create Recording**, for example `ticket-4711`.',
  },
  statusesFilterField,
  directionFilterField,
  tagsFilterField,
  {
    key: 'createdFrom',
    label: 'Created From',
    type: 'datetime',
    required: false,
    helpText: 'Only recordings created on or after this date, for example `2026-11-01`.',
  },
  {
    key: 'createdTo',
    label: 'Created To',
    type: 'datetime',
    required: false,
    helpText: 'Only recordings created on or before this date (the whole day counts), for example `2026-11-30`.',
  },
]);

export const perform = withZapierErrors(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>): Promise<RecordingOutput[]> => {
    const externalReference = cleanText(bundle.inputData.externalReference)?.trim();
    const recordings = await restClient(z, bundle).collectRecordings(recordingFilter(bundle.inputData), {
      limit: RESULT_LIMIT,
      ...(externalReference === undefined ? {} : { externalReference }),
    });
    return uniqueById(recordings.map(recordingOutput));
  },
);

export default defineSearch({
  key: 'findRecording',
  noun: 'Recording',
  display: {
    label: 'Find Recording',
    description:
      'Finds the newest recording that matches all the criteria you fill in: ID, external reference, state, direction, tags or creation dates. Needs the Workspace ID and API Key in the connection.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
