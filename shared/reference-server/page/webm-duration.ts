/** What replaces the start of a WebM file: `bytes` instead of its first `replaces` bytes. */
export type WebmHeadPatch = { bytes: Uint8Array; replaces: number };

/**
 * Declares a WebM's duration, which MediaRecorder never writes (README.md), in the Info of `head`, the file's start
 * (only it changes: a large file is not copied). The duration is the time of the last block of the last Cluster,
 * read from `tail`, the file's end: what the frames last, whatever the page's clock said (a busy computer runs the
 * page's events late, not its recorder). 'tail too short' when `tail` ends in no whole Cluster (a file that ends in
 * something else never does); undefined when `head` has no Info, a Duration already, or a SeekHead or Cues before
 * the Info (their positions would shift). The page runs its source: it must refer to nothing outside.
 */
export function webmWithDuration(head: Uint8Array, tail: Uint8Array): WebmHeadPatch | 'tail too short' | undefined {
  // Element ids as written, length markers kept.
  const [EBML, SEGMENT, INFO, DURATION, VOID, CRC32] = [0x1a45dfa3, 0x18538067, 0x1549a966, 0x4489, 0xec, 0xbf];
  const [CLUSTER, CLUSTER_TIMECODE, SIMPLE_BLOCK, BLOCK_GROUP, BLOCK] = [0x1f43b675, 0xe7, 0xa3, 0xa0, 0xa1];
  /** An element header at `at`: its id (marker bits kept, as ids are written), size (-1: unknown) and data start. */
  const header = (bytes: Uint8Array, at: number) => {
    const idLength = vintLength(bytes, at);
    const sizeAt = at + idLength;
    const sizeLength = vintLength(bytes, sizeAt);
    if (idLength === 0 || idLength > 4 || sizeLength === 0 || sizeAt + sizeLength > bytes.length) return undefined;
    const size = (bytes[sizeAt]! & (0xff >> sizeLength)) * 256 ** (sizeLength - 1) + unsigned(bytes, sizeAt + 1, sizeLength - 1);
    const unknown = size === 2 ** (7 * sizeLength) - 1; // all ones
    return { id: unsigned(bytes, at, idLength), sizeAt, sizeLength, size: unknown ? -1 : size, dataAt: sizeAt + sizeLength };
  };
  /** The length of the variable-size integer at `at`, told by its first byte's leading zeros; 0 when there is none. */
  const vintLength = (bytes: Uint8Array, at: number) => (bytes[at] ? Math.clz32(bytes[at]!) - 23 : 0);
  const unsigned = (bytes: Uint8Array, at: number, length: number) =>
    bytes.subarray(at, at + length).reduce((value, byte) => value * 256 + byte, 0);
  /** `value` as an EBML size `length` bytes wide, or undefined when it does not fit (all ones means unknown). */
  const sizeBytes = (value: number, length: number) => {
    if (value >= 2 ** (7 * length) - 1) return undefined;
    const bytes = new Uint8Array(length);
    for (let i = length - 1, rest = value; i >= 0; i -= 1, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
    bytes[0]! |= 0x80 >> (length - 1);
    return bytes;
  };
  /**
   * The latest block time (TimecodeScale units) of a Cluster at `at` whose elements run exactly to the tail's end,
   * else NaN: the Cluster id can also occur inside a frame, whose bytes then do not parse so.
   */
  const lastBlockTime = (at: number) => {
    const cluster = header(tail, at);
    if (cluster?.id !== CLUSTER || (cluster.size >= 0 && cluster.dataAt + cluster.size !== tail.length)) return NaN;
    let clusterTime = NaN;
    let latest = -Infinity;
    for (let child = header(tail, cluster.dataAt); child !== undefined; child = header(tail, child.dataAt + child.size)) {
      // A Cluster's own elements have ids of one or two bytes: a longer one is the next top-level element.
      if (child.size < 0 || child.id > 0xffff || child.dataAt + child.size > tail.length) return NaN;
      if (child.id === CLUSTER_TIMECODE) clusterTime = unsigned(tail, child.dataAt, child.size);
      const block = child.id === BLOCK_GROUP ? header(tail, child.dataAt) : child;
      if (child.id === SIMPLE_BLOCK || (child.id === BLOCK_GROUP && block?.id === BLOCK)) {
        // A block: its track number (a vint), then its time relative to the Cluster's, a signed 16-bit integer.
        const timeAt = block!.dataAt + vintLength(tail, block!.dataAt);
        if (timeAt === block!.dataAt || timeAt + 2 > block!.dataAt + block!.size) return NaN;
        latest = Math.max(latest, (unsigned(tail, timeAt, 2) << 16) >> 16);
      }
      if (child.dataAt + child.size === tail.length) return clusterTime + latest;
    }
    return NaN;
  };

  const ebml = header(head, 0);
  if (ebml === undefined || ebml.id !== EBML || ebml.size < 0) return undefined;
  const segment = header(head, ebml.dataAt + ebml.size);
  if (segment === undefined || segment.id !== SEGMENT) return undefined;
  // Before the Info only Void and CRC-32 elements may come: anything else may hold positions, or be media.
  let info = header(head, segment.dataAt);
  while (info !== undefined && (info.id === VOID || info.id === CRC32) && info.size >= 0) info = header(head, info.dataAt + info.size);
  if (info === undefined || info.id !== INFO || info.size < 0 || info.dataAt + info.size > head.length) return undefined;
  const infoEnd = info.dataAt + info.size;

  for (let at = info.dataAt; at < infoEnd; ) {
    const child = header(head, at);
    if (child === undefined || child.size < 0 || child.id === DURATION) return undefined;
    at = child.dataAt + child.size;
  }
  // Block times and the Duration are both in TimecodeScale units: the last block's time is the Duration as it is.
  let end = NaN;
  for (let at = tail.length - 4; !Number.isFinite(end) && at >= 0; at -= 1) if (tail[at] === 0x1f) end = lastBlockTime(at);
  if (!Number.isFinite(end)) return 'tail too short';

  const duration = new Uint8Array([0x44, 0x89, 0x88, 0, 0, 0, 0, 0, 0, 0, 0]);
  new DataView(duration.buffer).setFloat64(3, end);
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
  parts.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
  return { bytes, replaces: infoEnd };
}
