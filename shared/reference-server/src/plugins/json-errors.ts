import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, Refusal, sendMessage } from '../replies';

/**
 * Every refusal as a JSON message (docs/service-api.md, "Errors"). A `content-type: application/json` with no body
 * (some clients send it on DELETE) is read as no body, not as an "empty JSON body" error.
 */
export const jsonErrors = fp(async function jsonErrors(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error instanceof Refusal) return sendMessage(reply, error.status, error.message, error.errors);
    if (error.statusCode === 413) return sendMessage(reply, 413, MESSAGES.payloadTooLarge);
    if (error.statusCode === 415) return sendMessage(reply, 415, MESSAGES.unsupportedMediaType);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return sendMessage(reply, 400, MESSAGES.badRequest);
    request.log.error({ err: error }, 'request failed');
    return sendMessage(reply, 500, MESSAGES.internal);
  });
  app.setNotFoundHandler((_request, reply) => sendMessage(reply, 404, MESSAGES.notFound));
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
