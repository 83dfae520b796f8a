import { inTimeZone } from 'screenrec';

describe('inTimeZone: dates a user types, read in their time zone', () => {
  it.each([
    ['a date alone is midnight in the zone', '2026-11-21', 'Europe/Berlin', '2026-11-21T00:00:00+01:00'],
    ['a wall time is that time in the zone', '2026-07-01 09:30', 'Europe/Berlin', '2026-07-01T09:30:00+02:00'],
    ['seconds and fractions are kept to the second', '2026-11-21T09:30:15.250', 'America/New_York', '2026-11-21T09:30:15-05:00'],
    ['without a zone it is UTC', '2026-11-21T09:30', null, '2026-11-21T09:30:00+00:00'],
    ['an unknown zone is UTC', '2026-11-21', 'Mars/Olympus', '2026-11-21T00:00:00+00:00'],
    ['the day clocks go forward uses the offset after the change', '2026-03-29 12:00', 'Europe/Berlin', '2026-03-29T12:00:00+02:00'],
    ['a value with an offset is left as it is', '2026-11-21T09:30:00Z', 'Europe/Berlin', '2026-11-21T09:30:00Z'],
    ['what is not a date is left for the client to refuse', ' next tuesday ', 'Europe/Berlin', 'next tuesday'],
  ])('%s', (_rule, value, zone, expected) => {
    expect(inTimeZone(value, zone)).toBe(expected);
  });
});
