// EBML elements built from their parts, for tests that need WebM files.

/**
 * The reference server's demo video (src/demo-video.ts keeps its bytes), element by element: a well-formed
 * Matroska/WebM container (EBML header, segment info, one VP8 video track, an empty cluster) without frames.
 */
export function buildDemoWebm(): Buffer {
  return Buffer.concat([
    element(0x1a45dfa3, [
      uintElement(0x4286, 1), // EBMLVersion
      uintElement(0x42f7, 1), // EBMLReadVersion
      uintElement(0x42f2, 4), // EBMLMaxIDLength
      uintElement(0x42f3, 8), // EBMLMaxSizeLength
      stringElement(0x4282, 'webm'), // DocType
      uintElement(0x4287, 2), // DocTypeVersion
      uintElement(0x4285, 2), // DocTypeReadVersion
    ]),
    element(0x18538067, [
      element(0x1549a966, [
        uintElement(0x2ad7b1, 1_000_000), // TimecodeScale: 1 ms
        stringElement(0x4d80, 'screenrec-reference-server'), // MuxingApp
        stringElement(0x5741, 'screenrec-reference-server'), // WritingApp
      ]),
      element(0x1654ae6b, [
        element(0xae, [
          uintElement(0xd7, 1), // TrackNumber
          uintElement(0x73c5, 1), // TrackUID
          uintElement(0x83, 1), // TrackType: video
          stringElement(0x86, 'V_VP8'), // CodecID
          element(0xe0, [uintElement(0xb0, 16), uintElement(0xba, 16)]), // PixelWidth, PixelHeight
        ]),
      ]),
      element(0x1f43b675, [uintElement(0xe7, 0)]), // Cluster with its Timecode
    ]),
  ]);
}

/** An EBML element: its id, then its children's total size (8 bytes wide), then the children. */
export function element(id: number, children: Buffer[]): Buffer {
  const data = Buffer.concat(children);
  return Buffer.concat([idBytes(id), sizeBytes(data.length), data]);
}

export function uintElement(id: number, value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; bytes.length === 0 || rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return element(id, [Buffer.from(bytes)]);
}

export function stringElement(id: number, value: string): Buffer {
  return element(id, [Buffer.from(value, 'ascii')]);
}

/** EBML ids carry their own length marker, so they are written as their big-endian bytes. */
function idBytes(id: number): Buffer {
  const bytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from(bytes);
}

/** An EBML variable-length size, always 8 bytes wide here (valid and simplest). */
function sizeBytes(size: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(size));
  bytes[0] = 0x01;
  return bytes;
}
