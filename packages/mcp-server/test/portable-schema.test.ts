import { z } from 'zod';
import { advertisedSchema, portableSchema } from '../src/tools/schemas';

// How the server spells a tool's JSON Schema for clients: the same meaning, in keywords every client takes.

describe('portableSchema', () => {
  it('writes a type array as one-type anyOf branches, a one-member array as its type, and keeps the other keywords', () => {
    expect(portableSchema({ description: 'note', type: ['string', 'null'], maxLength: 5 })).toEqual({
      description: 'note',
      anyOf: [{ type: 'string' }, { type: 'null' }],
      maxLength: 5,
    });
    expect(portableSchema({ type: ['integer'] })).toEqual({ type: 'integer' });
  });

  it('leaves a type array beside an anyOf of its own alone: the two cannot be merged without changing the meaning', () => {
    const both = { type: ['string', 'null'], anyOf: [{ minLength: 1 }, { type: 'null' }] };
    expect(portableSchema(both)).toEqual(both);
  });

  it('writes the empty additionalProperties schema as true, and keeps false and a real schema', () => {
    expect(portableSchema({ type: 'object', additionalProperties: {} })).toEqual({ type: 'object', additionalProperties: true });
    expect(portableSchema({ type: 'object', additionalProperties: false })).toEqual({ type: 'object', additionalProperties: false });
    expect(portableSchema({ type: 'object', additionalProperties: { type: ['string', 'null'] } })).toEqual({
      type: 'object',
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
  });

  it('rewrites every nested schema (properties, items, anyOf branches, $defs) and no value that only looks like one', () => {
    const schema = {
      type: 'object',
      properties: { tags: { type: 'array', items: { type: ['string', 'null'] } }, type: { const: 'EMAIL' } },
      $defs: { note: { type: ['string', 'null'] } },
      anyOf: [{ additionalProperties: {} }],
      default: { type: ['kept', 'as data'] },
      enum: [{ additionalProperties: {} }],
    };
    expect(portableSchema(schema)).toEqual({
      type: 'object',
      properties: { tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, type: { const: 'EMAIL' } },
      $defs: { note: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      anyOf: [{ additionalProperties: true }],
      default: { type: ['kept', 'as data'] },
      enum: [{ additionalProperties: {} }],
    });
  });
});

describe('advertisedSchema', () => {
  const Recording = z.looseObject({ id: z.string(), comment: z.string().nullish() });

  it('gives the SDK the portable JSON Schema for arguments and results, and passes any value through unchecked', async () => {
    const { jsonSchema, validate } = advertisedSchema(Recording)['~standard'];
    expect(jsonSchema.output({ target: 'draft-2020-12' })).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { id: { type: 'string' }, comment: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      required: ['id'],
      additionalProperties: true,
    });
    expect(jsonSchema.input({ target: 'draft-2020-12' })).toMatchObject({ additionalProperties: true });
    // Each tool checks its own arguments with core's messages (defineTool): the SDK's check would answer first.
    expect(await validate({ id: 42 })).toEqual({ value: { id: 42 } });
  });
});
