import { MAX_PAGE_SIZE, type Recording } from '@screenrec/core';
import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { hasRestCredentials, restClient } from '../clients';
import { displayDate } from '../dates';
import { recordingFilter } from '../fields';
import { performStep } from '../step';
import sample from './recording-list.sample.json';

export interface RecordingChoice {
  id: string;
  /** What a person recognises a recording by: its reference or comment, state, creation time and tags. */
  label: string;
}

const STATUS_WORDS: Record<string, string> = {
  NEW: 'new',
  RECORDING: 'recording',
  REVIEWING: 'reviewing',
  PROCESSING: 'processing',
  COMPLETED: 'completed',
};

/** "ticket-4711 · completed · 21 Nov 2026, 10:30 · support, vip" */
export function recordingLabel(recording: Recording, timezone: string | null): string {
  const name = recording.externalReference?.trim() || firstLine(recording.comment) || `Recording ${recording.id.slice(0, 8)}`;
  const parts = [name, STATUS_WORDS[recording.status] ?? recording.status.toLowerCase(), displayDate(recording.createdDate, timezone)];
  if (recording.tags.length > 0) parts.push(recording.tags.join(', '));
  return parts.filter((part) => part !== undefined && part !== '').join(' · ');
}

function firstLine(text: string | null | undefined): string | undefined {
  const line = text?.split('\n')[0]?.trim();
  if (line === undefined || line === '') return undefined;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** One page of the newest recordings per call; Zapier asks for the next page (bundle.meta.page) on "Load more". */
export const perform = performStep(async (z: ZObject, bundle: Bundle, step): Promise<RecordingChoice[]> => {
  if (!hasRestCredentials(bundle)) return [];
  const pageNumber = Math.max(0, Number(bundle.meta?.page ?? 0) || 0);
  const page = await restClient(z, bundle, step).listRecordings({ ...recordingFilter({}), first: pageNumber * MAX_PAGE_SIZE, pageSize: MAX_PAGE_SIZE }, step.call);
  return page.content.map((recording) => ({ id: recording.id, label: recordingLabel(recording, step.timezone) }));
});

/** Hidden: it only powers the Recording ID dropdowns. Without REST credentials the list is empty and IDs are mapped or typed. */
export default defineTrigger({
  key: 'recordingList',
  noun: 'Recording',
  display: {
    label: 'Newest Recordings',
    description: 'Lists the newest recordings, for the Recording ID dropdowns.',
    hidden: true,
  },
  operation: {
    perform,
    canPaginate: true,
    sample,
    outputFields: [
      { key: 'id', label: 'Recording ID', type: 'string' },
      { key: 'label', label: 'Recording', type: 'string' },
    ],
  },
});
