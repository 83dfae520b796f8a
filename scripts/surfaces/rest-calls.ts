// The REST API's table in docs/service-api.md, from core's REST_CALLS and the schemas of their bodies: a new call
// is declared once, in protocol.ts, and the document follows.
import { z } from 'zod/v4';
import { REST_CALLS } from '../../packages/core/src/wire/protocol';
import * as schemas from '../../packages/core/src/wire/schemas';
import { code, listInWords, table } from './markdown';

const lowerFirst = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

type RequestSchemaName = 'CreateRecordingRequest' | 'ListRecordingsRequest' | 'UpdateRecordingRequest';
const REQUEST_SCHEMAS: Record<RequestSchemaName, z.ZodObject> = schemas;

/** What a call takes: its body's fields (the required ones marked), its query parameter, or nothing. */
function requestCell(call: (typeof REST_CALLS)[keyof typeof REST_CALLS]): string {
  if ('query' in call) return `${code(call.query.name)} (required): ${lowerFirst(call.query.description.replace(/\.$/, ''))}`;
  if (!('request' in call)) return 'none';
  const fields = Object.entries(REQUEST_SCHEMAS[call.request].shape).map(([name, schema]) =>
    schema.safeParse(undefined).success ? code(name) : `${code(name)} (required)`,
  );
  return fields.every((field) => !field.endsWith('(required)')) ? `all optional: ${listInWords(fields)}` : listInWords(fields);
}

export function restCallsTable(): string {
  return table(
    ['call', 'what it does', 'request', 'answer'],
    Object.values(REST_CALLS).map((call) => [
      code(`${call.method} ${call.path}`),
      `${call.summary}. ${call.description}`,
      requestCell(call),
      `${code(String(call.success))}, ${lowerFirst(call.answerDescription)}`,
    ]),
  );
}
