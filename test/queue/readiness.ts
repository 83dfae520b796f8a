/**
 * Readiness supervision, as an orchestrator gives it: a process counts as ready once it has answered its readiness
 * check on several probes in a row; one that exited, or is not ready by a bound, is restarted.
 */
import type { Background } from '../real-n8n/machine';
import { seconds } from '../support/checks';

/** What `supervise` found of one process, and what it did about it. */
export interface ProcessReadiness {
  /** "main", "worker", "webhook 0", "webhook 1". */
  process: string;
  /** ready: steadily ready on its own; exited: the process had ended (how is in `exit`); unready: not steadily ready by the bound. */
  found: 'ready' | 'exited' | 'unready';
  /** From the start of the wait until the first of its ready probes in a row, until it was seen exited, or until the bound passed. */
  afterMs: number;
  /** "code 1" or "signal SIGKILL", for an exited process. */
  exit?: string;
  /** For a process restarted: from the restart until the new one was ready. */
  restartedInMs?: number;
}

export interface Supervised {
  process: string;
  /** The process as it runs now (undefined: never started). */
  current: () => Background | undefined;
  readinessUrl: string;
  /** Stops what is left of the process and starts it again, resolving once the new one is ready. */
  restart: () => Promise<void>;
}

export interface SupervisionOptions {
  /** How long the process may take to be steadily ready before it is restarted. */
  boundMs: number;
  /** Ready answers in a row that make it ready. */
  readyProbes: number;
  probeIntervalMs: number;
  /** A readiness check not answered within this counts as not ready (a hung process answers nothing). */
  answerTimeoutMs: number;
}

/**
 * Right after Postgres restarts, a process may still answer ready until its next database ping (n8n 2.41 pings
 * every 2 s) finds the connection gone: twelve probes half a second apart span several pings.
 */
export const STEADY_READINESS = { readyProbes: 12, probeIntervalMs: 500, answerTimeoutMs: 5_000 } as const;

const hasExited = (process: Background) => process.child.exitCode !== null || process.child.signalCode !== null;

async function answersReady(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Probes one process until it is steadily ready, exits, or the bound passes; restarts it in the last two cases. */
export async function supervise(target: Supervised, options: SupervisionOptions): Promise<ProcessReadiness> {
  const started = Date.now();
  let readySince: number | undefined;
  let readyInRow = 0;
  let found: ProcessReadiness;
  for (;;) {
    const current = target.current();
    if (current === undefined || hasExited(current)) {
      const exit = current?.child.signalCode ? `signal ${current.child.signalCode}` : `code ${current?.child.exitCode ?? 'none'}`;
      found = { process: target.process, found: 'exited', afterMs: Date.now() - started, exit };
      break;
    }
    const probedAt = Date.now();
    if (await answersReady(target.readinessUrl, options.answerTimeoutMs)) {
      readySince ??= probedAt;
      if (++readyInRow >= options.readyProbes) return { process: target.process, found: 'ready', afterMs: readySince - started };
    } else {
      readySince = undefined;
      readyInRow = 0;
    }
    if (Date.now() - started >= options.boundMs) {
      found = { process: target.process, found: 'unready', afterMs: Date.now() - started };
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, options.probeIntervalMs));
  }
  const restarting = Date.now();
  await target.restart();
  return { ...found, restartedInMs: Date.now() - restarting };
}

/** One line for the figures: "main ready after 0.0 s; worker exited (code 1) after 3.5 s, restarted in 20.1 s". */
export function describeReadiness(found: ProcessReadiness[]): string {
  return found
    .map((item) => {
      const state = item.found === 'exited' ? `exited (${item.exit})` : item.found;
      const restarted = item.restartedInMs === undefined ? '' : `, restarted in ${seconds(item.restartedInMs)}`;
      return `${item.process} ${state} after ${seconds(item.afterMs)}${restarted}`;
    })
    .join('; ');
}
