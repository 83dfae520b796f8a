import type { z } from 'zod';
import type { Recording } from './model';
import { intersection, lowerBound, union, type PostingLists, type RecordingIndex } from './recording-index';
import { DEFAULT_PAGE_SIZE, type ListRecordingsRequest } from './wire';

export type RecordingQuery = z.output<typeof ListRecordingsRequest>;

export interface RecordingSlice {
  content: Recording[];
  totalElements: number;
  totalPages: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Filters and pages recordings kept in creation order. The date range is found by binary search; without other
 * filters the page is read walking forward or backward, O(log n + pageSize); with them, the index's posting
 * lists for each filter are united within a filter and intersected across filters, so the cost follows the
 * matches and the shortest list, never the whole store. Nothing is ever sorted.
 */
export function queryRecordings(recordings: readonly Recording[], index: RecordingIndex, query: RecordingQuery): RecordingSlice {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const first = query.first ?? 0;
  const descending = query.sortOrder === 'Descending';
  const from = query.createdDateFrom === undefined ? -Infinity : Date.parse(query.createdDateFrom);
  // SPEC: createdDateTo is inclusive, "one day is added internally".
  const until = query.createdDateTo === undefined ? Infinity : Date.parse(query.createdDateTo) + DAY_MS;
  const low = firstIndexAtOrAfter(recordings, from);
  const high = Math.max(low, firstIndexAtOrAfter(recordings, until));
  const filters = postingListsOf(index, query);

  if (filters === undefined) {
    const totalElements = high - low;
    const start = Math.min(first, totalElements);
    const end = Math.min(first + pageSize, totalElements);
    const content: Recording[] = [];
    for (let rank = start; rank < end; rank++) content.push(recordings[descending ? high - 1 - rank : low + rank]!);
    return { content, totalElements, totalPages: Math.ceil(totalElements / pageSize) };
  }

  // Creation order is sequence order, so the date range is a range of sequence numbers.
  const seqFrom = low < recordings.length ? index.seqOf(recordings[low]!) : Infinity;
  const seqUntil = high < recordings.length ? index.seqOf(recordings[high]!) : Infinity;
  const matches = intersection(filters.map((list) => list.slice(lowerBound(list, seqFrom), lowerBound(list, seqUntil))));
  const totalElements = matches.length;
  const content: Recording[] = [];
  for (let rank = first; rank < Math.min(first + pageSize, totalElements); rank++) {
    content.push(index.recordingAt(matches[descending ? totalElements - 1 - rank : rank]!));
  }
  return { content, totalElements, totalPages: Math.ceil(totalElements / pageSize) };
}

/** One ascending list of sequence numbers per filter given, or undefined when there is none (an empty list filters nothing). */
function postingListsOf(index: RecordingIndex, query: RecordingQuery): Array<readonly number[]> | undefined {
  const lists: Array<readonly number[]> = [];
  if (query.ids !== undefined && query.ids.length > 0) {
    const seqs = query.ids.map((id) => index.seqOfId(id)).filter((seq) => seq !== undefined);
    lists.push([...new Set(seqs)].sort((a, b) => a - b));
  }
  if (query.userId !== undefined) lists.push(index.users.get(query.userId));
  const anyOf = (values: readonly string[] | undefined, postings: PostingLists) => {
    if (values !== undefined && values.length > 0) lists.push(union([...new Set(values)].map((value) => postings.get(value))));
  };
  anyOf(query.statuses, index.statuses);
  anyOf(query.directions, index.directions);
  anyOf(query.tags, index.tags);
  return lists.length === 0 ? undefined : lists;
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
