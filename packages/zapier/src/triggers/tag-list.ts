import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, restClient } from '../clients';
import { withZapierErrors } from '../errors';
import { recordingFilter } from '../fields';
import sample from './tag-list.sample.json';

/** The tag search needs a query, so the dropdown offers the tags of the latest recordings instead. */
const RECORDINGS_SCANNED = 200;

export interface TagChoice {
  id: string;
  name: string;
}

export const perform = withZapierErrors(async (z: ZObject, bundle: Bundle): Promise<TagChoice[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const recordings = await restClient(z, bundle).collectRecordings(recordingFilter({}), { limit: RECORDINGS_SCANNED });
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
