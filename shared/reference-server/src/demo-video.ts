/**
 * Stored when the admin API completes a recording nobody recorded: a well-formed WebM without frames (a 16×16 VP8
 * track, an empty Cluster) for players and sniffers; test/reference-server/webm-builder.ts builds the same bytes.
 */
export const DEMO_WEBM_BASE64 =
  'GkXfowEAAAAAAABQQoYBAAAAAAAAAQFC9wEAAAAAAAABAULyAQAAAAAAAAEEQvMBAAAAAAAAAQhCggEAAAAAAAAEd2VibUKHAQAAAAAAAAEC' +
  'QoUBAAAAAAAAAQIYU4BnAQAAAAAAANcVSalmAQAAAAAAAFYq17EBAAAAAAAAAw9CQE2AAQAAAAAAABpzY3JlZW5yZWMtcmVmZXJlbmNlLXNl' +
  'cnZlcldBAQAAAAAAABpzY3JlZW5yZWMtcmVmZXJlbmNlLXNlcnZlchZUrmsBAAAAAAAAU64BAAAAAAAAStcBAAAAAAAAAQFzxQEAAAAAAAAB' +
  'AYMBAAAAAAAAAQGGAQAAAAAAAAVWX1ZQOOABAAAAAAAAFLABAAAAAAAAARC6AQAAAAAAAAEQH0O2dQEAAAAAAAAK5wEAAAAAAAABAA==';

export function generateDemoWebm(): Buffer {
  return Buffer.from(DEMO_WEBM_BASE64, 'base64');
}
