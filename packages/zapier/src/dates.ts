import { knownTimeZone } from '@screenrec/core';

/**
 * Dates shown in the Zap's time zone. Zapier gives the zone as bundle.meta.timezone (an IANA name such as
 * "Europe/Berlin"); without it, dates are shown in UTC. Dates a user types are read by core's inTimeZone.
 */

/** "21 Nov 2026, 10:30" in the zone, with "UTC" added when no zone is known. */
export function displayDate(iso: string | null | undefined, timezone: string | null): string | undefined {
  if (iso === null || iso === undefined) return undefined;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  const zone = knownTimeZone(timezone);
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return zone === 'UTC' ? `${text} UTC` : text;
}

/** An ISO instant `days` days before `now`. */
export function daysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
}
