import type { RecordingFilter } from '@screenrec/core';
import { defineInputFields, defineSearch, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { daysAgo } from '../dates';
import {
  DATE_ZONE_HELP,
  FILTER_FIELD_LABELS,
  RECORDING_DROPDOWN,
  cleanText,
  directionFilterField,
  recordingFilter,
  statusesFilterField,
  tagsFilterField,
} from '../fields';
import { recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import { foundOrNothing } from './nothing-found';
import sample from './find-recording.sample.json';

/** Zapier uses the first result; a few more help "find many" style use and the editor's preview. */
const RESULT_LIMIT = 10;
/** Without a Created From date, a search by external reference looks at the recordings of this many days. */
export const REFERENCE_WINDOW_DAYS = 90;
/** A search by external reference stops after this long and says so, well inside the step's deadline. */
export const REFERENCE_SEARCH_BUDGET_MS = 20_000;

const inputFields = defineInputFields([
  {
    key: 'recordingId',
    label: 'Recording ID',
    required: false,
    dynamic: RECORDING_DROPDOWN,
    helpText:
      'Find exactly this recording: pick one of the newest, or map or type its ID, for example `3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c`.',
  },
  {
    key: 'externalReference',
    label: 'External Reference',
    required: false,
    helpText: `The reference given in **Create Recording Link**, for example \`ticket-4711\`. The newest recording with it is found; the search looks at the last ${REFERENCE_WINDOW_DAYS} days unless you fill in **Created From**, and stops after ${REFERENCE_SEARCH_BUDGET_MS / 1000} s with a message if it could not look at all of them.`,
  },
  statusesFilterField,
  directionFilterField,
  tagsFilterField,
  {
    key: 'createdFrom',
    label: 'Created From',
    type: 'datetime',
    required: false,
    helpText: `Only recordings created on or after this date. ${DATE_ZONE_HELP}`,
  },
  {
    key: 'createdTo',
    label: 'Created To',
    type: 'datetime',
    required: false,
    helpText: `Only recordings created on or before this date (the whole day counts). ${DATE_ZONE_HELP}`,
  },
]);

type FindBundle = Bundle<InferInputData<typeof inputFields>>;

/**
 * One search, whether Zapier loads a sample in the editor or a live Zap runs: the editor's test shows what the Zap
 * will find. By reference, every other criterion goes to ScreenRec as a list filter and the reference is matched on
 * what comes back, so the answer is the newest recording that meets them all.
 */
export const perform = performStep(async (z: ZObject, bundle: FindBundle, step): Promise<RecordingOutput[]> => {
  const rest = restClient(z, bundle);
  const externalReference = cleanText(bundle.inputData.externalReference)?.trim();
  const filter = recordingFilter(bundle.inputData, step.timezone);
  if (externalReference === undefined) {
    const recordingId = idAlone(filter);
    if (recordingId !== undefined) return (await foundOrNothing(rest.getRecording(recordingId, step.call))).map(recordingOutput);
    const recordings = await rest.collectRecordings(filter, { limit: RESULT_LIMIT, ...step.call });
    return recordings.map(recordingOutput);
  }
  const { createdDateFrom, ...criteria } = filter;
  const search = await rest.findRecordingByReference(externalReference, {
    createdAfter: createdDateFrom ?? daysAgo(REFERENCE_WINDOW_DAYS),
    filter: criteria,
    deadline: Math.min(step.deadline, Date.now() + REFERENCE_SEARCH_BUDGET_MS),
  });
  z.console.log(search.summary);
  if (!search.complete) throw new z.errors.Error(`${search.summary} In this step, set a later Created From date.`, 'SEARCH_INCOMPLETE');
  return search.recording === null ? [] : [recordingOutput(search.recording)];
}, FILTER_FIELD_LABELS);

/** The ID when it is the only criterion: then the search is the same lookup as Get on the other platforms. */
function idAlone(filter: RecordingFilter): string | undefined {
  const { ids, sortField: _field, sortOrder: _order, ...others } = filter;
  return ids?.length === 1 && Object.keys(others).length === 0 ? ids[0] : undefined;
}

export default defineSearch({
  key: 'findRecording',
  noun: 'Recording',
  display: {
    label: 'Find Recording',
    description: 'Finds the newest recording by ID, external reference, state, direction, tags or creation date.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
