import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * nosniff and friends on every answer: exactly @fastify/helmet's, with the options security-headers.test.ts gives it
 * (a strict CSP; no CORP, COEP or HSTS for a loopback service over http). Fixed here rather than rebuilt by helmet on
 * every request (a tenth of a PING's CPU time). The recording page replaces this CSP with its own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** First on every request, 404s too. Async on purpose: with every onRequest hook synchronous, a lone answer comes 0.3 ms later. */
export const securityHeaders = fp(async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
});
