import { defineInputFields, defineSearch, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { performStep } from '../step';
import sample from './find-tags.sample.json';

const inputFields = defineInputFields([
  {
    key: 'query',
    label: 'Tag Contains',
    required: true,
    helpText: 'Part of the tag name, any case, for example `sup` finds `support` and `Super-urgent`.',
  },
]);

export interface FoundTag {
  tag: string;
}

export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<FoundTag[]> => {
    const tags = await restClient(z, bundle).searchTags(bundle.inputData.query ?? '', step.call);
    return tags.map((tag) => ({ tag }));
  },
  { query: 'Tag Contains' },
);

export default defineSearch({
  key: 'findTags',
  noun: 'Tag',
  display: {
    label: 'Find Tags',
    description: 'Finds the tags in use in the workspace whose name contains the text you give.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [{ key: 'tag', label: 'Tag', type: 'string' }],
  },
});
