import nock from 'nock';
import { CANCELLED_MESSAGE, HINT_CHECK_SERVICE, deadlineMessage } from '@screenrec/core';
import { NodeOperationError } from 'n8n-workflow';
import { PassThrough } from 'node:stream';
import { DOWNLOAD_CANCELLED, downloadTimedOutMessage } from '../../packages/n8n-nodes-screenrec/lib/video';
import { RECORDING_ID, byId, runScreenRec, searchRecordings } from './harness';
import { failureOf, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const recording = (n: number, overrides: Record<string, unknown> = {}) => ({ id: id(n), status: 'COMPLETED', tags: [], createdDate: '2026-11-21T09:30:00Z', ...overrides });
const NEWEST_FIRST = { sortField: 'createdDate', sortOrder: 'Descending' };

describe('Recording field, "From list": searchable, newest first, labelled with date, status and tags', () => {
	it('labels each recording with its date in the workflow timezone, its status (a status ScreenRec adds later shows as sent) and tags', async () => {
		restScope()
			.post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 })
			.reply(200, {
				content: [
					recording(2, { tags: ['onboarding', 'bug'], externalReference: 'ticket-9', url: `https://app.screenrec.test/r/${id(2)}` }),
					recording(1, { status: 'ARCHIVED', createdDate: '2026-07-01T22:15:00Z' }),
				],
				totalElements: 2,
				totalPages: 1,
			});
		expect(await searchRecordings()).toEqual({
			results: [
				// Europe/Berlin: UTC+1 in November, UTC+2 in July.
				{ name: '2026-11-21 10:30 · Completed · onboarding, bug · ticket-9', value: id(2), url: `https://app.screenrec.test/r/${id(2)}` },
				{ name: '2026-07-02 00:15 · ARCHIVED', value: id(1), url: undefined },
			],
			paginationToken: undefined,
		});
	});

	it('keeps what matches the typed text, and offers the next page while there is one', async () => {
		const content = Array.from({ length: 50 }, (_, n) => recording(n, { tags: n % 10 === 0 ? ['Support'] : [] }));
		restScope().post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 0, pageSize: 50 }).reply(200, { content, totalElements: 120, totalPages: 3 });
		const firstPage = await searchRecordings('support');
		expect(firstPage.results.map((result) => result.value)).toEqual([0, 10, 20, 30, 40].map(id));
		expect(firstPage.paginationToken).toBe(50);

		restScope().post(restPath('/recordings/list'), { ...NEWEST_FIRST, first: 50, pageSize: 50 }).reply(200, { content: [recording(77)], totalElements: 51, totalPages: 2 });
		expect(await searchRecordings('', 50)).toMatchObject({ results: [{ value: id(77) }], paginationToken: undefined });
	});
});

describe('Stop and Timeout', () => {
	it("the execution's cancel signal stops a request in flight: the item fails as cancelled", async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).delay(10_000).reply(200, { url: 'https://media.screenrec.test/v.webm' });
		const controller = new AbortController();
		const running = runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID) }, { abortSignal: controller.signal });
		setImmediate(() => controller.abort());
		const error = await failureOf(() => running);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(CANCELLED_MESSAGE);
		nock.abortPendingRequests();
	});

	it('the cancel signal stops a video download mid-stream', async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).reply(200, { url: `https://media.screenrec.test/v/${RECORDING_ID}.webm` });
		const body = new PassThrough();
		const controller = new AbortController();
		nock('https://media.screenrec.test')
			.get(`/v/${RECORDING_ID}.webm`)
			.reply(200, () => {
				body.write(Buffer.alloc(64 * 1024));
				// The first bytes are on their way; the user presses Stop.
				setImmediate(() => controller.abort());
				return body;
			}, { 'content-type': 'video/webm' });
		const error = await failureOf(() =>
			runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), download: true }, { abortSignal: controller.signal }),
		);
		expect(error.message).toBe(DOWNLOAD_CANCELLED);
		body.destroy();
	});

	it('the Timeout option bounds a video download too, with its own message', async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).reply(200, { url: `https://media.screenrec.test/v/${RECORDING_ID}.webm` });
		const body = new PassThrough();
		// The video host sends the first bytes, then nothing more.
		nock('https://media.screenrec.test')
			.get(`/v/${RECORDING_ID}.webm`)
			.reply(200, () => {
				body.write(Buffer.alloc(1024));
				return body;
			}, { 'content-type': 'video/webm' });
		const error = await failureOf(() =>
			runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), download: true, options: { timeout: 1 } }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(downloadTimedOutMessage(1));
		body.destroy();
	});

	it('the Timeout option bounds the whole operation: a service that does not answer ends in our deadline message', async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).delay(10_000).reply(200, { url: 'https://media.screenrec.test/v.webm' });
		const error = await failureOf(() =>
			runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: byId(RECORDING_ID), options: { timeout: 1 } }),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(deadlineMessage('fetching a link to the video', 1000, HINT_CHECK_SERVICE));
		expect(error.description).toBe("Raise the node's Timeout option (under Options), or leave it empty for no limit; for lists, narrow the filters.");
		nock.abortPendingRequests();
	});
});
