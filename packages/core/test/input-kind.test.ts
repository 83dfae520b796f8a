import { z } from 'zod/v4';
import {
  INPUT_FIELDS,
  IsoDateOrDateTime,
  RECORDING_DIRECTIONS,
  RECORDING_STATUSES,
  inputKind,
  schemaKind,
  type InputKind,
  type InputName,
} from 'screenrec';

const names = Object.keys(INPUT_FIELDS) as InputName[];

/** Whether an input's example is a value of its kind, as a form of that kind would give it. */
function fitsKind(example: unknown, kind: InputKind): boolean {
  const isTexts = Array.isArray(example) && example.every((value) => typeof value === 'string');
  switch (kind.kind) {
    case 'text':
    case 'date':
      return typeof example === 'string';
    case 'list':
      return isTexts;
    case 'choice':
      return typeof example === 'string' && kind.choices.includes(example);
    case 'choices':
      return isTexts && example.every((value) => kind.choices.includes(value));
    case 'boolean':
      return typeof example === 'boolean';
    case 'number':
      return typeof example === 'number';
  }
}

describe('the kind of form field an input is', () => {
  it.each(names)('input %s has a kind, its example is a value of that kind, and each of its choices is valid', (name) => {
    const kind = inputKind(name);
    const { schema, example } = INPUT_FIELDS[name];
    expect(fitsKind(example, kind)).toBe(true);
    const choices = kind.kind === 'choice' || kind.kind === 'choices' ? kind.choices : [];
    for (const choice of choices) expect(schema.safeParse(kind.kind === 'choices' ? [choice] : choice).success).toBe(true);
  });

  it('reads the kind under a default, an optional value and a cleaning step', () => {
    expect(inputKind('tags')).toEqual({ kind: 'list' });
    expect(inputKind('direction')).toEqual({ kind: 'choice', choices: RECORDING_DIRECTIONS });
    expect(inputKind('statuses')).toEqual({ kind: 'choices', choices: RECORDING_STATUSES });
    expect(inputKind('createdDateFrom')).toEqual({ kind: 'date' });
    expect(inputKind('removeAllTags')).toEqual({ kind: 'boolean' });
    expect([inputKind('recordingId'), inputKind('email'), inputKind('comment')]).toEqual([
      { kind: 'text' },
      { kind: 'text' },
      { kind: 'text' },
    ]);
    expect(schemaKind(z.number().int().min(1).default(50), 'limit')).toEqual({ kind: 'number' });
    expect(schemaKind(IsoDateOrDateTime.optional(), 'since')).toEqual({ kind: 'date' });
  });

  it.each([
    ['an object', z.object({ name: z.string() }), 'object'],
    ['a union other than a date', z.union([z.string(), z.number()]), 'union'],
    ['a value made before it is checked', z.preprocess(String, z.string()), 'transform'],
    ['a list of numbers', z.array(z.number()), 'a list of number'],
    ['a list of dates', z.array(IsoDateOrDateTime), 'a list of date'],
    ['a list of lists', z.array(z.array(z.string())), 'a list of list'],
  ])('fails loudly, naming the input, for a schema no kind covers: %s', (_, schema, what) => {
    expect(() => schemaKind(schema, 'settings')).toThrow(new Error(`settings: no kind of form field takes its value (${what})`));
  });
});
