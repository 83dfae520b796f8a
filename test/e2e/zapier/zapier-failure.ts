export interface ZapierFailure {
  /** Zapier's error class: ExpiredAuthError (reconnect), ThrottledError, AppError (z.errors.Error), … */
  name: string;
  message: string;
  code?: string;
  status?: number;
}

/** How a failed step reaches Zapier: its error class and the message the user reads. */
export async function zapierFailure(step: Promise<unknown>): Promise<ZapierFailure> {
  try {
    await step;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // z.errors.Error (AppError) and ThrottledError carry message, code and status as JSON in their message.
    if (error.name === 'AppError' || error.name === 'ThrottledError') {
      return { name: error.name, ...(JSON.parse(error.message) as Omit<ZapierFailure, 'name'>) };
    }
    // Zapier appends a "What happened" trace to other errors; the user reads the message above it.
    return { name: error.name, message: error.message.split('\nWhat happened:')[0] ?? '' };
  }
  throw new Error('the step succeeded, but it was expected to fail');
}
