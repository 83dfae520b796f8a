import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * nosniff and friends on every answer: exactly the headers helmet sets with the options below (a test compares
 * them with @fastify/helmet's answer). @fastify/helmet rebuilt its middleware from these options on every request
 * in two async hooks, which was about a tenth of the server's CPU time on a PING (benchmark #2); the headers never
 * change, so they are fixed here and set by one hook. The recording page replaces this strict CSP with
 * its own.
 *
 * helmet options: contentSecurityPolicy { useDefaults: false, directives: { defaultSrc: ["'none'"],
 * frameAncestors: ["'none'"] } }, crossOriginResourcePolicy, crossOriginEmbedderPolicy and strictTransportSecurity
 * off (a loopback service over http).
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

/**
 * Sets SECURITY_HEADERS first thing on every request (404s and errors included), where helmet set them: a route
 * may still replace one. They go into fastify's reply headers, not the raw response, so Node writes and checks
 * each header once. The hook stays async on purpose: with every onRequest hook synchronous, a lone request's answer
 * came about 0.3 ms later (benchmark #9's tag search p50 0.58 against 0.26 ms), while throughput (#2) is the same.
 */
export const securityHeaders = fp(async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
});
