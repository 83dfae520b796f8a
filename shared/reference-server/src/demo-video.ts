/**
 * A tiny WebM stand-in for a video, stored when the admin API completes a recording that nobody recorded: a
 * well-formed Matroska/WebM container (EBML header; Segment Info with a 1 ms TimecodeScale and the server's name as
 * MuxingApp and WritingApp; one 16×16 VP8 video track; an empty Cluster), so that players, content sniffers and
 * download steps see a real WebM file. It holds no frames. test/reference-server/webm-builder.ts builds the same
 * bytes element by element (webm-duration.test.ts compares them).
 */
export const DEMO_WEBM_BASE64 =
  'GkXfowEAAAAAAABQQoYBAAAAAAAAAQFC9wEAAAAAAAABAULyAQAAAAAAAAEEQvMBAAAAAAAAAQhCggEAAAAAAAAEd2VibUKHAQAAAAAAAAEC' +
  'QoUBAAAAAAAAAQIYU4BnAQAAAAAAANcVSalmAQAAAAAAAFYq17EBAAAAAAAAAw9CQE2AAQAAAAAAABpzY3JlZW5yZWMtcmVmZXJlbmNlLXNl' +
  'cnZlcldBAQAAAAAAABpzY3JlZW5yZWMtcmVmZXJlbmNlLXNlcnZlchZUrmsBAAAAAAAAU64BAAAAAAAAStcBAAAAAAAAAQFzxQEAAAAAAAAB' +
  'AYMBAAAAAAAAAQGGAQAAAAAAAAVWX1ZQOOABAAAAAAAAFLABAAAAAAAAARC6AQAAAAAAAAEQH0O2dQEAAAAAAAAK5wEAAAAAAAABAA==';

export function generateDemoWebm(): Buffer {
  return Buffer.from(DEMO_WEBM_BASE64, 'base64');
}
