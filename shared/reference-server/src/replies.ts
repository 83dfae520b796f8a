import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from './wire';

/** Error bodies, byte for byte as docs/service-api.md gives them ("Errors" and its last section). */
export const MESSAGES = {
  badRequest: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  conflict: 'Conflict',
  payloadTooLarge: 'Payload too large',
  unsupportedMediaType: 'Unsupported media type',
  rangeNotSatisfiable: 'Range not satisfiable',
  integrationError: 'Integration error',
  internal: 'Internal Server Error',
} as const;

/** The content type of every JSON answer (fastify's own for an object it serializes). */
export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send({ message });
}

export function sendValidationErrors(reply: FastifyReply, errors: FieldError[]): FastifyReply {
  return reply.code(400).type(JSON_TYPE).send({ message: MESSAGES.badRequest, errors });
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Validates with a zod schema, naming the failing fields under `prefix` (e.g. "recordingId"). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): Parsed<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrorsOf(result.error).map((error) =>
    prefix === undefined ? error : { ...error, path: error.path === '' ? prefix : `${prefix}.${error.path}` },
  );
  return { ok: false, errors };
}

/** One `errors[]` entry per issue: the dotted path of the field, and what is wrong with it. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message,
  }));
}
