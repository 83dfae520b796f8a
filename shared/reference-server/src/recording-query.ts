import { DEFAULT_PAGE_SIZE, type ListRecordingsRequest } from '@screenrec/core';
import type { z } from 'zod';
import type { Recording } from './model';

export type RecordingQuery = z.output<typeof ListRecordingsRequest>;

export interface RecordingSlice {
  content: Recording[];
  totalElements: number;
  totalPages: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Filters and pages recordings kept in creation order. The date range is found by binary search and the
 * page is read walking forward or backward, so nothing is ever sorted; without other filters a page costs
 * O(log n + pageSize), with them one pass over the date range.
 */
export function queryRecordings(recordings: readonly Recording[], query: RecordingQuery): RecordingSlice {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const first = query.first ?? 0;
  const descending = query.sortOrder === 'Descending';
  const from = query.createdDateFrom === undefined ? -Infinity : Date.parse(query.createdDateFrom);
  // SPEC: createdDateTo is inclusive, "one day is added internally".
  const until = query.createdDateTo === undefined ? Infinity : Date.parse(query.createdDateTo) + DAY_MS;
  const low = firstIndexAtOrAfter(recordings, from);
  const high = Math.max(low, firstIndexAtOrAfter(recordings, until));
  const matches = matcherOf(query);

  if (matches === undefined) {
    const totalElements = high - low;
    const start = Math.min(first, totalElements);
    const end = Math.min(first + pageSize, totalElements);
    const content: Recording[] = [];
    for (let rank = start; rank < end; rank++) content.push(recordings[descending ? high - 1 - rank : low + rank]!);
    return { content, totalElements, totalPages: Math.ceil(totalElements / pageSize) };
  }

  const content: Recording[] = [];
  let totalElements = 0;
  for (let step = 0; step < high - low; step++) {
    const recording = recordings[descending ? high - 1 - step : low + step]!;
    if (!matches(recording)) continue;
    if (totalElements >= first && content.length < pageSize) content.push(recording);
    totalElements++;
  }
  return { content, totalElements, totalPages: Math.ceil(totalElements / pageSize) };
}

/** A predicate for the filters other than dates, or undefined when there are none (an empty list filters nothing). */
function matcherOf(query: RecordingQuery): ((recording: Recording) => boolean) | undefined {
  const tests: Array<(recording: Recording) => boolean> = [];
  if (query.ids !== undefined && query.ids.length > 0) {
    const ids = new Set(query.ids.map((id) => id.toLowerCase()));
    tests.push((recording) => ids.has(recording.id));
  }
  if (query.userId !== undefined) {
    const userId = query.userId.toLowerCase();
    tests.push((recording) => recording.userId === userId);
  }
  if (query.statuses !== undefined && query.statuses.length > 0) {
    const statuses = new Set<string>(query.statuses);
    tests.push((recording) => statuses.has(recording.status));
  }
  if (query.directions !== undefined && query.directions.length > 0) {
    const directions = new Set<string>(query.directions);
    tests.push((recording) => directions.has(recording.direction));
  }
  if (query.tags !== undefined && query.tags.length > 0) {
    const tags = new Set(query.tags);
    tests.push((recording) => recording.tags.some((tag) => tags.has(tag)));
  }
  if (tests.length === 0) return undefined;
  return (recording) => tests.every((test) => test(recording));
}

function firstIndexAtOrAfter(recordings: readonly Recording[], ms: number): number {
  let low = 0;
  let high = recordings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (recordings[middle]!.createdMs < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}
