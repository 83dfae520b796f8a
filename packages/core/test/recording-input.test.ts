import { NOTHING_TO_UPDATE_MESSAGE, TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE, cleanTags, recordingChanges } from 'screenrec';
import { failureOfSync } from './fixtures';

describe('cleanTags', () => {
  it('trims, drops blanks and keeps a repeat once, in its first place', () => {
    expect(cleanTags(['  support ', '', 'vip', '   ', 'support'])).toEqual(['support', 'vip']);
  });

  it('is empty for no input', () => {
    expect(cleanTags(undefined)).toEqual([]);
  });
});

describe('recordingChanges: one update rule on every platform', () => {
  it.each([
    ['new tags replace the old ones', { tags: [' a ', 'b', 'a'] }, { tags: ['a', 'b'] }],
    ['empty tags keep them, a comment alone is sent', { tags: ['', ' '], comment: 'Fixed' }, { comment: 'Fixed' }],
    ['Remove All Tags clears them', { removeAllTags: true }, { tags: [] }],
    ['Remove All Tags with empty Tags clears them', { tags: [''], removeAllTags: true, comment: 'x' }, { tags: [], comment: 'x' }],
    ['a comment is sent as typed', { comment: '  spaced  ' }, { comment: '  spaced  ' }],
  ])('%s', (_rule, input, body) => {
    expect(recordingChanges(input)).toEqual(body);
  });

  it.each([
    ['nothing at all', {}, NOTHING_TO_UPDATE_MESSAGE],
    ['only blanks', { tags: [' '], comment: '  ', removeAllTags: false }, NOTHING_TO_UPDATE_MESSAGE],
    ['Tags and Remove All Tags together', { tags: ['a'], removeAllTags: true }, TAGS_WITH_REMOVE_ALL_TAGS_MESSAGE],
  ])('refuses %s before anything is sent', (_case, input, message) => {
    expect(failureOfSync(() => recordingChanges(input))).toMatchObject({ code: 'INVALID_INPUT', message });
  });
});
