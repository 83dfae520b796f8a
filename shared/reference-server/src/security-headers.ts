import type { FastifyInstance } from 'fastify';

/**
 * nosniff and friends on every answer: exactly the headers helmet sets with the options below (a test compares
 * them with @fastify/helmet's answer). @fastify/helmet rebuilt its middleware from these options on every request
 * in two async hooks, which was about a tenth of the server's CPU time on a PING (benchmark #2); the headers never
 * change, so they are fixed here and set by one synchronous hook. The recording page replaces this strict CSP with
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
 * each header once.
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
