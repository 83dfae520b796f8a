import { exampleRecording } from 'screenrec';
import { CATCH_UP_HOURS, accountedFor } from '../src/video-ready/catch-up';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const ID = (n: number) => `0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2${n}`;

describe('accountedFor: the finished recordings a Video Ready node has accounted for, within the look-back window', () => {
  it('adds the recordings read, keeps what it knew, and forgets what is older than the window', () => {
    const known = { [ID(1)]: hoursAgo(1), [ID(2)]: hoursAgo(CATCH_UP_HOURS + 1) };
    const read = [exampleRecording({ id: ID(3), createdDate: hoursAgo(2) })];
    expect(accountedFor(known, read, NOW)).toEqual({ [ID(1)]: hoursAgo(1), [ID(3)]: hoursAgo(2) });
  });

  it('takes a recording without a creation date as created now, so it stays accounted for through the window', () => {
    const { createdDate: _dropped, ...undated } = exampleRecording({ id: ID(4) });
    expect(accountedFor({}, [undated], NOW)).toEqual({ [ID(4)]: new Date(NOW).toISOString() });
  });
});
