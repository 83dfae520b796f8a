import { failureOf } from './failure';

/** A failed Zapier step as the user sees it. */
export interface ZapierFailure {
  /** Zapier's error class: ExpiredAuthError (reconnect), ThrottledError, AppError (z.errors.Error), … */
  name: string;
  message: string;
  code?: string;
  status?: number;
  /** ThrottledError's wait before Zapier retries, in seconds. */
  delay?: number | null;
}

/**
 * How a failed step reaches Zapier: its error class and the message the user reads. With `secrets`, the test
 * also fails if any of them appears in the error, however it is written out.
 */
export async function zapierFailure(step: Promise<unknown>, secrets: readonly string[] = []): Promise<ZapierFailure> {
  const error = await failureOf(step, { secrets });
  // z.errors.Error (AppError) and ThrottledError carry message, code, status and delay as JSON in their message.
  if (error.name === 'AppError' || error.name === 'ThrottledError') {
    return { name: error.name, ...(JSON.parse(error.message) as Omit<ZapierFailure, 'name'>) };
  }
  // Zapier appends a "What happened" trace to other errors; the user reads the message above it.
  return { name: error.name, message: error.message.split('\nWhat happened:')[0] ?? '' };
}
