import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { API_KEY, RECORDING_ID, SUBSCRIPTION_ID, captureWarnings, triggerWorkflow } from './harness';
import { failureOf, hookScope, remember, restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

const subscribeScope = (callback: string) => hookScope({ action: 'CALLBACK_SUBSCRIBE', callback });
const unsubscribeScope = (subscriptionId = SUBSCRIPTION_ID) => hookScope({ action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
const VIDEO_URL = `https://media.screenrec.test/videos/${RECORDING_ID}?expires=1900000000&signature=abc`;

describe('activation: create / checkExists', () => {
	it('subscribes the webhook URL and keeps the subscription in the static data', async () => {
		const trigger = triggerWorkflow();
		expect(await trigger.checkExists()).toBe(false);
		subscribeScope(trigger.webhookUrl).reply(200, { subscriptionId: SUBSCRIPTION_ID });
		expect(await trigger.create()).toBe(true);
		expect(trigger.staticData()).toEqual({ subscriptionId: SUBSCRIPTION_ID, webhookUrl: 'https://n8n.example.com/webhook/f00dfeed/webhook' });
		expect(await trigger.checkExists()).toBe(true);
	});

	it('drops a subscription made for another webhook URL, so that create() subscribes the current one', async () => {
		const trigger = triggerWorkflow({
			staticData: { 'node:ScreenRec Trigger': { subscriptionId: SUBSCRIPTION_ID, webhookUrl: 'https://old-tunnel.example/webhook/f00dfeed/webhook' } },
		});
		unsubscribeScope().reply(200, { status: 'success' });
		expect(await trigger.checkExists()).toBe(false);
		expect(trigger.staticData()).toEqual({});
	});

	it('refuses an http webhook URL, naming WEBHOOK_URL, and sends nothing', async () => {
		const trigger = triggerWorkflow({ webhookBaseUrl: 'http://localhost:5678/webhook' });
		const error = await failureOf(() => trigger.create());
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			"ScreenRec only delivers to https addresses, and this workflow's webhook URL is http://localhost:5678/webhook/f00dfeed/webhook.",
		);
		expect(error.description).toBe(
			"Set n8n's WEBHOOK_URL setting (environment variable) to the public https address of this n8n instance, for example https://n8n.example.com/, and restart n8n. For a trial against a local ScreenRec service that accepts http, turn on 'Allow HTTP Webhook URL (Local Trials Only)'.",
		);
		expect(trigger.staticData()).toBeUndefined();
	});

	it('subscribes an http webhook URL when Allow HTTP Webhook URL is on', async () => {
		const trigger = triggerWorkflow({ webhookBaseUrl: 'http://192.168.1.20:5678/webhook', parameters: { allowHttpWebhook: true } });
		subscribeScope(trigger.webhookUrl).reply(200, { subscriptionId: SUBSCRIPTION_ID });
		expect(await trigger.create()).toBe(true);
		expect(trigger.staticData()).toMatchObject({ subscriptionId: SUBSCRIPTION_ID });
	});

	it("fails activation with core's message and a hint when ScreenRec refuses, storing nothing", async () => {
		const trigger = triggerWorkflow();
		subscribeScope(trigger.webhookUrl).reply(200, { error: 'No active subscription.' });
		const error = await failureOf(() => trigger.create());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			'The ScreenRec workspace has no active subscription (it expired or was canceled). Renew it in the ScreenRec dashboard, then try again.',
		);
		expect(error.description).toBe('Renew the workspace subscription in the ScreenRec dashboard; nothing needs to change in n8n.');
		expect(trigger.staticData()?.subscriptionId).toBeUndefined();
	});
});

describe('deactivation: delete', () => {
	const stored = () => ({
		staticData: { 'node:ScreenRec Trigger': { subscriptionId: SUBSCRIPTION_ID, webhookUrl: 'https://n8n.example.com/webhook/f00dfeed/webhook' } },
	});

	it('unsubscribes and forgets the subscription', async () => {
		const trigger = triggerWorkflow(stored());
		unsubscribeScope().reply(200, { status: 'success' });
		expect(await trigger.delete()).toBe(true);
		expect(trigger.staticData()).toEqual({});
	});

	it('forgets a subscription the service no longer knows, and logs why', async () => {
		const trigger = triggerWorkflow(stored());
		unsubscribeScope().reply(200, { error: 'Internal Server Error' });
		const context = trigger.hookContext();
		const warnings = captureWarnings(context.logger);
		expect(await trigger.delete(context)).toBe(true);
		const messages = warnings.messages();
		warnings.restore();
		expect(trigger.staticData()).toEqual({});
		expect(messages).toEqual([
			`ScreenRec Trigger could not remove subscription ${SUBSCRIPTION_ID}; forgetting it anyway. ScreenRec could not remove this subscription ("Internal Server Error"): it may already be gone, or the integration was disconnected.`,
		]);
	});

	it('sends nothing when there is no subscription', async () => {
		expect(await triggerWorkflow().delete()).toBe(true);
	});
});

describe('webhook: the video-ready notification', () => {
	const receivedAtIsNow = (receivedAt: unknown, before: number) => {
		const time = Date.parse(String(receivedAt));
		return time >= before && time <= Date.now();
	};

	it('starts the workflow with the video URL, its key, the recording ID and the time received', async () => {
		const before = Date.now();
		const { result, response } = await triggerWorkflow().deliver({ result: VIDEO_URL });
		expect(response.statusCode).toBeUndefined();
		const item = result.workflowData?.[0]?.[0];
		expect(item?.json).toEqual({
			videoUrl: VIDEO_URL,
			videoKey: `https://media.screenrec.test/videos/${RECORDING_ID}`,
			recordingId: RECORDING_ID,
			receivedAt: expect.any(String),
		});
		expect(receivedAtIsNow(item?.json.receivedAt, before)).toBe(true);
		expect(result.workflowData?.[0]).toHaveLength(1);
	});

	it("adds the recording's fields with Include Recording Details (ScreenRec API credential)", async () => {
		const recording = { id: RECORDING_ID, status: 'COMPLETED', tags: ['demo'], comment: 'VIP', externalReference: 'ticket-1' };
		restScope()
			.post(restPath('/recordings/list'), { ids: [RECORDING_ID], first: 0, pageSize: 1 })
			.reply(200, { content: [recording], totalElements: 1, totalPages: 1 });
		const { result } = await triggerWorkflow({ parameters: { includeRecording: true } }).deliver({ result: VIDEO_URL });
		expect(result.workflowData?.[0]?.[0]?.json).toEqual({
			...recording,
			videoUrl: VIDEO_URL,
			videoKey: `https://media.screenrec.test/videos/${RECORDING_ID}`,
			recordingId: RECORDING_ID,
			receivedAt: expect.any(String),
		});
	});

	it('still starts the workflow when the details cannot be fetched, saying why', async () => {
		restScope().post(restPath('/recordings/list')).reply(401, { message: 'Unauthorized' });
		const { result, warnings } = await triggerWorkflow({ parameters: { includeRecording: true } }).deliver({ result: VIDEO_URL });
		const message =
			"The API key was rejected: it is wrong, revoked or expired. Create a new key in the ScreenRec dashboard's API section and reconnect.";
		expect(remember(result.workflowData?.[0]?.[0]?.json)).toMatchObject({ videoUrl: VIDEO_URL, recordingError: message });
		expect(warnings).toEqual([`ScreenRec Trigger could not fetch recording ${RECORDING_ID}: ${message}`]);
		expect(JSON.stringify(result)).not.toContain(API_KEY);
	});

	it('downloads the video as binary data with Download Video', async () => {
		const video = Buffer.from('mp4-bytes');
		nock('https://media.screenrec.test', { badheaders: ['authorization', 'x-service-token'] })
			.get(`/videos/${RECORDING_ID}`)
			.query(true)
			.reply(200, video, { 'content-type': 'video/mp4' });
		const { result } = await triggerWorkflow({ parameters: { download: true } }).deliver({ result: VIDEO_URL });
		expect(result.workflowData?.[0]?.[0]?.binary?.data).toMatchObject({
			data: video.toString('base64'),
			mimeType: 'video/mp4',
			fileName: `screenrec-${RECORDING_ID}.mp4`,
		});
	});

	it.each([
		['an empty body', {}],
		['a result that is not a URL', { result: 'video ready' }],
		['another service\'s event', { event: 'ping', result: 42 }],
	])('answers %s with 400 and starts nothing', async (_case, body) => {
		const { result, response, warnings } = await triggerWorkflow().deliver(body);
		const message = 'This is not a ScreenRec video-ready notification (`result`: must be a full http(s) URL): expected a JSON body like {"result": "https://…"}.';
		expect(result).toEqual({ noWebhookResponse: true });
		expect(response).toEqual({ statusCode: 400, body: { message } });
		expect(warnings).toEqual([`ScreenRec Trigger ignored a request that is not a video-ready notification: ${message}`]);
	});
});
