import { responseTooLarge } from './failures';
import { MAX_ANSWER_BYTES } from './messages';

export { MAX_ANSWER_BYTES } from './messages';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Already serialized JSON, when there is a body. */
  body?: string;
  /** The whole request's time limit, body read included: the client's timeout cut to the operation's time left. */
  timeoutMs: number;
  /** Fires when the caller stops the operation: stop the request and any body read at once. */
  signal?: AbortSignal;
  /** Stop reading the body past this many bytes and throw responseTooLarge(request). */
  maxBodyBytes: number;
}

export interface TransportResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The raw body text ('' when empty); core parses it. */
  body: string;
}

/**
 * The only way core reaches the network. Platform packages adapt their own HTTP helpers to it
 * (z.request, n8n's httpRequestWithAuthentication); a transport answers every HTTP status and throws
 * only when no answer came (network failure, timeout). A transport MUST NOT follow redirects (it returns the
 * 3xx as is: following one would carry the credential to another origin), MUST honour `signal`, and MUST stop
 * reading a body past `maxBodyBytes` (readBodyCapped does that for any stream of chunks).
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

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
  // Decoded once at the end, so a character split across chunks is read whole.
  if (parts.length === 1 && parts[0] !== undefined) return new TextDecoder().decode(parts[0]);
  const whole = new Uint8Array(bytes);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.byteLength;
  }
  return new TextDecoder().decode(whole);
}
