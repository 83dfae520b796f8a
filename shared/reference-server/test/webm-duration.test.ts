import { generateDemoWebm } from '../src/demo-video';
import { webmWithDuration, type WebmHeadPatch } from '../page/webm-duration';
import { CHROMIUM_INFO_END, CHROMIUM_INFO_SIZE_AT, CHROMIUM_WEBM_HEAD } from './chromium-webm';
import { buildDemoWebm, element, stringElement, uintElement } from './webm-builder';

// The recording page declares the duration MediaRecorder leaves out of its WebM, so players show the length and can
// seek. The browser suite checks the result with ffprobe; here, the bytes.

/** The Duration element for `ms` at a 1 ms TimecodeScale: id 0x4489, size 8, a big-endian float64. */
function durationElement(ms: number): Buffer {
  const bytes = Buffer.from([0x44, 0x89, 0x88, 0, 0, 0, 0, 0, 0, 0, 0]);
  bytes.writeDoubleBE(ms, 3);
  return bytes;
}

/** The whole file after the patch. */
const patched = (file: Buffer, patch: WebmHeadPatch | undefined) =>
  Buffer.concat([Buffer.from(patch!.bytes), file.subarray(patch!.replaces)]);

it("declares the duration in Chromium's WebM: a Duration at the end of the Info, whose size grows by 11 bytes", () => {
  const patch = webmWithDuration(CHROMIUM_WEBM_HEAD, 3_042.5);
  expect(patch?.replaces).toBe(CHROMIUM_INFO_END);
  const expected = Buffer.concat([
    CHROMIUM_WEBM_HEAD.subarray(0, CHROMIUM_INFO_SIZE_AT),
    Buffer.from([0x80 | (25 + 11)]),
    CHROMIUM_WEBM_HEAD.subarray(CHROMIUM_INFO_SIZE_AT + 1, CHROMIUM_INFO_END),
    durationElement(3_042.5),
  ]);
  expect(Buffer.from(patch!.bytes).toString('hex')).toBe(expected.toString('hex'));
  // The media after the Info (tracks, clusters) is untouched.
  expect(patched(CHROMIUM_WEBM_HEAD, patch).subarray(expected.length).equals(CHROMIUM_WEBM_HEAD.subarray(CHROMIUM_INFO_END))).toBe(true);
});

it('writes the duration in TimecodeScale units', () => {
  // TimecodeScale 0x0f4240 (1 ms) → 0x0186a0 (100 µs): the same 2 s is 20,000 ticks.
  const at = CHROMIUM_WEBM_HEAD.indexOf(Buffer.from('2ad7b1830f4240', 'hex'));
  const finer = Buffer.from(CHROMIUM_WEBM_HEAD);
  finer.set([0x01, 0x86, 0xa0], at + 4);
  const bytes = Buffer.from(webmWithDuration(finer, 2_000)!.bytes);
  expect(bytes.readDoubleBE(bytes.length - 8)).toBe(20_000);
});

it('leaves a WebM that already declares its duration as it is', () => {
  const once = patched(CHROMIUM_WEBM_HEAD, webmWithDuration(CHROMIUM_WEBM_HEAD, 1_000));
  expect(webmWithDuration(once, 2_000)).toBeUndefined();
});

it('grows a Segment of known size too, and widens an Info size that no longer fits its byte', () => {
  // An Info of 120 bytes with a one-byte size (at most 126): with the Duration it is 131, which needs a wider size.
  const data = Buffer.concat([uintElement(0x2ad7b1, 1_000_000), stringElement(0x4d80, 'x'.repeat(96))]);
  expect(data.length).toBe(120);
  const info = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x80 | data.length]), data]);
  const ebmlHeader = generateDemoWebm().subarray(0, generateDemoWebm().indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));
  const segment = element(0x18538067, [info]);
  const file = Buffer.concat([ebmlHeader, segment]);

  const result = patched(file, webmWithDuration(file, 500));
  const sizeOf = (at: number) => Number(result.readBigUInt64BE(at) & 0x00ffffffffffffffn);
  const segmentSizeAt = ebmlHeader.length + 4;
  const infoAt = segmentSizeAt + 8;
  expect(result.subarray(infoAt, infoAt + 4).toString('hex')).toBe('1549a966');
  expect(result[infoAt + 4]).toBe(0x01); // the Info's size is now 8 bytes wide
  expect(sizeOf(infoAt + 4)).toBe(131);
  expect(sizeOf(segmentSizeAt)).toBe(4 + 8 + 131);
  expect(result.length).toBe(infoAt + 4 + 8 + 131);
  expect(result.subarray(-11).equals(durationElement(500))).toBe(true);
});

it('declares the duration of the generated demo video, whose sizes are all 8 bytes wide', () => {
  const demo = generateDemoWebm();
  const result = patched(demo, webmWithDuration(demo, 1_234));
  expect(result.length).toBe(demo.length + 11);
  expect(webmWithDuration(result, 1)).toBeUndefined();
});

it.each([
  ['a head cut short inside the Info', CHROMIUM_WEBM_HEAD.subarray(0, CHROMIUM_INFO_END - 1)],
  [
    'a SeekHead before the Info (byte positions the insertion would shift)',
    Buffer.concat([CHROMIUM_WEBM_HEAD.subarray(0, 0x30), Buffer.from('114d9b7480', 'hex'), CHROMIUM_WEBM_HEAD.subarray(0x30)]),
  ],
  ['no WebM at all', Buffer.from('{"not":"a video"}')],
  ['nothing', Buffer.alloc(0)],
])('leaves the file as it is when it holds %s', (_what, head) => {
  expect(webmWithDuration(head, 1_000)).toBeUndefined();
});

it('runs as the page runs it: from its source text alone, outside this module', () => {
  const copy = new Function(`return (${webmWithDuration.toString()});`)() as typeof webmWithDuration;
  expect(
    Buffer.from(copy(CHROMIUM_WEBM_HEAD, 3_042.5)!.bytes).equals(Buffer.from(webmWithDuration(CHROMIUM_WEBM_HEAD, 3_042.5)!.bytes)),
  ).toBe(true);
});

it('the demo video is the WebM the builder makes element by element', () => {
  expect(generateDemoWebm().toString('hex')).toBe(buildDemoWebm().toString('hex'));
});
