import { OPERATIONS, type RecordingFilter } from 'screenrec';
import { defineSearch, type Bundle, type ZObject } from 'zapier-platform-core';
import { stepKey, stepLabel } from '../catalogue-steps';
import { restClient } from '../clients';
import { daysAgo } from '../dates';
import { FILTER_FIELD_LABELS, cleanText, inputField, recordingFilter, type RecordingFilterInput } from '../fields';
import { SAMPLE_RECORDING, recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import { foundOrNothing } from './nothing-found';

/** Zapier uses the first result; a few more help "find many" style use and the editor's preview. */
const RESULT_LIMIT = 10;
/** Without a Created From date, a search by external reference looks at the recordings of this many days. */
export const REFERENCE_WINDOW_DAYS = 90;
/** A search by external reference stops after this long and says so, well inside the step's deadline. */
export const REFERENCE_SEARCH_BUDGET_MS = 20_000;

/** One recording by ID (Zapier released it as one value, with no search beside it: this is that search), else the filters. */
const { search: _itself, ...recordingIdField } = inputField('recordingId', false);

const inputFields = [
  recordingIdField,
  inputField('filterReference', false, {
    moreHelp: `The newest recording with it is found; the search looks at the last ${REFERENCE_WINDOW_DAYS} days unless you fill in **Created From**, and stops after ${REFERENCE_SEARCH_BUDGET_MS / 1000} s with a message if it could not look at all of them.`,
  }),
  inputField('statuses', false),
  inputField('directions', false),
  inputField('filterTags', false),
  inputField('createdDateFrom', false),
  inputField('createdDateTo', false),
];

type FindBundle = Bundle<RecordingFilterInput & { externalReference?: string }>;

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

/** Its description is Zapier's own: a Zapier search gives the one newest match, where the catalogue's operation lists them. */
export default defineSearch({
  key: stepKey('findRecordings'),
  noun: OPERATIONS.findRecordings.noun,
  display: {
    label: stepLabel('findRecordings'),
    description: 'Finds the newest recording by ID, external reference, state, direction, tags or creation date.',
  },
  operation: { inputFields, perform, sample: SAMPLE_RECORDING, outputFields: recordingOutputFields() },
});
