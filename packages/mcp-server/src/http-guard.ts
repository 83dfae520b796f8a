import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from 'screenrec';

/** Why a request to the HTTP transport is refused before MCP sees it; undefined when it may pass. */
export interface Refusal {
  status: 401 | 403;
  message: string;
}

/**
 * The server listens on 127.0.0.1 only, but a web page the user opens can still reach it. Host and Origin stop a
 * page (or a DNS-rebound name) from driving the tools through the browser; the Bearer token stops any other
 * local program that does not hold it.
 */
export function checkRequest(request: IncomingMessage, token: string): Refusal | undefined {
  const host = hostnameOf(`http://${request.headers.host ?? ''}`);
  if (host === undefined || !isLoopbackHost(host)) {
    return { status: 403, message: 'Forbidden: this MCP server answers only requests addressed to 127.0.0.1 or localhost.' };
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const originHost = hostnameOf(origin);
    if (originHost === undefined || !isLoopbackHost(originHost)) {
      return { status: 403, message: 'Forbidden: requests from web pages on other sites are refused (Origin is not this machine).' };
    }
  }
  if (!bearerMatches(request.headers.authorization, token)) {
    return {
      status: 401,
      message: 'Unauthorized: send the header "Authorization: Bearer <SCREENREC_MCP_TOKEN>" with the token this server was started with.',
    };
  }
  return undefined;
}

function hostnameOf(url: string): string | undefined {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (match === null) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  // Compared in constant time; the length check first is unavoidable and leaks only the length.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
