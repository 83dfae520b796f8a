import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { RECORDING_ID, runScreenRec } from './harness';
import { failureOf, hookScope, remember, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const recording = (overrides: Record<string, unknown> = {}) => ({
	id: RECORDING_ID,
	direction: 'REQUEST',
	status: 'NEW',
	tags: ['onboarding'],
	notifications: [],
	comment: 'VIP',
	createdDate: '2026-11-21T09:30:00Z',
	...overrides,
});

describe('Recording: Create (automation hook)', () => {
	it('sends RECORDING with the external reference and tags, and outputs the recording page URL', async () => {
		hookScope({ action: 'RECORDING', recording: { externalReference: 'ticket-1', tags: ['onboarding', 'bug'] } }).reply(200, {
			url: 'https://app.screenrec.test/r/abc',
		});
		const output = await runScreenRec({
			resource: 'recording',
			operation: 'create',
			externalReference: 'ticket-1',
			tags: 'onboarding, bug,',
		});
		expect(remember(output)).toEqual([
			{
				json: { url: 'https://app.screenrec.test/r/abc', externalReference: 'ticket-1', tags: ['onboarding', 'bug'] },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('runs once per input item, with expressions resolved per item and each output paired to its item', async () => {
		hookScope({ action: 'RECORDING', recording: { externalReference: 'T-1' } }).reply(200, { url: 'https://app.screenrec.test/r/1' });
		hookScope({ action: 'RECORDING', recording: { externalReference: 'T-2' } }).reply(200, { url: 'https://app.screenrec.test/r/2' });
		const output = await runScreenRec(
			{ resource: 'recording', operation: 'create', externalReference: '={{ $json.ticket }}' },
			{ items: [{ json: { ticket: 'T-1' } }, { json: { ticket: 'T-2' } }] },
		);
		expect(output).toEqual([
			{ json: { url: 'https://app.screenrec.test/r/1', externalReference: 'T-1' }, pairedItem: { item: 0 } },
			{ json: { url: 'https://app.screenrec.test/r/2', externalReference: 'T-2' }, pairedItem: { item: 1 } },
		]);
	});
});

describe('Recording: Request (REST create)', () => {
	it('sends direction, e-mail, tags, notification e-mails and comment, and outputs the recording', async () => {
		restScope()
			.post(restPath('/recordings'), {
				direction: 'RESPONSE',
				email: 'ana@example.com',
				tags: ['demo'],
				notifications: [
					{ type: 'EMAIL', value: 'team@example.com' },
					{ type: 'EMAIL', value: 'lead@example.com' },
				],
				comment: 'internal',
			})
			.reply(201, recording({ direction: 'RESPONSE', tags: ['demo'], comment: 'internal' }));
		const output = await runScreenRec({
			resource: 'recording',
			operation: 'request',
			direction: 'RESPONSE',
			email: 'ana@example.com',
			additionalFields: { tags: 'demo', notificationEmails: 'team@example.com, lead@example.com', comment: 'internal' },
		});
		expect(output).toEqual([
			{ json: recording({ direction: 'RESPONSE', tags: ['demo'], comment: 'internal' }), pairedItem: { item: 0 } },
		]);
	});

	it('sends only the direction when nothing else is filled in', async () => {
		restScope().post(restPath('/recordings'), { direction: 'REQUEST' }).reply(201, recording());
		const output = await runScreenRec({ resource: 'recording', operation: 'request' });
		expect(output).toEqual([{ json: recording(), pairedItem: { item: 0 } }]);
	});
});

describe('Recording: Get Many', () => {
	const ids = (count: number, from = 0) =>
		Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${String(from + index).padStart(12, '0')}`);
	const page = (pageIds: string[], totalPages: number, totalElements: number) => ({
		content: pageIds.map((id) => recording({ id })),
		totalElements,
		totalPages,
	});

	it('sends every filter of the list call and pages through everything with Return All', async () => {
		const filter = {
			ids: [RECORDING_ID],
			userId: '11111111-2222-4333-8444-555555555555',
			statuses: ['COMPLETED', 'PROCESSING'],
			directions: ['REQUEST'],
			tags: ['onboarding', 'demo'],
			createdDateFrom: '2026-11-01T08:00:00Z',
			createdDateTo: '2026-11-20',
			sortOrder: 'Descending',
		};
		restScope()
			.post(restPath('/recordings/list'), { ...filter, first: 0, pageSize: 100 })
			.reply(200, page(ids(100), 2, 101));
		restScope()
			.post(restPath('/recordings/list'), { ...filter, first: 100, pageSize: 100 })
			.reply(200, page(ids(1, 100), 2, 101));
		const output = await runScreenRec({
			resource: 'recording',
			operation: 'getAll',
			returnAll: true,
			filters: {
				ids: RECORDING_ID,
				userId: '11111111-2222-4333-8444-555555555555',
				statuses: ['COMPLETED', 'PROCESSING'],
				directions: ['REQUEST'],
				tags: 'onboarding, demo',
				createdDateFrom: '2026-11-01T08:00:00',
				createdDateTo: '2026-11-20',
				sortOrder: 'Descending',
			},
		});
		expect(output).toHaveLength(101);
		expect(output.map((item) => item.json.id)).toEqual(ids(101));
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('asks for no more than the Limit (default 50) and stops there', async () => {
		restScope().post(restPath('/recordings/list'), { first: 0, pageSize: 50 }).reply(200, page(ids(50), 3, 120));
		const output = await runScreenRec({ resource: 'recording', operation: 'getAll' });
		expect(output).toHaveLength(50);

		restScope().post(restPath('/recordings/list'), { first: 0, pageSize: 2 }).reply(200, page(ids(2), 60, 120));
		const limited = await runScreenRec({ resource: 'recording', operation: 'getAll', limit: 2 });
		expect(limited).toEqual(ids(2).map((id) => ({ json: recording({ id }), pairedItem: { item: 0 } })));
	});

	it('keeps only recordings with the External Reference, reading full pages until the limit is met', async () => {
		const [first, second, third] = ids(3);
		restScope()
			.post(restPath('/recordings/list'), { first: 0, pageSize: 100 })
			.reply(200, {
				content: [recording({ id: first, externalReference: 'T-1' }), recording({ id: second, externalReference: 'T-2' }), recording({ id: third, externalReference: 'T-1' })],
				totalElements: 3,
				totalPages: 1,
			});
		const output = await runScreenRec({ resource: 'recording', operation: 'getAll', limit: 5, filters: { externalReference: 'T-1' } });
		expect(output.map((item) => item.json.id)).toEqual([first, third]);
	});
});

describe('Recording: Get Video URL', () => {
	const videoUrl = `https://media.screenrec.test/videos/${RECORDING_ID}?expires=1900000000&signature=abc`;

	it('outputs a fresh temporary link', async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).reply(200, { url: videoUrl });
		const output = await runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: ` ${RECORDING_ID} ` });
		expect(output).toEqual([{ json: { recordingId: RECORDING_ID, videoUrl }, pairedItem: { item: 0 } }]);
	});

	it('downloads the video as binary data, without sending any credential to the video host', async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).reply(200, { url: videoUrl });
		const video = Buffer.from('webm-bytes');
		nock('https://media.screenrec.test', { badheaders: ['authorization', 'x-service-token'] })
			.get(`/videos/${RECORDING_ID}`)
			.query({ expires: '1900000000', signature: 'abc' })
			.reply(200, video, { 'content-type': 'video/webm' });
		const [item] = await runScreenRec({
			resource: 'recording',
			operation: 'getVideoUrl',
			recordingId: RECORDING_ID,
			download: true,
			binaryPropertyName: 'video',
		});
		expect(item?.json).toEqual({ recordingId: RECORDING_ID, videoUrl });
		expect(item?.binary?.video).toMatchObject({
			data: video.toString('base64'),
			mimeType: 'video/webm',
			fileName: `screenrec-${RECORDING_ID}.webm`,
			fileExtension: 'webm',
		});
	});

	it('says the link expired when the video host answers 403', async () => {
		restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`)).reply(200, { url: videoUrl });
		nock('https://media.screenrec.test').get(`/videos/${RECORDING_ID}`).query(true).reply(403, 'Forbidden');
		const error = await failureOf(() =>
			runScreenRec({ resource: 'recording', operation: 'getVideoUrl', recordingId: RECORDING_ID, download: true }),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The video could not be downloaded (HTTP 403).');
		expect(error.description).toBe('Its temporary link has expired. Fetch a fresh one with the ScreenRec node\'s "Get Video URL" operation.');
	});
});

describe('Recording: Update and Delete', () => {
	it('replaces tags and comment', async () => {
		restScope()
			.put(restPath(`/recordings/${RECORDING_ID}`), { tags: ['done', 'reviewed'], comment: 'checked' })
			.reply(202, recording({ tags: ['done', 'reviewed'], comment: 'checked' }));
		const output = await runScreenRec({
			resource: 'recording',
			operation: 'update',
			recordingId: RECORDING_ID,
			updateFields: { tags: 'done, reviewed', comment: 'checked' },
		});
		expect(output).toEqual([{ json: recording({ tags: ['done', 'reviewed'], comment: 'checked' }), pairedItem: { item: 0 } }]);
	});

	it('clears the tags when the added Tags field is left empty', async () => {
		restScope().put(restPath(`/recordings/${RECORDING_ID}`), { tags: [] }).reply(202, recording({ tags: [] }));
		const output = await runScreenRec({ resource: 'recording', operation: 'update', recordingId: RECORDING_ID, updateFields: { tags: '' } });
		expect(output[0]?.json.tags).toEqual([]);
	});

	it('refuses an update with no field, sending nothing', async () => {
		const error = await failureOf(() => runScreenRec({ resource: 'recording', operation: 'update', recordingId: RECORDING_ID }));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Nothing to update: add Tags or Comment under Update Fields.');
	});

	it('deletes and outputs the deleted ID', async () => {
		restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(204);
		const output = await runScreenRec({ resource: 'recording', operation: 'delete', recordingId: RECORDING_ID });
		expect(output).toEqual([{ json: { recordingId: RECORDING_ID, deleted: true }, pairedItem: { item: 0 } }]);
	});
});

describe('Tag: Search', () => {
	it('outputs one item per matching tag', async () => {
		restScope().get(restPath('/recordings/tags')).query({ query: 'on board' }).reply(200, { result: ['on board', 'on boarding'] });
		const output = await runScreenRec({ resource: 'tag', operation: 'search', query: 'on board' });
		expect(output).toEqual([
			{ json: { tag: 'on board' }, pairedItem: { item: 0 } },
			{ json: { tag: 'on boarding' }, pairedItem: { item: 0 } },
		]);
	});

	it('outputs nothing for a blank query, without calling ScreenRec', async () => {
		expect(await runScreenRec({ resource: 'tag', operation: 'search', query: '  ' })).toEqual([]);
	});
});

describe('continueOnFail', () => {
	it('turns a failed item into {error} and goes on with the next item', async () => {
		const other = '99999999-8888-4777-8666-555555555555';
		restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(404, { message: 'Not found' });
		restScope().delete(restPath(`/recordings/${other}`)).reply(204);
		const output = await runScreenRec(
			{ resource: 'recording', operation: 'delete', recordingId: '={{ $json.id }}' },
			{ items: [{ json: { id: RECORDING_ID } }, { json: { id: other } }], continueOnFail: true },
		);
		expect(output).toEqual([
			{
				json: {
					error:
						'ScreenRec has no recording with this ID in the workspace. Check the recording ID (and the workspace ID of the connection).',
				},
				pairedItem: { item: 0 },
			},
			{ json: { recordingId: other, deleted: true }, pairedItem: { item: 1 } },
		]);
	});

	it('without it, stops at the failed item with its index', async () => {
		restScope().delete(restPath(`/recordings/${RECORDING_ID}`)).reply(404, { message: 'Not found' });
		const error = await failureOf(() =>
			runScreenRec(
				{ resource: 'recording', operation: 'delete', recordingId: '={{ $json.id }}' },
				{ items: [{ json: { id: RECORDING_ID } }, { json: { id: RECORDING_ID } }] },
			),
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.context).toMatchObject({ itemIndex: 0 });
	});
});
