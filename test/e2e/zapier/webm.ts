/** One EBML element: its ID, a one-byte size (data below 127 bytes) or an eight-byte one, and the data. */
function element(id: number[], data: Buffer): Buffer {
  const size = data.length < 0x7f ? Buffer.from([0x80 | data.length]) : Buffer.concat([Buffer.from([0x01]), eightByteSize(data.length)]);
  return Buffer.concat([Buffer.from(id), size, data]);
}

function eightByteSize(length: number): Buffer {
  const bytes = Buffer.alloc(7);
  bytes.writeUIntBE(length, 1, 6);
  return bytes;
}

const uint = (value: number) => Buffer.from([value]);

/**
 * A small WebM file as a participant's browser would upload it: the EBML header with DocType `webm`, then a
 * Segment. The Segment carries a Void element holding every byte value once, so any text decoding or
 * re-encoding of the video on its way (upload, pre-signed download, Zapier's file stash) shows as changed bytes.
 */
export function smallWebm(): Buffer {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      element([0x42, 0x86], uint(1)),
      element([0x42, 0xf7], uint(1)),
      element([0x42, 0xf2], uint(4)),
      element([0x42, 0xf3], uint(8)),
      element([0x42, 0x82], Buffer.from('webm')),
      element([0x42, 0x87], uint(4)),
      element([0x42, 0x85], uint(2)),
    ]),
  );
  const everyByte = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], element([0xec], everyByte))]);
}
