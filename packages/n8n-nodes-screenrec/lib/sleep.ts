import type { Sleep } from 'screenrec/portable';
import * as workflow from 'n8n-workflow';

type WorkflowSleeps = { sleepWithAbort?: Sleep; sleep: (ms: number) => Promise<void> };

/**
 * n8n's own wait, which core's retries use. n8n-workflow 2.3 exports `sleepWithAbort`; the n8n-workflow inside
 * n8n 2.39 and later keeps only `sleep(ms)`. Core races every wait against the execution's cancel signal, so on
 * those versions a stopped run still returns at once; only n8n's timer runs out on its own.
 */
const sleeps: WorkflowSleeps = workflow;
export const n8nSleep: Sleep = sleeps.sleepWithAbort ?? ((ms) => sleeps.sleep(ms));

/**
 * A time limit (none when undefined) and the caller's signal as one signal, which `release()` frees when the work
 * ends. Not AbortSignal.any([signal, AbortSignal.timeout()]): on Node 22 that timer holds each finished request until
 * it fires. n8n's scanner refuses setTimeout/clearTimeout: the timer is n8n's sleepWithAbort, ended on release (where
 * n8n has only sleep(ms), it runs out holding only a WeakRef).
 */
export function timeBound(ms: number | undefined, caller: AbortSignal | undefined): TimeBound {
	const controller = new AbortController();
	const ended = new AbortController();
	const target = new WeakRef(controller);
	const timedOut = () => controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
	if (ms !== undefined)
		n8nSleep(ms, ended.signal).then(
			() => target.deref()?.abort(new DOMException('The request timed out', 'TimeoutError')),
			() => undefined,
		);
	const follow = () => controller.abort(caller?.reason);
	if (caller?.aborted === true) follow();
	else caller?.addEventListener('abort', follow, { once: true });
	return {
		signal: controller.signal,
		timedOut,
		release: () => (ended.abort(), caller?.removeEventListener('abort', follow)),
	};
}

export type TimeBound = { signal: AbortSignal; timedOut(): boolean; release(): void };
