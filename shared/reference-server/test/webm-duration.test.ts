import { generateDemoWebm } from '../src/demo-video';
import { webmWithDuration, type WebmHeadPatch } from '../page/webm-duration';
import { CHROMIUM_INFO_END, CHROMIUM_INFO_SIZE_AT, CHROMIUM_WEBM_HEAD } from './chromium-webm';
import { buildDemoWebm, element, stringElement, uintElement } from './webm-builder';

// The recording page declares the duration MediaRecorder leaves out of its WebM, so players show the length and can
// seek: the time of the last block, read from the file's end. The browser suite checks the result with ffprobe;
// here, the bytes.

/** The Duration element for `ticks` TimecodeScale units: id 0x4489, size 8, a big-endian float64. */
function durationElement(ticks: number): Buffer {
  const bytes = Buffer.from([0x44, 0x89, 0x88, 0, 0, 0, 0, 0, 0, 0, 0]);
  bytes.writeDoubleBE(ticks, 3);
  return bytes;
}

/** A SimpleBlock as MediaRecorder writes one: track number, time relative to its Cluster (int16), flags, frame. */
function simpleBlock(track: number, relativeTime: number, frame = Buffer.from('frame')): Buffer {
  const time = Buffer.alloc(2);
  time.writeInt16BE(relativeTime);
  const data = Buffer.concat([Buffer.from([0x80 | track]), time, Buffer.from([0x80]), frame]);
  return Buffer.concat([Buffer.from([0xa3, 0x80 | data.length]), data]);
}

/** A Cluster of unknown size, as MediaRecorder streams it: its Timecode, then its blocks. */
function streamedCluster(time: number, blocks: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from('1f43b67501ffffffffffffff', 'hex'), uintElement(0xe7, time), ...blocks]);
}

/** Chromium's head up to its first Cluster, then these Clusters: a whole file as MediaRecorder writes it. */
const CHROMIUM_HEAD_BEFORE_CLUSTERS = CHROMIUM_WEBM_HEAD.subarray(0, CHROMIUM_WEBM_HEAD.indexOf(Buffer.from('1f43b675', 'hex')));
const chromiumFile = (...clusters: Buffer[]) => Buffer.concat([CHROMIUM_HEAD_BEFORE_CLUSTERS, ...clusters]);

/** Three seconds of video (track 1) and audio (track 2); the audio's last block, at 3,042 ms, ends it. */
const RECORDED = chromiumFile(
  streamedCluster(0, [simpleBlock(1, 0), simpleBlock(2, 0), simpleBlock(1, 33)]),
  streamedCluster(3_000, [simpleBlock(1, 0), simpleBlock(2, 42), simpleBlock(1, 33)]),
);

/** The whole file after the patch. */
const patched = (file: Buffer, patch: ReturnType<typeof webmWithDuration>) => {
  if (typeof patch !== 'object') throw new Error(`no patch: ${patch}`);
  return Buffer.concat([Buffer.from((patch as WebmHeadPatch).bytes), file.subarray(patch.replaces)]);
};

it("declares the last block's time in Chromium's WebM: a Duration at the end of the Info, whose size grows by 11 bytes", () => {
  const patch = webmWithDuration(RECORDED.subarray(0, 65_536), RECORDED);
  expect(typeof patch === 'object' && patch.replaces).toBe(CHROMIUM_INFO_END);
  const expected = Buffer.concat([
    CHROMIUM_WEBM_HEAD.subarray(0, CHROMIUM_INFO_SIZE_AT),
    Buffer.from([0x80 | (25 + 11)]),
    CHROMIUM_WEBM_HEAD.subarray(CHROMIUM_INFO_SIZE_AT + 1, CHROMIUM_INFO_END),
    durationElement(3_042),
  ]);
  expect(Buffer.from((patch as WebmHeadPatch).bytes).toString('hex')).toBe(expected.toString('hex'));
  // The media after the Info (tracks, clusters) is untouched.
  expect(patched(RECORDED, patch).subarray(expected.length).equals(RECORDED.subarray(CHROMIUM_INFO_END))).toBe(true);
});

/** The Duration a patch declares, in TimecodeScale units. */
const declared = (patch: ReturnType<typeof webmWithDuration>) => {
  if (typeof patch !== 'object') throw new Error(`no patch: ${patch}`);
  return Buffer.from(patch.bytes).readDoubleBE(patch.bytes.length - 8);
};

it.each([
  ['a negative time relative to its Cluster', [simpleBlock(1, 0), simpleBlock(2, -8)], 3_000],
  ['a BlockGroup, whose Block carries the time', [element(0xa0, [Buffer.from(simpleBlock(1, 70)).fill(0xa1, 0, 1)])], 3_070],
  ['a frame that holds the Cluster id and a Timecode', [simpleBlock(1, 10, Buffer.from('1f43b67501ffffffffffffffe78105', 'hex'))], 3_010],
])('reads a last Cluster with %s', (_what, blocks, ticks) => {
  const file = chromiumFile(streamedCluster(0, [simpleBlock(1, 0)]), streamedCluster(3_000, blocks));
  expect(declared(webmWithDuration(file, file))).toBe(ticks);
});

it("reads only the file's end: a tail that begins inside the last Cluster is too short, one from its start enough", () => {
  const last = streamedCluster(3_000, [simpleBlock(1, 0), simpleBlock(1, 42)]);
  const file = chromiumFile(streamedCluster(0, [simpleBlock(1, 0)]), last);
  expect(webmWithDuration(file, file.subarray(file.length - last.length + 1))).toBe('tail too short');
  expect(declared(webmWithDuration(file, file.subarray(file.length - last.length)))).toBe(3_042);
});

it('writes the duration in the TimecodeScale units its block times are in', () => {
  // TimecodeScale 0x0f4240 (1 ms) → 0x0186a0 (100 µs): 2 s is a Cluster at 20,000 ticks.
  const at = CHROMIUM_WEBM_HEAD.indexOf(Buffer.from('2ad7b1830f4240', 'hex'));
  const finer = chromiumFile(streamedCluster(20_000, [simpleBlock(1, 0)]));
  finer.set([0x01, 0x86, 0xa0], at + 4);
  expect(declared(webmWithDuration(finer, finer))).toBe(20_000);
});

it('leaves a WebM that already declares its duration as it is', () => {
  const once = patched(RECORDED, webmWithDuration(RECORDED, RECORDED));
  expect(webmWithDuration(once, once)).toBeUndefined();
});

/** A Cluster of known size (as Firefox and muxers write) at 400 ms with one block 100 ms in: it ends at 500. */
const KNOWN_SIZE_CLUSTER = element(0x1f43b675, [uintElement(0xe7, 400), simpleBlock(1, 100)]);

it('grows a Segment of known size too, and widens an Info size that no longer fits its byte', () => {
  // An Info of 120 bytes with a one-byte size (at most 126): with the Duration it is 131, which needs a wider size.
  const data = Buffer.concat([uintElement(0x2ad7b1, 1_000_000), stringElement(0x4d80, 'x'.repeat(96))]);
  expect(data.length).toBe(120);
  const info = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x80 | data.length]), data]);
  const ebmlHeader = generateDemoWebm().subarray(0, generateDemoWebm().indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));
  const segment = element(0x18538067, [info, KNOWN_SIZE_CLUSTER]);
  const file = Buffer.concat([ebmlHeader, segment]);

  const result = patched(file, webmWithDuration(file, file));
  const sizeOf = (at: number) => Number(result.readBigUInt64BE(at) & 0x00ffffffffffffffn);
  const segmentSizeAt = ebmlHeader.length + 4;
  const infoAt = segmentSizeAt + 8;
  expect(result.subarray(infoAt, infoAt + 4).toString('hex')).toBe('1549a966');
  expect(result[infoAt + 4]).toBe(0x01); // the Info's size is now 8 bytes wide
  expect(sizeOf(infoAt + 4)).toBe(131);
  expect(sizeOf(segmentSizeAt)).toBe(4 + 8 + 131 + KNOWN_SIZE_CLUSTER.length);
  expect(result.subarray(infoAt + 4 + 8 + 120, infoAt + 4 + 8 + 131).equals(durationElement(500))).toBe(true);
  expect(result.subarray(-KNOWN_SIZE_CLUSTER.length).equals(KNOWN_SIZE_CLUSTER)).toBe(true);
});

it.each([
  ['a last Cluster without blocks (the demo video)', generateDemoWebm()],
  ['Cues after the last Cluster', Buffer.concat([RECORDED, element(0x1c53bb6b, [])])],
  ['a last block cut short', RECORDED.subarray(0, RECORDED.length - 1)],
  ['a block too short to hold a time', chromiumFile(streamedCluster(0, [Buffer.from('a38281ff', 'hex')]))],
])('finds no last block time in a file that ends in %s: it is sent as it is', (_what, file) => {
  expect(webmWithDuration(file, file)).toBe('tail too short');
});

it.each([
  ['a head cut short inside the Info', RECORDED.subarray(0, CHROMIUM_INFO_END - 1)],
  [
    'a SeekHead before the Info (byte positions the insertion would shift)',
    Buffer.concat([RECORDED.subarray(0, 0x30), Buffer.from('114d9b7480', 'hex'), RECORDED.subarray(0x30)]),
  ],
  ['no WebM at all', Buffer.from('{"not":"a video"}')],
  ['nothing', Buffer.alloc(0)],
])('leaves the file as it is when it holds %s', (_what, head) => {
  expect(webmWithDuration(head, RECORDED)).toBeUndefined();
});

it('runs as the page runs it: from its source text alone, outside this module', () => {
  const copy = new Function(`return (${webmWithDuration.toString()});`)() as typeof webmWithDuration;
  expect(declared(copy(RECORDED, RECORDED))).toBe(declared(webmWithDuration(RECORDED, RECORDED)));
  expect(
    Buffer.from((copy(RECORDED, RECORDED) as WebmHeadPatch).bytes).equals(
      Buffer.from((webmWithDuration(RECORDED, RECORDED) as WebmHeadPatch).bytes),
    ),
  ).toBe(true);
});

it('the demo video is the WebM the builder makes element by element', () => {
  expect(generateDemoWebm().toString('hex')).toBe(buildDemoWebm().toString('hex'));
});
