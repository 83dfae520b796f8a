import { OPERATIONS } from 'screenrec';
import { defineSearch, type Bundle, type ZObject } from 'zapier-platform-core';
import { readInput, stepDescription, stepInputFields, stepKey, stepLabel, stepOutput } from '../catalogue-steps';
import { restClient } from '../clients';
import { fieldLabels } from '../fields';
import { performStep } from '../step';

const inputFields = stepInputFields('searchTags');
const output = stepOutput('searchTags');

/** Every matching tag is one result, in the catalogue's output shape (`{ tag }`): Zapier uses the first. */
export const perform = performStep(async (z: ZObject, bundle: Bundle, step): Promise<Record<string, unknown>[]> => {
  const { query } = readInput('searchTags', bundle.inputData);
  const tags = await restClient(z, bundle).searchTags(typeof query === 'string' ? query : '', step.call);
  return tags.map((tag) => output.map({ tag }));
}, fieldLabels(inputFields));

export default defineSearch({
  key: stepKey('searchTags'),
  noun: OPERATIONS.searchTags.noun,
  display: { label: stepLabel('searchTags'), description: stepDescription('searchTags') },
  operation: { inputFields, perform, sample: output.sample, outputFields: output.fields },
});
