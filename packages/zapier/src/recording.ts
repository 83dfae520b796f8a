import type { Recording } from '@screenrec/core';
import type { PlainOutputField } from 'zapier-platform-core';

/** A recording as every step outputs it: the service's own field names, nothing renamed. */
export interface RecordingOutput {
  id: string;
  status: string;
  direction: string | null;
  tags: string[];
  notifications: { type: string; value: string }[];
  comment: string | null;
  createdDate: string | null;
  userId: string | null;
  externalReference: string | null;
  url: string | null;
}

/** A recording's fields when none is known: the same keys as recordingOutput's, all empty. */
export const UNKNOWN_RECORDING: Readonly<
  Record<Exclude<keyof RecordingOutput, 'tags' | 'notifications'>, null> & { tags: []; notifications: [] }
> = {
  id: null,
  status: null,
  direction: null,
  tags: [],
  notifications: [],
  comment: null,
  createdDate: null,
  userId: null,
  externalReference: null,
  url: null,
};

export function recordingOutput(recording: Recording): RecordingOutput {
  return {
    id: recording.id,
    status: recording.status,
    direction: recording.direction ?? null,
    tags: recording.tags,
    notifications: (recording.notifications ?? []).map(({ type, value }) => ({ type, value })),
    comment: recording.comment ?? null,
    createdDate: recording.createdDate ?? null,
    userId: recording.userId ?? null,
    externalReference: recording.externalReference ?? null,
    url: recording.url ?? null,
  };
}

/** Output fields of a recording, optionally nested under a parent key (`recording__status`). */
export function recordingOutputFields(prefix = '', labelPrefix = ''): PlainOutputField[] {
  const fields: PlainOutputField[] = [
    { key: `${prefix}id`, label: 'Recording ID', type: 'string' },
    { key: `${prefix}status`, label: 'Status', type: 'string' },
    { key: `${prefix}direction`, label: 'Direction', type: 'string' },
    { key: `${prefix}tags`, label: 'Tags', type: 'string', list: true },
    { key: `${prefix}notifications[]type`, label: 'Notification Type', type: 'string' },
    { key: `${prefix}notifications[]value`, label: 'Notification E-mail', type: 'string' },
    { key: `${prefix}comment`, label: 'Comment (internal)', type: 'string' },
    { key: `${prefix}createdDate`, label: 'Created', type: 'datetime' },
    { key: `${prefix}userId`, label: 'Created by User ID', type: 'string' },
    { key: `${prefix}externalReference`, label: 'External Reference', type: 'string' },
    { key: `${prefix}url`, label: 'Recording Page URL', type: 'string' },
  ];
  return fields.map((field) => ({ ...field, label: `${labelPrefix}${field.label ?? field.key}` }));
}
