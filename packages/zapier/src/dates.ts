/**
 * Dates a user types or maps, read in the Zap's time zone. Zapier gives the zone as bundle.meta.timezone (an IANA
 * name such as "Europe/Berlin"); without it, dates are read as UTC, which the fields' help texts say.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The value as an ISO date-time with an explicit offset: a date alone is midnight in the zone, a date-time
 * without an offset is wall time in the zone, and a value that has an offset (or that is not a date at all,
 * which core then refuses naming the field) is passed on unchanged.
 */
export function inTimeZone(value: string, timezone: string | null): string {
  const text = value.trim();
  const parts = DATE_ONLY.exec(text) ?? NAIVE_DATE_TIME.exec(text);
  if (parts === null) return text;
  const [year, month, day, hour = '00', minute = '00', second = '00'] = parts.slice(1).map((part) => part ?? '00');
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const zone = knownZone(timezone);
  // The offset at the wall time read as UTC is right except within a DST change; the second look settles that.
  let offset = offsetMinutes(zone, wall);
  offset = offsetMinutes(zone, wall - offset * 60_000);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${formatOffset(offset)}`;
}

/** "21 Nov 2026, 10:30" in the zone, with "UTC" added when no zone is known. */
export function displayDate(iso: string | null | undefined, timezone: string | null): string | undefined {
  if (iso === null || iso === undefined) return undefined;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  const zone = knownZone(timezone);
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

function knownZone(timezone: string | null): string {
  if (timezone === null) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}

function offsetMinutes(zone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}
