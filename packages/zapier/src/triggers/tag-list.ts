import { MAX_PAGE_SIZE, RECORDING_FIELDS } from 'screenrec';
import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, restClient } from '../clients';
import { recordingFilter } from '../fields';
import { performStep } from '../step';

/**
 * The tag search needs a query, so the dropdown offers the tags of the latest recordings instead: one page, the
 * same whether Zapier fills the dropdown or runs the trigger otherwise.
 */
const RECORDINGS_SCANNED = MAX_PAGE_SIZE;

export interface TagChoice {
  id: string;
  name: string;
}

export const perform = performStep(async (z: ZObject, bundle: Bundle, step): Promise<TagChoice[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const recordings = await restClient(z, bundle).collectRecordings(recordingFilter({}), { limit: RECORDINGS_SCANNED, ...step.call });
  const tags = [...new Set(recordings.flatMap((recording) => recording.tags))].sort((a, b) => a.localeCompare(b));
  return tags.map((tag) => ({ id: tag, name: tag }));
});

/** Hidden: it only powers the Tags dropdowns. Without REST credentials the list is empty and tags are typed in. */
export default defineTrigger({
  key: 'tagList',
  noun: 'Tag',
  display: {
    label: 'Tags in Use',
    description: 'Lists the tags of the latest recordings, for the Tags dropdowns.',
    hidden: true,
  },
  operation: {
    perform,
    sample: { id: RECORDING_FIELDS.tags.example[0] ?? '', name: RECORDING_FIELDS.tags.example[0] ?? '' },
    outputFields: [
      { key: 'id', label: 'Tag', type: 'string' },
      { key: 'name', label: 'Tag Name', type: 'string' },
    ],
  },
});
