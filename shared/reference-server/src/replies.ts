import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from './wire';

/** Error bodies, byte for byte as docs/service-api.md gives them ("Errors" and its last section). */
export const MESSAGES = {
  badRequest: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  payloadTooLarge: 'Payload too large',
  unsupportedMediaType: 'Unsupported media type',
  rangeNotSatisfiable: 'Range not satisfiable',
  integrationError: 'Integration error',
  internal: 'Internal Server Error',
} as const;

/** The content type of every JSON answer (fastify's own for an object it serializes). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** `{message}`, or `{message, errors}`; returns nothing, never the reply, which is thenable (an async caller would lose it). */
export function sendMessage(reply: FastifyReply, status: number, message: string, errors?: FieldError[]): void {
  reply.code(status).type(JSON_TYPE).send({ message, errors });
}

/** A refusal a route throws; the error handler (plugins/json-errors.ts) answers it with sendMessage. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export function notFound(): never {
  throw new Refusal(404, MESSAGES.notFound);
}

/** What `schema` reads from `value`; else a 400 naming the failing fields under `prefix` (e.g. "recordingId"). */
export function valid<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error).map((error) =>
    prefix === undefined ? error : { ...error, path: error.path === '' ? prefix : `${prefix}.${error.path}` },
  );
  throw new Refusal(400, MESSAGES.badRequest, errors);
}

/** One `errors[]` entry per issue: the dotted path of the field, and what is wrong with it. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message,
  }));
}
