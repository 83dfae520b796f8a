import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, restClient } from '../clients';
import { recordingFilter } from '../fields';
import { performStep } from '../step';
import sample from './tag-list.sample.json';

/** The tag search needs a query, so the dropdown offers the tags of the latest recordings instead. */
const RECORDINGS_SCANNED = 200;
/** Filling the dropdown: one page of recordings is enough. */
const RECORDINGS_SCANNED_QUICKLY = 100;

export interface TagChoice {
  id: string;
  name: string;
}

export const perform = performStep(async (z: ZObject, bundle: Bundle, step): Promise<TagChoice[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const limit = step.onePage ? RECORDINGS_SCANNED_QUICKLY : RECORDINGS_SCANNED;
  const recordings = await restClient(z, bundle, step).collectRecordings(recordingFilter({}), { limit, ...step.call });
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
    sample,
    outputFields: [
      { key: 'id', label: 'Tag', type: 'string' },
      { key: 'name', label: 'Tag Name', type: 'string' },
    ],
  },
});
