import { notAVideoReadyMessage, parseVideoReady } from 'screenrec';
import { failureOfSync } from './fixtures';
import { setUpNock } from './nock-setup';

setUpNock();

const link = 'https://api.screenrec.test/videos/0B7C2D1E-3F4A-4B5C-9D6E-7F8A9B0C1D2E?expires=1790000000&signature=abc';

describe('parseVideoReady', () => {
  it('reads a parsed body and does not guess the recording from the path', () => {
    expect(parseVideoReady({ result: link })).toEqual({
      videoUrl: link,
      videoKey: 'https://api.screenrec.test/videos/0B7C2D1E-3F4A-4B5C-9D6E-7F8A9B0C1D2E',
    });
  });

  it('reads a raw JSON body', () => {
    expect(parseVideoReady(JSON.stringify({ result: link })).videoUrl).toBe(link);
  });

  it('gives the same key for a re-signed link', () => {
    const resigned = link.replace('signature=abc', 'signature=def').replace('1790000000', '1790003600');
    expect(parseVideoReady({ result: resigned }).videoKey).toBe(parseVideoReady({ result: link }).videoKey);
  });

  it('leaves recordingId out when the link names none', () => {
    expect(parseVideoReady({ result: 'https://cdn.example/files/video.webm' })).toEqual({
      videoUrl: 'https://cdn.example/files/video.webm',
      videoKey: 'https://cdn.example/files/video.webm',
    });
  });

  it.each([
    ['an empty body', undefined, 'Invalid input: expected object, received undefined'],
    ['a body without result', { url: link }, '`result`: must be a full http(s) URL'],
    ['a result that is not a URL', { result: 'video ready' }, '`result`: must be a full http(s) URL'],
    ['text that is not JSON', 'result=https://x', 'Invalid input: expected object, received undefined'],
  ])('rejects %s with INVALID_INPUT', (_name, body, problems) => {
    const error = failureOfSync(() => parseVideoReady(body));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(notAVideoReadyMessage(problems));
  });
});
