import { DIRECTION_LABELS, RECORDING_DIRECTIONS, RECORDING_STATUSES, SORT_ORDERS, STATUS_LABELS } from '@screenrec/core';

/**
 * The action node's fields, declared once: the editor's form and defaults, the help, and how a value is read from
 * the editor or from `msg.payload` all come from here. A field is used by the operations its `help` names, with
 * the help text for each (the same field can mean a little more or less in each operation).
 */
export type FieldKind = 'text' | 'list' | 'choice' | 'choices' | 'number' | 'boolean';

export interface Choice {
  value: string;
  label: string;
}

export interface FieldSpec {
  label: string;
  kind: FieldKind;
  placeholder?: string;
  choices?: readonly Choice[];
  /** The editor's initial value. */
  initial: string | number | boolean | string[];
}

const statusChoices = RECORDING_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const directionChoices = RECORDING_DIRECTIONS.map((value) => ({ value, label: DIRECTION_LABELS[value] }));
const sortChoices = SORT_ORDERS.map((value) => ({ value, label: value === 'Descending' ? 'Newest First' : 'Oldest First' }));

export const FIELDS = {
  recordingId: { label: 'Recording ID', kind: 'text', placeholder: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c', initial: '' },
  externalReference: { label: 'External Reference', kind: 'text', placeholder: 'ticket-1234', initial: '' },
  email: { label: 'Email', kind: 'text', placeholder: 'name@email.com', initial: '' },
  direction: { label: 'Direction', kind: 'choice', choices: directionChoices, initial: 'REQUEST' },
  notificationEmails: { label: 'Notification Emails', kind: 'list', placeholder: 'team@example.com, lead@example.com', initial: '' },
  comment: { label: 'Comment', kind: 'text', initial: '' },
  tags: { label: 'Tags', kind: 'list', placeholder: 'onboarding, ticket-1234', initial: '' },
  removeAllTags: { label: 'Remove All Tags', kind: 'boolean', initial: false },
  returnAll: { label: 'Return All', kind: 'boolean', initial: false },
  limit: { label: 'Limit', kind: 'number', initial: 50 },
  statuses: { label: 'Statuses', kind: 'choices', choices: statusChoices, initial: [] },
  directions: { label: 'Directions', kind: 'choices', choices: directionChoices, initial: [] },
  ids: { label: 'Recording IDs', kind: 'list', placeholder: 'id-1, id-2', initial: '' },
  userId: { label: 'User ID', kind: 'text', initial: '' },
  createdDateFrom: { label: 'Created After', kind: 'text', placeholder: '2026-11-21 or 2026-11-21T09:30:00Z', initial: '' },
  createdDateTo: { label: 'Created Before', kind: 'text', placeholder: '2026-11-30', initial: '' },
  sortOrder: { label: 'Sort Order', kind: 'choice', choices: sortChoices, initial: 'Descending' },
  query: { label: 'Query', kind: 'text', placeholder: 'onboard', initial: '' },
} as const satisfies Record<string, FieldSpec>;

export type FieldName = keyof typeof FIELDS;

/** The value a field of each kind has once read. */
export interface KindValue {
  text: string;
  list: string[];
  choice: string;
  choices: string[];
  number: number;
  boolean: boolean;
}
export type FieldValue<N extends FieldName> = KindValue[(typeof FIELDS)[N]['kind']];

/** What a value of each kind must be in `msg.payload`, for the message that names a malformed one. */
export const KIND_IN_MESSAGE: Record<FieldKind, string> = {
  text: 'must be a text',
  list: 'must be a list of texts, or one text of comma-separated values',
  choice: 'must be one of',
  choices: 'must be a list of (or one comma-separated text of)',
  number: 'must be a whole number of at least 1',
  boolean: 'must be true or false',
};
