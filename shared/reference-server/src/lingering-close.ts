import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and for how many body bytes, a refused request's connection stays open after the answer. */
export interface LingerBounds {
  bytes: number;
  ms: number;
}

/**
 * nginx's lingering close, bounded. An answer given before the body was read (413, or a refused token) closes the
 * connection; but closing a socket that still has unread bytes makes the kernel send a reset, and the reset can
 * discard the answer before the client reads it (Node's fetch, still writing, then reports EPIPE or ECONNRESET
 * instead of the 413). So the socket half-closes once the answer is written and keeps reading and discarding the
 * body; it closes when the body has all arrived, after `bounds.bytes` more bytes, or after `bounds.ms`, whichever
 * comes first. Nothing read here is parsed or kept.
 */
export function lingerAfterAnswer(request: IncomingMessage, bounds: LingerBounds): void {
  const socket = request.socket as Socket | null;
  // A request already destroyed (an upload cut off at its limit) cannot be read any more: its socket closes as ever.
  if (request.destroyed || socket === null || socket.destroyed) return;
  // Node closes the socket of a `Connection: close` answer with destroySoon() once the answer is written.
  socket.destroySoon = () => linger(socket, request, bounds);
}

function linger(socket: Socket, request: IncomingMessage, bounds: LingerBounds): void {
  const close = () => socket.destroy();
  // Our FIN follows the answer; the client's remaining bytes still arrive and are dropped below.
  socket.end();
  if (request.complete) return void socket.once('finish', close);
  const timer = setTimeout(close, bounds.ms);
  socket.once('close', () => clearTimeout(timer));
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bounds.bytes) close();
  });
  // The whole body is in: nothing unread is left, so closing sends no reset.
  request.once('end', close);
  // A body the server had started to read and then refused (past a limit) is paused: drain it.
  request.resume();
}
