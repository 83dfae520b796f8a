/**
 * Dates a user types or maps, read in the user's time zone (the Zap's, the workflow's): an IANA name such as
 * "Europe/Berlin"; without one, or with one the runtime does not know, dates are read as UTC.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The value as an ISO date-time with an explicit offset: a date alone is midnight in the zone, a date-time
 * without an offset is wall time in the zone, and a value that has an offset (or that is not a date at all,
 * which the clients then refuse naming the field) is passed on unchanged.
 */
export function inTimeZone(value: string, timeZone: string | null | undefined): string {
  const text = value.trim();
  const parts = DATE_ONLY.exec(text) ?? NAIVE_DATE_TIME.exec(text);
  if (parts === null) return text;
  const [year, month, day, hour = '00', minute = '00', second = '00'] = parts.slice(1).map((part) => part ?? '00');
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const zone = knownTimeZone(timeZone);
  // The offset at the wall time read as UTC is right except within a DST change; the second look settles that.
  let offset = offsetMinutes(zone, wall);
  offset = offsetMinutes(zone, wall - offset * 60_000);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${formatOffset(offset)}`;
}

/** The zone itself when the runtime knows it, else UTC. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (timeZone === null || timeZone === undefined || timeZone === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The zone at an instant as a person reads it: its usual abbreviation where it has one ("CET", "BST", "EST", "PDT",
 * "UTC"), else its offset from UTC ("UTC+9", "UTC+5:30"). The British English names cover Europe and the American
 * English ones North America; each locale writes the other zones as "GMT-5", which reads like a time in London.
 */
export function zoneName(zone: string, instant: Date): string {
  for (const locale of ['en-GB', 'en-US']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name !== undefined && !/^GMT[+-]/.test(name)) return name;
  }
  const offset = offsetMinutes(zone, instant.getTime());
  const absolute = Math.abs(offset);
  const minutes = absolute % 60 === 0 ? '' : `:${String(absolute % 60).padStart(2, '0')}`;
  return `UTC${offset < 0 ? '-' : '+'}${Math.floor(absolute / 60)}${minutes}`;
}

/** How far the zone's clocks are ahead of UTC at an instant, in minutes. */
export function offsetMinutes(zone: string, instant: number): number {
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
