import { knownTimeZone, zoneName } from './dates.js';
import type { Recording, RecordingDirection, RecordingStatus } from '../wire/schemas.js';

/**
 * What a person reads for ScreenRec's values, the same words on every platform (Zapier fields and dropdowns, n8n
 * options and locators, MCP confirmations). A value ScreenRec adds later shows as it is sent.
 */

export const STATUS_LABELS: Readonly<Record<RecordingStatus, string>> = {
  NEW: 'New',
  RECORDING: 'Recording',
  REVIEWING: 'Reviewing',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
};

export const DIRECTION_LABELS: Readonly<Record<RecordingDirection, string>> = {
  REQUEST: 'Request: ask someone else to record their screen',
  RESPONSE: 'Response: record your own screen to share',
};

export function statusLabel(status: string): string {
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function directionLabel(direction: string): string {
  return (DIRECTION_LABELS as Record<string, string>)[direction] ?? direction;
}

/** How many characters of a recording's ID tell it apart in a label. */
export const SHORT_ID_LENGTH = 8;

/**
 * "21 Nov 2026, 10:30 CET", "21 Nov 2026, 04:30 EST": an instant in the user's zone, with the zone's name, so that a
 * label read beside a UTC `createdDate` is not taken for it. Undefined for a missing or unreadable date.
 */
export function displayDate(iso: string | null | undefined, timeZone: string | null | undefined): string | undefined {
  if (iso === null || iso === undefined) return undefined;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  const zone = knownTimeZone(timeZone);
  const wallTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${wallTime} ${zoneName(zone, instant)}`;
}

/**
 * One line that tells a recording apart from its neighbours in a list:
 * "TICKET-42 · Completed · 21 Nov 2026, 10:30 CET · support, vip · ID 0b7c2d1e". The reference (else the comment's
 * first line) leads; the start of the ID always ends it, since two recordings can share everything else.
 */
export function recordingLabel(recording: Recording, timeZone: string | null | undefined): string {
  const name = nonBlank(recording.externalReference) ?? firstLine(recording.comment);
  const parts = [name, statusLabel(recording.status), displayDate(recording.createdDate, timeZone)];
  if (recording.tags.length > 0) parts.push(recording.tags.join(', '));
  parts.push(`ID ${recording.id.slice(0, SHORT_ID_LENGTH)}`);
  return parts.filter((part): part is string => part !== undefined && part !== '').join(' · ');
}

function nonBlank(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function firstLine(text: string | null | undefined): string | undefined {
  const line = nonBlank(text?.split('\n')[0]);
  if (line === undefined) return undefined;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
