/**
 * The first 206 bytes of a WebM that Chromium 156's MediaRecorder wrote (VP9 and Opus, the recording page in the
 * browser suite): the EBML header; the Segment, of unknown size; its Info (TimecodeScale 1 ms, MuxingApp and
 * WritingApp "Chrome", no Duration); Tracks; and the start of the first Cluster.
 */
export const CHROMIUM_WEBM_HEAD = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff' +
    '1549a966992ad7b1830f42404d80864368726f6d655741864368726f6d651654ae6beaaea9d7810173c587db678ccd71' +
    'c92983810155ee81018685565f565039e08cb0820500ba8202d053c08101aebdd7810273c587cf5c53f63dcedf838102' +
    '8686415f4f50555363a2934f707573486561640101000080bb0000000000e18db584473b80009f8101626481201f43b6' +
    '7501ffffffffffffffe78100a34a',
  'hex',
);

/** Where that Info is: its size byte (0x99, 25 bytes) and the end of its data (the Tracks element starts there). */
export const CHROMIUM_INFO_SIZE_AT = 0x34;
export const CHROMIUM_INFO_END = 0x4e;
