import { MAX_PAGE_SIZE, RECORDING_FIELDS, exampleRecording, recordingLabel } from 'screenrec';
import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, restClient } from '../clients';
import { recordingFilter } from '../fields';
import { performStep } from '../step';

export interface RecordingChoice {
  id: string;
  /** Core's recordingLabel: reference or comment, state, time in the Zap's zone, tags, and the ID's start. */
  label: string;
}

/** One page of the newest recordings per call; Zapier asks for the next page (bundle.meta.page) on "Load more". */
export const perform = performStep(async (z: ZObject, bundle: Bundle, step): Promise<RecordingChoice[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const pageNumber = Math.max(0, Number(bundle.meta?.page ?? 0) || 0);
  const page = await restClient(z, bundle).listRecordings(
    { ...recordingFilter({}), first: pageNumber * MAX_PAGE_SIZE, pageSize: MAX_PAGE_SIZE },
    step.call,
  );
  return page.content.map((recording) => ({ id: recording.id, label: recordingLabel(recording, step.timezone) }));
});

/** Hidden: it only powers the Recording ID dropdowns. Without REST credentials the list is empty and IDs are mapped or typed. */
export default defineTrigger({
  key: 'recordingList',
  noun: 'Recording',
  display: {
    label: 'Newest Recordings',
    description: 'Lists the newest recordings, for the Recording ID dropdowns.',
    hidden: true,
  },
  operation: {
    perform,
    canPaginate: true,
    sample: { id: RECORDING_FIELDS.id.example, label: recordingLabel(exampleRecording(), null) },
    outputFields: [
      { key: 'id', label: RECORDING_FIELDS.id.label, type: 'string' },
      { key: 'label', label: 'Recording', type: 'string' },
    ],
  },
});
