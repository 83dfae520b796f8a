import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS } from '../limits';

/** An unread body is not drained: the connection closes. Synchronous: fastify stops a request only if written on return. */
export const lingeringClose = fp(async function lingeringClose(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) {
      reply.header('connection', 'close');
      lingerAfterAnswer(request.raw);
    }
    done(null, payload);
  });
});

/** nginx's lingering close (README.md, "Hostile traffic"): a close with unread bytes resets, losing the answer; so drain a while. */
function lingerAfterAnswer(request: IncomingMessage): void {
  const socket = request.socket as Socket | null;
  // A request already destroyed (an upload cut off at its limit) cannot be read any more: its socket closes as ever.
  if (request.destroyed || socket === null || socket.destroyed) return;
  // Node closes the socket of a `Connection: close` answer with destroySoon() once the answer is written.
  socket.destroySoon = () => {
    const close = () => socket.destroy();
    // Our FIN follows the answer; the client's remaining bytes still arrive and are dropped below.
    socket.end();
    if (request.complete) return void socket.once('finish', close);
    const timer = setTimeout(close, LIMITS.lingerMs);
    socket.once('close', () => clearTimeout(timer));
    let discarded = 0;
    request.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LIMITS.lingerBytes) close();
    });
    // The whole body is in: nothing unread is left, so closing sends no reset.
    request.once('end', close);
    // A body the server had started to read and then refused (past a limit) is paused: drain it.
    request.resume();
  };
}
