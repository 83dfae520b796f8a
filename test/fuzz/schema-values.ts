// Values from the JSON Schemas of docs/openapi.json, for fast-check: what a schema accepts (`accepted`), and hostile
// values that a service must refuse without a fault (`hostile`, `mutated`). Only the keywords the document uses are
// read; a value that `accepted` makes is checked against its schema by the caller (ajv), so a rough guess is never
// taken for a valid one.
import fc from 'fast-check';

export type Schema = { [keyword: string]: unknown };
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const MAX_ITEMS = 4;
/** Strings are kept short (the longest limit is the 10,000-character comment), with the maximum itself now and then. */
const MAX_STRING = 40;

/** Control characters (C0, DEL, C1), blanks and other troublemakers: NUL ends a C string, U+2028 ends a JS line. */
const TROUBLE = [
  '',
  ' ',
  '\t',
  '\n',
  '\u0000',
  'a\u0000b',
  'abc\u0000def',
  '\u0001\u0002',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\u00a0',
];

/** Any string, printable or not, a troublesome one often. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TROUBLE),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...TROUBLE), fc.string({ maxLength: 6 })).map((parts) => parts.join('')),
);

/** A value of any JSON type, for a field that expects another. */
export const hostile: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 1.5, 1e21, -0),
  hostileString,
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
);

export class SchemaValues {
  constructor(private readonly components: Record<string, Schema>) {}

  resolve(schema: Schema): Schema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const target = this.components[ref.replace('#/components/schemas/', '')];
    if (target === undefined) throw new Error(`unknown reference ${ref}`);
    return this.resolve(target);
  }

  /** Values the schema should accept (the caller checks each against it). */
  accepted(given: Schema): fc.Arbitrary<Json> {
    const schema = this.resolve(given);
    if ('const' in schema) return fc.constant(schema.const as Json);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
    const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (choices !== undefined) return fc.oneof(...choices.map((choice) => this.accepted(choice)));
    switch (schema.type) {
      case 'object':
        return this.object(schema);
      case 'array': {
        const items = this.accepted((schema.items as Schema | undefined) ?? {});
        const minLength = (schema.minItems as number | undefined) ?? 0;
        return fc.array(items, { minLength, maxLength: Math.min((schema.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS) });
      }
      case 'string':
        return this.string(schema);
      case 'integer': {
        const min = (schema.minimum as number | undefined) ?? -1_000;
        const max = (schema.maximum as number | undefined) ?? 1_000_000;
        return fc.oneof(fc.integer({ min, max: Math.min(max, 2 ** 31 - 1) }), fc.constantFrom(min, max));
      }
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return hostile;
    }
  }

  private object(schema: Schema): fc.Arbitrary<Json> {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    const shape = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, this.accepted(property)]));
    return fc.record(shape, { requiredKeys: required }) as fc.Arbitrary<Json>;
  }

  private string(schema: Schema): fc.Arbitrary<Json> {
    const minLength = (schema.minLength as number | undefined) ?? 0;
    const maxLength = (schema.maxLength as number | undefined) ?? MAX_STRING;
    switch (schema.format) {
      case 'uuid':
        return fc.uuid();
      case 'email':
        return fc.stringMatching(new RegExp(schema.pattern as string)).filter((text) => text.length <= maxLength);
      case 'date':
        return isoDate.map((iso) => iso.slice(0, 10));
      case 'date-time':
        return fc.oneof(
          isoDate,
          isoDate.map((iso) => iso.replace('.000Z', '+02:00').replace(/\.\d{3}Z$/, 'Z')),
        );
      case 'uri':
        return fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true });
    }
    const longest = Math.min(maxLength, MAX_STRING);
    return fc.oneof(
      fc.string({ minLength, maxLength: longest }),
      fc.string({ unit: 'grapheme', minLength, maxLength: longest }),
      fc.constant('x'.repeat(Math.max(minLength, maxLength === MAX_STRING ? 1 : maxLength))),
      fc.constant(` padded ${'y'.repeat(Math.max(0, Math.min(maxLength, MAX_STRING) - 10))} `.slice(0, maxLength)),
    );
  }

  /** `value` with one thing changed at a random place: a field of another type, a field gone or added, or the whole. */
  mutated(value: Json): fc.Arbitrary<Json> {
    const places = placesIn(value);
    return fc
      .tuple(fc.nat({ max: places.length - 1 }), fc.constantFrom('replace', 'remove', 'add'), hostile, hostileString)
      .map(([index, change, replacement, key]) => changeAt(value, places[index]!, change, replacement, key));
  }
}

const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

type Place = (string | number)[];

function placesIn(value: Json, at: Place = []): Place[] {
  const inside = Array.isArray(value)
    ? value.flatMap((item, index) => placesIn(item, [...at, index]))
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) => placesIn(item, [...at, key]))
      : [];
  return [at, ...inside];
}

function changeAt(value: Json, place: Place, change: string, replacement: Json, key: string): Json {
  if (place.length === 0) {
    if (change === 'add' && value !== null && typeof value === 'object' && !Array.isArray(value)) return { ...value, [key]: replacement };
    return replacement;
  }
  const [head, ...rest] = place;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && change === 'remove') copy.splice(head as number, 1);
    else copy[head as number] = changeAt(copy[head as number]!, rest, change, replacement, key);
    return copy;
  }
  const copy = { ...(value as { [key: string]: Json }) };
  if (rest.length === 0 && change === 'remove') delete copy[head as string];
  else copy[head as string] = changeAt(copy[head as string]!, rest, change, replacement, key);
  return copy;
}
