import { DeadlineError, HINT_NARROW_SEARCH, deadlineMessage, isScreenRecError, type CallOptions } from 'screenrec';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { toZapierError, type FieldLabels } from './errors';

/**
 * Zapier stops a step after 30 s ("The app did not respond in-time"), which hides what happened, a create that did
 * happen included. Every perform ends by this many milliseconds from its start, with our own message, leaving
 * Zapier's runtime the rest.
 */
export const STEP_DEADLINE_MS = 25_000;

/**
 * Tests shorten the deadline through this variable (the e2e suites run the built bundle, where nothing else
 * reaches in); it can only shorten it.
 */
const TEST_DEADLINE_VARIABLE = 'SCREENREC_ZAPIER_STEP_DEADLINE_MS';

/**
 * What one run of a perform may use. There is no "Zapier only looks" mode: a step reads the same whether Zapier loads a
 * sample, fills a dropdown or runs a live Zap, so the editor shows what the Zap will get.
 */
export interface Step {
  /** Absolute time (ms since epoch) by which everything this step does must end. */
  readonly deadline: number;
  /** The Zap's time zone (an IANA name), when Zapier gives one. */
  readonly timezone: string | null;
  /** What each core call of this step shares. */
  readonly call: CallOptions;
  /** The error for a step whose time ran out while `doing` something outside core ("fetching the video"). */
  deadlineError: (doing: string) => DeadlineError;
}

export function stepBudgetMs(): number {
  const configured = Number(process.env[TEST_DEADLINE_VARIABLE]);
  return Number.isFinite(configured) && configured > 0 ? Math.min(configured, STEP_DEADLINE_MS) : STEP_DEADLINE_MS;
}

export function startStep(bundle: Bundle): Step {
  const budgetMs = stepBudgetMs();
  const deadline = Date.now() + budgetMs;
  const meta = bundle.meta as Partial<Bundle['meta']> | undefined;
  const timezone = typeof meta?.timezone === 'string' && meta.timezone.trim() !== '' ? meta.timezone : null;
  return {
    deadline,
    timezone,
    call: { deadline, budgetMs },
    deadlineError: (doing) => new DeadlineError(deadlineMessage(doing, budgetMs, HINT_NARROW_SEARCH)),
  };
}

/**
 * A perform that runs under one step deadline, with every ScreenRec failure mapped to the Zapier error a user
 * should see; `fieldLabels` names the step's input fields as the user sees them in error messages.
 */
export function performStep<B extends Bundle, R>(
  perform: (z: ZObject, bundle: B, step: Step) => Promise<R>,
  fieldLabels: FieldLabels = {},
): (z: ZObject, bundle: B) => Promise<R> {
  return async (z, bundle) => {
    const step = startStep(bundle);
    try {
      return await perform(z, bundle, step);
    } catch (error) {
      throw isScreenRecError(error) ? toZapierError(z, error, fieldLabels) : error;
    }
  };
}
