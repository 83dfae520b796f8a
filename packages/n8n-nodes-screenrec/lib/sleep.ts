import type { Sleep } from '@screenrec/core/portable';
import * as workflow from 'n8n-workflow';

type WorkflowSleeps = { sleepWithAbort?: Sleep; sleep: (ms: number) => Promise<void> };

/**
 * n8n's own wait, which core's retries use. n8n-workflow 2.3 exports `sleepWithAbort`; the n8n-workflow inside
 * n8n 2.39 and later keeps only `sleep(ms)`. Core races every wait against the execution's cancel signal, so on
 * those versions a stopped run still returns at once; only n8n's timer runs out on its own.
 */
const sleeps = workflow as unknown as WorkflowSleeps;
export const n8nSleep: Sleep = sleeps.sleepWithAbort ?? ((ms) => sleeps.sleep(ms));
