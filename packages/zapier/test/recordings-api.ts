import { exampleRecording } from 'screenrec';
import type nock from 'nock';
import { BASE_URL, RECORDING_ID, REST_PATH, restApi } from './harness';

/*
 * The recordings of the workspace's REST API as the tests stand them in: the calls the app makes, as nock
 * interceptors of restApi (answering only requests with the API key), and what the service answers them.
 */

/** The list call of the workspace's REST API, matching `body` as nock does (none: any body). */
export function recordingsList(body?: nock.RequestBodyMatcher): nock.Interceptor {
  return restApi().post(`${REST_PATH}/recordings/list`, body);
}

/** The list call that looks recordings up by their IDs: one page of as many as there are IDs. */
export function idsLookup(...ids: string[]): nock.Interceptor {
  return recordingsList({ ids, pageSize: ids.length });
}

/** The REST API's call for a fresh pre-signed link to the video of `recordingId`. */
export function presignCall(recordingId: string): nock.Interceptor {
  return restApi().get(`${REST_PATH}/recordings/${recordingId}/presign`);
}

/** The REST API giving `link` as the fresh link to the video of `recordingId`. */
export function presignsLink(recordingId: string, link: string): nock.Scope {
  return presignCall(recordingId).reply(200, { url: link });
}

/** The body of a list call for one page of the newest recordings: `pageSize` of them from the `first`. */
export function newestPage(first = 0, pageSize = 100) {
  return { sortField: 'createdDate', sortOrder: 'Descending', first, pageSize };
}

/** A recording as the service returns it in list and update answers. */
export const serviceRecording = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...exampleRecording({ id: RECORDING_ID, url: `${BASE_URL}/r/${RECORDING_ID}` }),
  ...overrides,
});

/** A page of a list answer: `content`, of `totalElements` in all, 100 to a page. */
export function page(content: Record<string, unknown>[], totalElements = content.length): Record<string, unknown> {
  return { content, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / 100)) };
}

/** The REST API answering the list call for a page of the newest recordings (the one from `first`) with `recordings`. */
export function newestListed(recordings: Record<string, unknown>[], { first = 0, total = recordings.length } = {}): nock.Scope {
  return recordingsList(newestPage(first)).reply(200, page(recordings, total));
}

/** A video link on the Service URL as ScreenRec signs it: the links of one video differ only in their signature. */
export function videoUrl(recordingId: string, signature: string): string {
  return `${BASE_URL}/videos/${recordingId}?expires=1795253400&signature=${signature}`;
}
