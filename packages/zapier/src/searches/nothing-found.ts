import { isScreenRecError } from 'screenrec';

/**
 * A search's results for one lookup: NOT_FOUND is Zapier's "nothing found" (an empty list), so the Zap stops or
 * goes on as the user chose, where the other platforms report the same NOT_FOUND as an error.
 */
export async function foundOrNothing<T>(lookup: Promise<T>): Promise<T[]> {
  try {
    return [await lookup];
  } catch (error) {
    if (isScreenRecError(error) && error.code === 'NOT_FOUND') return [];
    throw error;
  }
}
