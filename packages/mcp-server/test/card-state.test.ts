import { UNREADABLE_RESULT, needsVideoLink, stateAfter, type CardState } from '../src/card/view/state';
import { RECORDING_ID, recording } from './harness';

const VIDEO_URL = `https://cdn.screenrec.test/videos/${RECORDING_ID}?expires=1&signature=abc`;
const result = (structuredContent: Record<string, unknown>) => ({ content: [{ type: 'text', text: 'ignored' }], structuredContent });

describe('what the recording card shows after each tool result', () => {
  it('a recording (get_recording, create_recording_request, update_recording): its facts, and no video before it is completed', () => {
    const state = stateAfter({}, result(recording));
    expect(state).toEqual({ recordingId: RECORDING_ID, recording: { ...recording, tags: ['support'] } });
    expect(needsVideoLink(state)).toBe(false);
  });

  it("wait_for_recording's result: the recording inside it, which asks for the video once COMPLETED", () => {
    const completed = { ...recording, status: 'COMPLETED' };
    const state = stateAfter({}, result({ recordingId: RECORDING_ID, completed: true, recording: completed, checkedAt: 'x' }));
    expect(state.recording?.status).toBe('COMPLETED');
    expect(needsVideoLink(state)).toBe(true);
  });

  it("get_video_url's link plays, and keeps the recording the card already shows", () => {
    const shown = stateAfter({}, result({ ...recording, status: 'COMPLETED' }));
    const state = stateAfter(shown, result({ recordingId: RECORDING_ID, videoUrl: VIDEO_URL }));
    expect(state).toEqual({ ...shown, videoUrl: VIDEO_URL });
    expect(needsVideoLink(state)).toBe(false);
  });

  it("a link for another recording replaces the card's recording", () => {
    const shown = stateAfter({}, result(recording));
    const other = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
    expect(stateAfter(shown, result({ recordingId: other, videoUrl: VIDEO_URL }))).toEqual({ recordingId: other, videoUrl: VIDEO_URL });
  });

  it('a video link that is not http(s) is not played', () => {
    const state = stateAfter({}, result({ recordingId: RECORDING_ID, videoUrl: 'javascript:alert(1)' }));
    expect(state).toEqual({ error: UNREADABLE_RESULT });
  });

  it("create_recording_link's page link, with or without the recording's ID", () => {
    const url = 'https://app.screenrec.test/r/abc';
    expect(stateAfter({}, result({ url, recordingId: RECORDING_ID, detailsError: null }))).toEqual({
      recordingId: RECORDING_ID,
      pageUrl: url,
    });
    expect(stateAfter({}, result({ url, recordingId: null, detailsError: 'lookup failed' }))).toEqual({ pageUrl: url });
  });

  it('a recording that is no longer completed drops the old link', () => {
    const playing: CardState = { recordingId: RECORDING_ID, videoUrl: VIDEO_URL };
    expect(stateAfter(playing, result({ ...recording, status: 'PROCESSING' })).videoUrl).toBeUndefined();
  });

  it("an error result shows the tool's message, as the model reads it", () => {
    const failed = { content: [{ type: 'text', text: 'ScreenRec has no recording with this ID.' }], isError: true };
    expect(stateAfter({ recordingId: RECORDING_ID }, failed)).toEqual({
      recordingId: RECORDING_ID,
      error: 'ScreenRec has no recording with this ID.',
    });
  });

  it('a result the card cannot read says so instead of showing something made up', () => {
    expect(stateAfter({}, result({ items: [] }))).toEqual({ error: UNREADABLE_RESULT });
    expect(stateAfter({}, 'not a result')).toEqual({ error: UNREADABLE_RESULT });
    expect(stateAfter({}, { content: [], isError: true })).toEqual({ error: UNREADABLE_RESULT });
  });
});
