/** An ISO instant `days` days before `now`. Dates are shown with core's displayDate and read with its inTimeZone. */
export function daysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
}
