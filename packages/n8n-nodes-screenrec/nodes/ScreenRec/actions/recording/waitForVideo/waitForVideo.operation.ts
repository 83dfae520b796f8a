import { NodeOperationError, type IExecuteFunctions, type IWebhookDescription } from 'n8n-workflow';
import { type Recording, type RestClient } from 'screenrec/portable';
import { ALLOW_HTTP_LABEL, subscribableUrl } from '../../../../../lib/callback-url';
import { type ScreenRecConnection } from '../../../../../lib/connection';
import { standaloneMessage, toNodeError } from '../../../../../lib/errors';
import { runsAsTool } from '../../../../../lib/tool-mode';
import { downloadVideoParameters } from '../../../../../lib/video';
import { rememberWaitSubscription, takeEarlierWaitSubscription } from './wait-again';
import { waitCallbackUrl } from './wait-state';
import { noteWaitingExecution, sweepLeftSubscriptions, takeNotedSubscription } from './wait-sweep';
import { waitedVideoItem } from './waited-video';
import { inputField } from '../../fields';
import {
	n8nName,
	parameter,
	recordingIdOf,
	showFor,
	type OperationDescriptor,
	type OperationResult,
	type OperationRun,
} from '../../operation-descriptor';

const show = showFor('waitForVideo');
const NEEDS = n8nName('waitForVideo');

export const ONE_RECORDING_PER_EXECUTION =
	'Wait for Video waits for one recording per execution, and this node received several items. Put it in a sub-workflow run once per item (Execute Workflow node, "Run once for each item").';
export const NOT_AS_TOOL = "Wait for Video cannot run as an AI agent's tool: it pauses the whole execution. Use it as a regular node.";

/**
 * The resume webhook ($execution.resumeUrl), declared as n8n's Wait node declares its own: `restartWebhook`, so n8n
 * serves it only while an execution waits in this node and never registers anything at activation. That is why the
 * node has no webhookMethods (checkExists/create/delete run at activation, for trigger webhooks): the subscription
 * is made when the execution starts waiting and removed when the video resumes it.
 */
export const WAIT_FOR_VIDEO_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		path: '',
		restartWebhook: true,
	},
];

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };
/** Without Limit Wait Time, a wait still ends after this many days: the bound on a notification that never comes. */
export const LONGEST_WAIT_DAYS = 30;

/**
 * Pauses the execution until the recording's video is ready. n8n runs nothing after a node until it resumes, so
 * the link is made and sent BEFORE this node (Create Recording Link, then a message step; or Request Recording by
 * Email): this node subscribes the execution's resume URL ($execution.resumeUrl, with a secret of its own) to
 * ScreenRec's video-ready notification and puts the execution to wait, as n8n's Wait node does ("On Webhook Call").
 * Its webhook (waitForVideo.webhook.ts) resumes it once this recording is finished. Everything the webhook needs is
 * in the subscribed URL (wait-state.ts); nothing is written into n8n's execution data. The wait always has an end
 * (waitUntil), since at that end n8n resumes the execution without running any node code.
 */
export const waitForVideo: OperationDescriptor = {
	operation: 'waitForVideo',
	asTool: false,
	description: [
		{
			displayName:
				"Place this node after the step that sends the recording link (for example Create Recording Link, then an e-mail or chat step with its URL). The execution pauses here until that recording's video is ready; the next node gets the recording and the video's link. Needs the Backend Token, the Workspace ID and the API Key, and an https webhook URL (n8n's WEBHOOK_URL).",
			name: 'waitNotice',
			type: 'notice',
			default: '',
			displayOptions: show,
		},
		{
			...inputField('recordingId', show, true),
			description:
				"The recording whose video to wait for: map the recordingId (or the page url) that Create Recording Link or Request Recording by Email output, for example {{ $('Create Recording Link').item.json.recordingId }}",
		},
		...downloadVideoParameters(
			'Whether to download the video and output it as binary data, besides its link. ScreenRec waits for the download before it counts the notification as delivered; for long videos, add Get Video URL with Download Video after this node instead.',
			show,
		),
		{
			displayName: 'Limit Wait Time',
			name: 'limitWaitTime',
			type: 'boolean',
			default: false,
			description:
				"Whether to choose how long to wait at most; without it a wait ends after 30 days. When the time is up the execution goes on with this node's input item, without videoUrl: check for videoUrl with an If node, whose false branch may lead back into this node to look at the recording again and wait once more.",
			displayOptions: show,
		},
		{
			displayName: 'Amount',
			name: 'limitAmount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 1,
			description: 'How long to wait for the video at most',
			displayOptions: { show: { ...show.show, limitWaitTime: [true] } },
		},
		{
			displayName: 'Unit',
			name: 'limitUnit',
			type: 'options',
			options: [
				{ name: 'Minutes', value: 'minutes' },
				{ name: 'Hours', value: 'hours' },
				{ name: 'Days', value: 'days' },
			],
			default: 'hours',
			displayOptions: { show: { ...show.show, limitWaitTime: [true] } },
		},
		{
			displayName: ALLOW_HTTP_LABEL,
			name: 'allowHttpWebhook',
			type: 'boolean',
			default: false,
			description:
				'Whether to subscribe even when the resume URL is plain http. Only for trials against a local ScreenRec service that accepts http callbacks.',
			displayOptions: show,
		},
	],
	async run(run) {
		const { context, connection } = run;
		if (runsAsTool(context.getNode())) throw new NodeOperationError(context.getNode(), NOT_AS_TOOL);
		if (context.getInputData().length > 1) throw new NodeOperationError(context.getNode(), ONE_RECORDING_PER_EXECUTION);
		const rest = connection.rest(NEEDS);
		await sweepQuietly(run);
		const recordingId = recordingIdOf(run);
		// Read first: an unknown recording fails here, before anything is subscribed.
		const recording = await rest.getRecording(recordingId, run.options);
		const executionId = context.getExecutionId();
		await removeEarlierPassSubscription(run, executionId);
		if (recording.status === 'COMPLETED') return [await readyNow(run, rest, recording)];

		const allowHttp = parameter(run, 'allowHttpWebhook') === true;
		const resumeUrl = resumeUrlOf(context, allowHttp);
		const hook = connection.hook(NEEDS, { allowHttpCallbacks: allowHttp });
		const target = { executionId, nodeName: context.getNode().name, recordingId: recording.id };
		const callback = waitCallbackUrl(resumeUrl, target, connection.credential.backendToken);
		const { subscriptionId } = await hook.subscribe(callback, run.options);
		try {
			// A video finished before the subscription existed is never notified to it: look once more now.
			const current = await rest.getRecording(recording.id, run.options);
			if (current.status === 'COMPLETED') {
				await removeSubscription(connection, context, subscriptionId);
				return [await readyNow(run, rest, current)];
			}
		} catch (error) {
			await removeSubscription(connection, context, subscriptionId);
			throw toNodeError(context.getNode(), error);
		}
		noteWaitingExecution(context, executionId, subscriptionId);
		rememberWaitSubscription(context, subscriptionId);
		await context.putExecutionToWait(waitUntil(run));
		// As n8n's Wait node: the input goes on, shown while the execution waits, and passed on by n8n at the time limit.
		const input = context.getInputData()[run.itemIndex]!;
		const result: OperationResult = { json: input.json };
		if (input.binary !== undefined) result.binary = input.binary;
		return [result];
	},
};

/**
 * A workflow that loops back into this node after the time limit waits again in the same execution, with the same
 * URL: the last pass's subscription goes first. It is already gone when a video resumed that pass (ScreenRec dropped
 * it on the 410), so its removal may fail, quietly.
 */
async function removeEarlierPassSubscription({ context, connection, options }: OperationRun, executionId: string): Promise<void> {
	const earlier = new Set([takeEarlierWaitSubscription(context), takeNotedSubscription(context, executionId)]);
	for (const subscriptionId of earlier)
		if (subscriptionId !== undefined)
			await connection
				.hook(NEEDS)
				.unsubscribe(subscriptionId, options)
				.catch(() => undefined);
}

/** The video is there already: go on at once, with what the webhook would have given. */
async function readyNow(run: OperationRun, rest: RestClient, recording: Recording): Promise<OperationResult> {
	const videoUrl = await rest.getVideoUrl(recording.id, run.options);
	const binaryField = parameter(run, 'download') === true ? String(parameter(run, 'binaryPropertyName') ?? 'data') : undefined;
	const item = await waitedVideoItem(run.context, { recording, videoUrl }, rest, {
		...run.options,
		binaryField,
		serviceUrl: run.connection.serviceUrl,
	});
	return item.binary === undefined ? { json: item.json } : { json: item.json, binary: item.binary };
}

/** The URL n8n resumes this execution on ($execution.resumeUrl; on n8n 2.41 it carries n8n's own resume token, which n8n checks first). */
function resumeUrlOf(context: IExecuteFunctions, allowHttp: boolean): string {
	return subscribableUrl(context.getNode(), String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)), allowHttp);
}

/**
 * When n8n resumes the execution by itself. Always a time: n8n runs no node code at a timed resume (it passes the
 * input on), so a notification that never arrives (n8n down past ScreenRec's retries, a video finished while the
 * execution was being saved as waiting) would otherwise leave it waiting for ever.
 */
function waitUntil(run: OperationRun): Date {
	if (parameter(run, 'limitWaitTime') !== true) return new Date(Date.now() + LONGEST_WAIT_DAYS * UNIT_MS.days!);
	const amount = Number(parameter(run, 'limitAmount') ?? 1);
	const unit = UNIT_MS[String(parameter(run, 'limitUnit') ?? 'hours')] ?? UNIT_MS.hours!;
	return new Date(Date.now() + Math.max(0, amount) * unit);
}

/**
 * Removes what earlier executions of this node left subscribed when they timed out or were stopped (wait-sweep.ts).
 * Housekeeping: a failure is logged and never fails this run.
 */
async function sweepQuietly({ context, connection }: OperationRun): Promise<void> {
	try {
		const hook = connection.hook(NEEDS);
		const removed = await sweepLeftSubscriptions(context, context.getExecutionId(), async (subscriptionId) => {
			// Already removed when its video resumed that execution: ScreenRec then answers an error, which changes nothing.
			await hook.unsubscribe(subscriptionId).catch(() => undefined);
		});
		if (removed > 0) context.logger.info(`Wait for Video removed ${removed} subscription(s) of executions that no longer wait.`);
	} catch (error) {
		context.logger.warn(
			`Wait for Video could not look for subscriptions left by earlier executions: ${standaloneMessage(context.getNode(), error)}`,
		);
	}
}

/** Removes a subscription this node made; a failure is logged (the subscription is then left behind), never thrown. */
export async function removeSubscription(
	connection: ScreenRecConnection,
	context: { getNode: IExecuteFunctions['getNode']; logger: IExecuteFunctions['logger'] },
	subscriptionId: string,
): Promise<void> {
	try {
		await connection.hook('Removing the Wait for Video subscription').unsubscribe(subscriptionId);
	} catch (error) {
		const message = standaloneMessage(context.getNode(), error);
		context.logger.warn(`Wait for Video could not remove ScreenRec subscription ${subscriptionId}: ${message}`);
	}
}
