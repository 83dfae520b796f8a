import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { MESSAGES, sendMessage } from '../replies';

type Request = { Params: { recordingId: string }; Querystring: { expires?: string; signature?: string } };

export type ByteRange = { start: number; end: number };

/** GET /videos/{id}?expires=…&signature=…: a pre-signed link streams the video, with HTTP Range. */
export function videosPlugin(context: ServerContext) {
  return async function videos(app: FastifyInstance): Promise<void> {
    app.get<Request>('/videos/:recordingId', async (request, reply) => {
      const id = request.params.recordingId.toLowerCase();
      const single = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const check = context.links.check(id, single(request.query.expires), single(request.query.signature));
      if (check !== 'valid') return sendMessage(reply, 403, MESSAGES.forbidden);

      const recording = context.store.recording(id);
      if (recording?.video === undefined) return sendMessage(reply, 404, MESSAGES.notFound);
      const path = context.lifecycle.videoPath(recording.video);
      const size = await stat(path).then(
        (file) => file.size,
        () => undefined,
      );
      if (size === undefined) return sendMessage(reply, 404, MESSAGES.notFound);

      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store').type(recording.video.contentType);
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.header('content-range', `bytes */${size}`).type('application/json; charset=utf-8').code(416).send({ message: MESSAGES.rangeNotSatisfiable });
      }
      if (range === undefined) return reply.header('content-length', size).send(createReadStream(path));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(path, { start: range.start, end: range.end }));
    });
  };
}

/**
 * One `bytes=` range (first-last, first-, -suffix) clipped to the file; undefined to send the whole file
 * (no header, or one this server does not serve partially such as several ranges), 'unsatisfiable' for 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
