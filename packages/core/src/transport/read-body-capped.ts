import { responseTooLarge } from '../errors/failure-table.js';
import { MAX_ANSWER_BYTES } from '../errors/messages.js';
import type { TransportRequest } from './transport.js';

/**
 * Reads a body given as chunks (a fetch body, a Node stream) into text, and stops, leaving the rest unread, as
 * soon as it passes the request's cap: a huge answer costs at most the cap in memory. Breaking out of the loop
 * ends the source (a Node stream is destroyed, a web stream cancelled), so its socket is released.
 */
export async function readBodyCapped(
  chunks: AsyncIterable<Uint8Array | string>,
  request: Pick<TransportRequest, 'url'> & Partial<Pick<TransportRequest, 'maxBodyBytes'>>,
): Promise<string> {
  const cap = request.maxBodyBytes ?? MAX_ANSWER_BYTES;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    const raw = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    bytes += raw.byteLength;
    if (bytes > cap) throw responseTooLarge(request);
    parts.push(raw);
  }
  return decodeChunks(parts, bytes);
}

/**
 * The text of a body read as chunks of `bytes` in all, decoded once at the end, so that a character split across
 * chunks is read whole; with TextDecoder, which every runtime with fetch has (a browser has no Buffer).
 */
export function decodeChunks(parts: readonly Uint8Array[], bytes: number): string {
  if (parts.length === 1 && parts[0] !== undefined) return new TextDecoder().decode(parts[0]);
  const whole = new Uint8Array(bytes);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return new TextDecoder().decode(whole);
}
