import { directionLabel, displayDate, exampleRecording, recordingLabel, statusLabel } from 'screenrec';

describe('labels: one wording of ScreenRec values on every platform', () => {
  it('names a recording by reference, status, time with its zone, tags and the start of its ID', () => {
    expect(recordingLabel(exampleRecording(), 'Europe/Berlin')).toBe(
      'ticket-4711 · Completed · 21 Nov 2026, 10:30 CET · support, vip · ID 3f2b6c1e',
    );
  });

  it('falls back to the first line of the comment, and shows UTC when no zone is known', () => {
    const label = recordingLabel(exampleRecording({ externalReference: undefined, comment: 'Export broken\nsecond line', tags: [] }), null);
    expect(label).toBe('Export broken · Completed · 21 Nov 2026, 09:30 UTC · ID 3f2b6c1e');
  });

  it('tells apart recordings that share reference, status, minute and tags', () => {
    const other = '9f8e7d6c-3f4a-4b5c-9d6e-7f8a9b0c1d2e';
    const labels = [exampleRecording(), exampleRecording({ id: other })].map((r) => recordingLabel(r, 'UTC'));
    expect(new Set(labels).size).toBe(2);
  });

  it('keeps a status or direction newer than the spec as it is sent', () => {
    expect([statusLabel('COMPLETED'), statusLabel('ARCHIVED')]).toEqual(['Completed', 'ARCHIVED']);
    expect([directionLabel('REQUEST'), directionLabel('SIDEWAYS')]).toEqual([
      'Request: ask someone else to record their screen',
      'SIDEWAYS',
    ]);
  });

  it.each([
    ["n8n's default zone, in winter", 'America/New_York', '2026-11-21T09:30:00Z', '21 Nov 2026, 04:30 EST'],
    ["n8n's default zone, in summer", 'America/New_York', '2026-07-01T09:30:00Z', '1 Jul 2026, 05:30 EDT'],
    ['London in summer', 'Europe/London', '2026-07-01T09:30:00Z', '1 Jul 2026, 10:30 BST'],
    ['the US west coast', 'America/Los_Angeles', '2026-11-21T09:30:00Z', '21 Nov 2026, 01:30 PST'],
    ['a zone without a usual abbreviation: its offset from UTC', 'Asia/Tokyo', '2026-11-21T09:30:00Z', '21 Nov 2026, 18:30 UTC+9'],
    ['a half-hour offset', 'Asia/Kolkata', '2026-11-21T09:30:00Z', '21 Nov 2026, 15:00 UTC+5:30'],
    ['a negative offset', 'America/Sao_Paulo', '2026-11-21T09:30:00Z', '21 Nov 2026, 06:30 UTC-3'],
  ])('names the zone as a person reads it, never "GMT-5": %s', (_case, zone, iso, expected) => {
    expect(displayDate(iso, zone)).toBe(expected);
  });

  it('has no date for a missing or unreadable one', () => {
    expect([displayDate(undefined, 'UTC'), displayDate('yesterday', 'UTC')]).toEqual([undefined, undefined]);
  });
});
