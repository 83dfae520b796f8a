import App from '../../packages/zapier/src/index';

interface Field {
  key: string;
  helpText?: string;
  list?: boolean;
}
interface Operation {
  key: string;
  display: { label?: string; description?: string; hidden?: boolean };
  operation: { sample?: Record<string, unknown>; outputFields?: Field[]; inputFields?: unknown[]; type?: string };
}

const operations = (group: Record<string, unknown>): [string, Operation][] =>
  Object.entries(group as Record<string, Operation>);

const all = [...operations(App.triggers), ...operations(App.creates), ...operations(App.searches)];

/** Zapier's names for the leaves of a sample: `a__b` for nested objects, `a[]b` for arrays of objects. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    const objects = value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
    return objects.length === 0 ? [prefix] : [...new Set(objects.flatMap((item) => leafKeys(item, `${prefix}[]`)))];
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) =>
      leafKeys(child, prefix === '' ? key : prefix.endsWith('[]') ? `${prefix}${key}` : `${prefix}__${key}`),
    );
  }
  return [prefix];
}

describe('app definition', () => {
  it('has the operation keys other tools drive the app by', () => {
    expect(Object.keys(App.triggers).sort()).toEqual(['newRecording', 'tagList', 'videoReady']);
    expect(Object.keys(App.creates).sort()).toEqual(['createRecording', 'deleteRecording', 'requestRecording', 'updateRecording']);
    expect(Object.keys(App.searches).sort()).toEqual(['findRecording', 'findTags', 'getVideoUrl']);
    expect(App.triggers.videoReady.operation.type).toBe('hook');
  });

  it.each(all)('%s has a label, a description, a sample and output fields that describe exactly the sample', (_key, definition) => {
    if (!definition.display.hidden) {
      expect(definition.display.label).toEqual(expect.any(String));
      expect(definition.display.description?.length).toBeGreaterThan(40);
    }
    const sample = definition.operation.sample;
    expect(sample).toBeDefined();
    const outputKeys = (definition.operation.outputFields ?? []).map((field) => field.key).sort();
    expect(outputKeys).toEqual(leafKeys(sample).sort());
  });

  it.each(all)('%s explains every input field with an example', (_key, definition) => {
    for (const field of (definition.operation.inputFields ?? []) as Field[]) {
      expect({ key: field.key, helpText: field.helpText }).toEqual({ key: field.key, helpText: expect.stringMatching(/for example|`[^`]+`/) });
    }
  });
});
