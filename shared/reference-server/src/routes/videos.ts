import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Recording } from '../model';
import { MESSAGES, sendMessage } from '../replies';
import { STORAGE_BUCKET, storagePath } from '../video-links';
import { RequestId } from '../wire';

type Request = { Params: { recordingId: string }; Querystring: Record<string, unknown> };
type StorageRequest = { Params: { bucket: string; workspaceId: string; object: string }; Querystring: Record<string, unknown> };

/** Pre-signed links stream the video, with Range; any failed check is a 403. `storage` false: the storage listener serves those. */
export async function videoRoutes(app: FastifyInstance, routes: { service: boolean; storage: boolean }): Promise<void> {
  const { context } = app;

  if (routes.service)
    app.get<Request>('/videos/:recordingId', async (request, reply) => {
      if (context.links.mode !== 'service') return sendMessage(reply, 404, MESSAGES.notFound);
      const id = RequestId.safeParse(request.params.recordingId);
      if (!id.success || context.links.check(id.data, request.query) !== 'valid') return sendMessage(reply, 403, MESSAGES.forbidden);
      return serveVideo(request, reply, context.store.recording(id.data));
    });

  if (routes.storage)
    app.get<StorageRequest>('/storage/:bucket/:workspaceId/:object', async (request, reply) => {
      if (context.links.mode !== 'storage') return sendMessage(reply, 404, MESSAGES.notFound);
      const { bucket, workspaceId, object } = request.params;
      const match = /^([0-9a-f]{32})\.(webm|mp4)$/.exec(object);
      if (bucket !== STORAGE_BUCKET || match === null) return sendMessage(reply, 403, MESSAGES.forbidden);
      const check = context.links.checkStorage(storagePath(workspaceId, match[1]!, match[2]!), request.query);
      if (check !== 'valid') return sendMessage(reply, 403, MESSAGES.forbidden);
      const recordingId = context.links.recordingIdOf(match[1]!);
      const recording = recordingId === undefined ? undefined : context.store.recording(recordingId);
      return serveVideo(request, reply, recording?.workspaceId === workspaceId ? recording : undefined);
    });

  async function serveVideo(request: FastifyRequest, reply: FastifyReply, recording: Recording | undefined): Promise<void> {
    if (recording?.video === undefined) return sendMessage(reply, 404, MESSAGES.notFound);
    const path = context.lifecycle.videoPath(recording.video);
    const size = (await stat(path).catch(() => undefined))?.size;
    if (size === undefined) return sendMessage(reply, 404, MESSAGES.notFound);

    reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store').type(recording.video.contentType);
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') return sendMessage(reply.header('content-range', `bytes */${size}`), 416, MESSAGES.rangeNotSatisfiable);
    if (range === undefined) reply.header('content-length', size);
    else
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
    // Awaited: a stream is still being sent when send() returns, and a handler that resolves then would be sent again.
    await reply.send(createReadStream(path, range));
  }
}

/** One `bytes=` range clipped to the file; undefined: the whole file (no header, or several ranges); 'unsatisfiable': 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
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
