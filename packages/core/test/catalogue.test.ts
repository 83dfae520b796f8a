import {
  INPUT_FIELDS,
  OPERATIONS,
  OPERATION_NAMES,
  PLATFORMS,
  RECORDING_FIELDS,
  RECORDING_FIELD_KEYS,
  Recording,
  exampleRecording,
  inputKey,
  operationByKey,
  type CatalogueOperation,
  type InputField,
  type InputName,
} from 'screenrec';

const inputs = Object.entries(INPUT_FIELDS) as [InputName, InputField][];
const operations = OPERATION_NAMES.map((name) => [name, OPERATIONS[name] as CatalogueOperation] as const);

describe('the catalogue', () => {
  it('describes every field of a recording, and only those', () => {
    expect(RECORDING_FIELD_KEYS).toEqual(Object.keys(Recording.shape));
  });

  it('makes an example recording of valid examples, which a test may change field by field', () => {
    expect(exampleRecording()).toEqual(Object.fromEntries(RECORDING_FIELD_KEYS.map((key) => [key, RECORDING_FIELDS[key].example])));
    expect(exampleRecording({ status: 'NEW', tags: [] })).toMatchObject({ status: 'NEW', tags: [], id: RECORDING_FIELDS.id.example });
    expect(() => exampleRecording({ id: 'not-a-uuid' })).toThrow(/must be a UUID/);
  });

  it.each(inputs)('input %s: its example is valid, and its label and help say something', (_, field) => {
    expect(field.schema.safeParse(field.example).success).toBe(true);
    expect(field.label).toMatch(/^[A-Z]/);
    expect(field.help).toMatch(/[.)]$/);
  });

  it.each(operations)(
    'operation %s: its inputs exist, the required ones among them, and each model-filled name is used once',
    (_, operation) => {
      for (const name of operation.inputs) expect(INPUT_FIELDS).toHaveProperty(name);
      for (const name of operation.required) expect(operation.inputs).toContain(name);
      const aiNames = operation.inputs.flatMap((name) =>
        (INPUT_FIELDS[name] as InputField).aiName === undefined ? [] : [(INPUT_FIELDS[name] as InputField).aiName],
      );
      expect(new Set(aiNames).size).toBe(aiNames.length);
      for (const platform of PLATFORMS) {
        const keys = operation.inputs.map((name) => inputKey(name, platform));
        expect(new Set(keys).size).toBe(keys.length);
      }
    },
  );

  it('gives every operation one name and, on each platform, its own key', () => {
    const names = operations.map(([, operation]) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const platform of PLATFORMS) {
      for (const [name, operation] of operations) {
        const key = operation.keys[platform];
        if (key !== undefined) expect(operationByKey(platform, key)).toBe(name);
      }
    }
    expect(operationByKey('zapier', 'searches.noSuchStep')).toBeUndefined();
  });

  it('keeps the input keys each platform released', () => {
    expect(inputKey('notificationEmails', 'mcp')).toBe('notifyEmails');
    expect(inputKey('notificationEmails', 'n8n')).toBe('notificationEmails');
    expect(inputKey('removeAllTags', 'zapier')).toBe('clearTags');
    expect(inputKey('newTags', 'n8n')).toBe('tags');
  });
});
