import type { HttpMethod } from '../wire/protocol.js';

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
