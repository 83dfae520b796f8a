import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, Refusal, sendMessage } from '../replies';

/** Every refusal as a JSON message; a JSON type with no body (some clients send it on DELETE) is no body; other types are 415s. */
export const jsonErrors = fp(async function jsonErrors(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
  // Each route's path as a pattern (`:name` one segment) and its methods, HEAD included where fastify adds it for GET.
  const routes: { pattern: RegExp; method: string | string[] }[] = [];
  app.addHook('onRoute', ({ url, method }) => void routes.push({ pattern: new RegExp(`^${url.replace(/:\w+/g, '[^/]*')}$`), method }));
  const noRoute = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const allowed = new Set(routes.filter(({ pattern }) => pattern.test(path)).flatMap(({ method }) => method));
    if (allowed.size === 0 || allowed.has(request.method)) return sendMessage(reply, 404, MESSAGES.notFound);
    sendMessage(reply.header('allow', [...allowed].join(', ')), 405, MESSAGES.methodNotAllowed);
  };
  app.setNotFoundHandler(noRoute);
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    // fastify reads a body before it finds no route for it: a 404 or 405 whatever the body is.
    if (request.is404) return noRoute(request, reply);
    if (error instanceof Refusal) return sendMessage(reply, error.status, error.message, error.errors);
    if (error.statusCode === 413) return sendMessage(reply, 413, MESSAGES.payloadTooLarge);
    if (error.statusCode === 415) return sendMessage(reply, 415, MESSAGES.unsupportedMediaType);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return sendMessage(reply, 400, MESSAGES.badRequest);
    request.log.error({ err: error }, 'request failed');
    return sendMessage(reply, 500, MESSAGES.internal);
  });
});

/** Timeouts and malformed requests, answered before fastify sees a request: a JSON message, then the socket closes. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', MESSAGES.badRequest];
  const body = JSON.stringify({ message });
  const head = `HTTP/1.1 ${status} ${label}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}`;
  if (socket.writable) socket.write(`${head}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  socket.destroy();
}
