import type * as z from 'zod/v4';
import { InvalidInputError, UnexpectedResponseError, describeFieldErrors } from './error-classes.js';
import { invalidInputMessage, quoteServiceText, unexpectedAnswerMessage } from './messages.js';
import type { FieldError } from '../wire/schemas.js';
import type { TransportResponse } from '../transport/transport.js';

/** Parses a JSON body; undefined when the body is empty or not JSON (an HTML error page, say). */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Validates a successful answer's body (already parsed, when the caller had to look into it first). */
export function readResponse<S extends z.ZodType>(
  schema: S,
  response: TransportResponse,
  json: unknown = parseJson(response.body),
): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const problems = quoteServiceText(describeFieldErrors(fieldErrorsOf(result.error)));
  throw new UnexpectedResponseError(unexpectedAnswerMessage(response.status, problems), { status: response.status });
}

/** Validates caller input before anything is sent. */
export function validateInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  renamePath: (path: string) => string = (path) => path,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(fieldErrorsOf(result.error).map((e) => ({ ...e, path: renamePath(e.path) })));
}

export function invalidInput(fieldErrors: FieldError[]): InvalidInputError {
  return new InvalidInputError(invalidInputMessage(describeFieldErrors(fieldErrors)), { fieldErrors });
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message,
  }));
}
