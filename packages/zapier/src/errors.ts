import type { ScreenRecError } from 'screenrec';
import type { ZObject } from 'zapier-platform-core';

/** Codes after which only new credentials help: Zapier then asks the user to reconnect. */
const RECONNECT_CODES: ReadonlySet<string> = new Set(['FORBIDDEN', 'INTEGRATION_ERROR', 'UNAUTHORIZED']);

/** Core's field paths (`email`, `notifications.1.value`) and the labels a user sees for them in one step. */
export type FieldLabels = Readonly<Record<string, string>>;

/** The connection's fields, which any step's error may name. */
const CONNECTION_LABELS: FieldLabels = {
  baseUrl: 'Service URL',
  backendToken: 'Backend Token',
  workspaceId: 'Workspace ID',
  apiKey: 'API Key',
  callback: "the Zap's webhook address",
};

/** `"Notify E-mails" (entry 2)` for `notifications.1.value`; undefined for a path no label is known for. */
export function fieldLabelOf(path: string, labels: FieldLabels): string | undefined {
  const [head = '', ...rest] = path.split(/[.[\]]+/).filter((part) => part !== '');
  const label = labels[head] ?? CONNECTION_LABELS[head];
  if (label === undefined) return undefined;
  const shown = label.startsWith('the ') ? label : `"${label}"`;
  const index = rest.find((part) => /^\d+$/.test(part));
  return index === undefined ? shown : `${shown} (entry ${Number(index) + 1})`;
}

/** The message with every quoted field path (`` `email` ``) replaced by the field's label. */
export function withFieldLabels(error: ScreenRecError, labels: FieldLabels): string {
  let message = error.message;
  for (const { path } of error.fieldErrors ?? []) {
    const label = fieldLabelOf(path, labels);
    if (label !== undefined) message = message.split(`\`${path}\``).join(label);
  }
  return message;
}

/** Core's typed error as the Zapier error class a user (and Zapier's retry logic) should see. */
export function toZapierError(z: ZObject, error: ScreenRecError, labels: FieldLabels = {}): Error {
  const message = withFieldLabels(error, labels);
  if (RECONNECT_CODES.has(error.code)) return new z.errors.ExpiredAuthError(message);
  if (error.code === 'RATE_LIMITED') {
    const delaySeconds = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
    return new z.errors.ThrottledError(message, delaySeconds);
  }
  return new z.errors.Error(message, error.code, error.status);
}
