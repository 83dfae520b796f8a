import type * as z from 'zod/v4';
import { Recording } from '../wire/schemas.js';

/** One field of a recording as every platform outputs it: the service's own key, one label, one help text, an example. */
export interface RecordingField<Key extends keyof typeof Recording.shape = keyof typeof Recording.shape> {
  /** What a person reads for it on every platform (Zapier output fields, n8n and MCP output schemas, Node-RED help). */
  label: string;
  /** One sentence on what it holds. */
  help: string;
  /** A realistic value: the samples and the tests' recordings are made of these. */
  example: z.output<(typeof Recording.shape)[Key]>;
}

/**
 * Each field of a recording, declared once, in the order every platform lists them. Its schema is the recording's
 * (`Recording.shape[key]`); a field the service adds is one entry here.
 */
export const RECORDING_FIELDS: { readonly [Key in keyof typeof Recording.shape]: RecordingField<Key> } = {
  id: { label: 'Recording ID', help: "The recording's ID (a UUID).", example: '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c' },
  status: {
    label: 'Status',
    help: 'NEW until someone records; RECORDING, REVIEWING and PROCESSING while under way; COMPLETED once the video is ready.',
    example: 'COMPLETED',
  },
  direction: {
    label: 'Direction',
    help: 'REQUEST when someone else was asked to record; RESPONSE for a recording of your own to share.',
    example: 'REQUEST',
  },
  tags: { label: 'Tags', help: "The recording's labels.", example: ['support', 'vip'] },
  notifications: {
    label: 'Notifications',
    help: 'The addresses ScreenRec notifies about the recording.',
    example: [{ type: 'EMAIL', value: 'team@example.com' }],
  },
  comment: {
    label: 'Comment',
    help: 'The internal note, never shown to the person who records.',
    example: 'Escalated by Tom',
  },
  createdDate: { label: 'Created', help: 'When the recording was created (ISO 8601, UTC).', example: '2026-11-21T09:30:00.000Z' },
  userId: {
    label: 'Created by User ID',
    help: 'The workspace user who created the recording.',
    example: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  },
  externalReference: {
    label: 'External Reference',
    help: 'Your own identifier (a ticket, order or conversation ID) given when the recording link was created.',
    example: 'ticket-4711',
  },
  url: {
    label: 'Recording Page URL',
    help: 'The page where the recording is made or watched.',
    example: 'https://app.screenrec.example/r/3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
  },
};

export type RecordingFieldKey = keyof typeof RECORDING_FIELDS;
export const RECORDING_FIELD_KEYS = Object.keys(RECORDING_FIELDS) as RecordingFieldKey[];

/** A recording made of the fields' examples: what every sample shows and every test expects unless it says otherwise. */
export function exampleRecording(overrides: Partial<Recording> = {}): Recording {
  const example = Object.fromEntries(RECORDING_FIELD_KEYS.map((key) => [key, RECORDING_FIELDS[key].example]));
  return Recording.parse({ ...example, ...overrides });
}
