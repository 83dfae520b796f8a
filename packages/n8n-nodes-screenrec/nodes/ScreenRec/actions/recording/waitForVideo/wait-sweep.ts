import type { IDataObject, IRunExecutionData } from 'n8n-workflow';

/**
 * The subscriptions "Wait for Video" leaves behind. n8n runs no node code when a waiting execution times out or is
 * stopped, and then answers its resume URL 409 (404 once deleted), never 410, so ScreenRec keeps posting every video
 * of the workspace to it, and each such subscription counts against ScreenRec's limit per integration. (A video that
 * resumes the execution removes its subscription itself: the webhook answers that notification 410.) So each
 * waiting execution is noted in the node's static data (saved with the workflow when the execution pauses), and
 * every later run of the node removes the subscriptions of executions that no longer wait.
 *
 * Best effort: n8n saves static data whole at the end of each execution, so of executions pausing at the same moment
 * some notes can be lost (a subscription resumed by its video is removed by the webhook anyway).
 */
export const WAITING_FIELD = 'waitingExecutions';

/** At most this many noted executions are looked at per run, oldest first: a run never waits on a long list. */
export const SWEEP_PER_RUN = 20;

export interface SweepContext {
	getWorkflowStaticData(type: string): IDataObject;
	getExecutionDataById(executionId: string): Promise<IRunExecutionData | undefined>;
}

function notes(context: SweepContext): IDataObject {
	const data = context.getWorkflowStaticData('node');
	const field = data[WAITING_FIELD];
	if (typeof field === 'object' && field !== null && !Array.isArray(field)) return field as IDataObject;
	data[WAITING_FIELD] = {};
	return data[WAITING_FIELD] as IDataObject;
}

/** Notes an execution that waits with this subscription. */
export function noteWaitingExecution(context: SweepContext, executionId: string, subscriptionId: string): void {
	notes(context)[executionId] = subscriptionId;
}

/**
 * The subscription this execution waits with, as noted when it paused; read without a change. In a resume URL's
 * webhook, n8n 2.3 gives the static data the execution was saved with, which holds its own note (2.41 gives the
 * static data of the execution's start): where the custom data holds no ID (its 10 keys taken), this one may.
 */
export function notedSubscription(context: Pick<SweepContext, 'getWorkflowStaticData'>, executionId: string): string | undefined {
	const field = context.getWorkflowStaticData('node')[WAITING_FIELD];
	const subscriptionId = typeof field === 'object' && field !== null ? (field as IDataObject)[executionId] : undefined;
	return typeof subscriptionId === 'string' ? subscriptionId : undefined;
}

/**
 * The subscription an earlier wait of this same execution left (a workflow that loops back into Wait for Video after
 * its time limit), forgotten as it is returned: the next wait subscribes afresh, and its URL has the same secret.
 */
export function takeNotedSubscription(context: SweepContext, executionId: string): string | undefined {
	const noted = notes(context);
	const subscriptionId = noted[executionId];
	delete noted[executionId];
	return typeof subscriptionId === 'string' ? subscriptionId : undefined;
}

/**
 * Still waiting: n8n has the execution, it has a wait time, and no error (Stop leaves the error "cancelled" and may
 * leave the wait time in the stored data; a timeout or a resume clears the wait time).
 */
function stillWaits(data: IRunExecutionData | undefined): boolean {
	return data !== undefined && data.waitTill !== undefined && data.waitTill !== null && data.resultData?.error === undefined;
}

/** Removes, through `unsubscribe` (which must not throw), the subscriptions of noted executions that no longer wait. */
export async function sweepLeftSubscriptions(
	context: SweepContext,
	currentExecutionId: string,
	unsubscribe: (subscriptionId: string) => Promise<void>,
): Promise<number> {
	const noted = notes(context);
	let removed = 0;
	for (const executionId of Object.keys(noted).slice(0, SWEEP_PER_RUN)) {
		if (executionId === currentExecutionId) continue;
		if (stillWaits(await context.getExecutionDataById(executionId))) continue;
		await unsubscribe(String(noted[executionId]));
		delete noted[executionId];
		removed++;
	}
	return removed;
}
