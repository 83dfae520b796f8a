/** What replaces the start of a WebM file: `bytes` instead of its first `replaces` bytes. */
export interface WebmHeadPatch {
  bytes: Uint8Array;
  replaces: number;
}

/**
 * Declares a WebM's duration, which MediaRecorder never writes (README.md), in the Info of `head`, the file's start
 * (only it changes: a large file is not copied). Undefined when `head` has no Info, a Duration already, or a SeekHead
 * or Cues before the Info (their positions would shift). The page runs its source: it must refer to nothing outside.
 */
export function webmWithDuration(head: Uint8Array, durationMs: number): WebmHeadPatch | undefined {
  const EBML = 0x1a45dfa3,
    SEGMENT = 0x18538067,
    INFO = 0x1549a966,
    TIMECODE_SCALE = 0x2ad7b1,
    DURATION = 0x4489;
  const VOID = 0xec,
    CRC32 = 0xbf;
  /** An element header at `at`: its id (marker bits kept, as ids are written), size (-1: unknown) and data start. */
  const header = (at: number) => {
    const idLength = vintLength(at);
    const sizeAt = at + idLength;
    const sizeLength = vintLength(sizeAt);
    if (idLength === 0 || idLength > 4 || sizeLength === 0 || sizeAt + sizeLength > head.length) return undefined;
    let id = 0;
    for (let i = 0; i < idLength; i += 1) id = id * 256 + head[at + i]!;
    let size = head[sizeAt]! & (0xff >> sizeLength);
    let allOnes = size === 0xff >> sizeLength;
    for (let i = 1; i < sizeLength; i += 1) {
      size = size * 256 + head[sizeAt + i]!;
      allOnes = allOnes && head[sizeAt + i] === 0xff;
    }
    return { id, sizeAt, sizeLength, size: allOnes ? -1 : size, dataAt: sizeAt + sizeLength };
  };
  function vintLength(at: number): number {
    const first = head[at];
    if (first === undefined || first === 0) return 0;
    let length = 1;
    while ((first & (0x80 >> (length - 1))) === 0) length += 1;
    return length;
  }
  /** `value` as an EBML size `length` bytes wide, or undefined when it does not fit (all ones means unknown). */
  const sizeBytes = (value: number, length: number) => {
    if (value >= 2 ** (7 * length) - 1) return undefined;
    const bytes = new Uint8Array(length);
    let rest = value;
    for (let i = length - 1; i >= 0; i -= 1) {
      bytes[i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
    bytes[0]! |= 0x80 >> (length - 1);
    return bytes;
  };

  const ebml = header(0);
  if (ebml === undefined || ebml.id !== EBML || ebml.size < 0) return undefined;
  const segment = header(ebml.dataAt + ebml.size);
  if (segment === undefined || segment.id !== SEGMENT) return undefined;
  // Before the Info only Void and CRC-32 elements may come: anything else may hold positions, or be media.
  let info = header(segment.dataAt);
  while (info !== undefined && (info.id === VOID || info.id === CRC32) && info.size >= 0) info = header(info.dataAt + info.size);
  if (info === undefined || info.id !== INFO || info.size < 0 || info.dataAt + info.size > head.length) return undefined;
  const infoEnd = info.dataAt + info.size;

  let timecodeScale = 1_000_000;
  for (let at = info.dataAt; at < infoEnd; ) {
    const child = header(at);
    if (child === undefined || child.size < 0) return undefined;
    if (child.id === DURATION) return undefined;
    if (child.id === TIMECODE_SCALE) {
      timecodeScale = 0;
      for (let i = 0; i < child.size; i += 1) timecodeScale = timecodeScale * 256 + head[child.dataAt + i]!;
    }
    at = child.dataAt + child.size;
  }
  if (timecodeScale <= 0) return undefined;

  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / timecodeScale);
  const infoSize = sizeBytes(info.size + duration.length, info.sizeLength) ?? sizeBytes(info.size + duration.length, 8)!;
  const grows = duration.length + infoSize.length - info.sizeLength;
  // A Segment of known size (not MediaRecorder's "unknown") grows by as much, in a size as wide as before.
  const segmentSize =
    segment.size < 0 ? head.subarray(segment.sizeAt, segment.dataAt) : sizeBytes(segment.size + grows, segment.sizeLength);
  if (segmentSize === undefined) return undefined;

  const parts = [
    head.subarray(0, segment.sizeAt),
    segmentSize,
    head.subarray(segment.dataAt, info.sizeAt),
    infoSize,
    head.subarray(info.dataAt, infoEnd),
    duration,
  ];
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, replaces: infoEnd };
}
