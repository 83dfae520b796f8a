import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RecordingGone, TransitionRefused } from '../lifecycle';
import type { Recording } from '../model';
import { RECORDING_PAGE_CSP, renderRecordingPage } from '../../page/recording-page';
import { MESSAGES, notFound, Refusal, sendMessage } from '../replies';
import { RequestId } from '../wire';

type Params = { recordingId: string };

const COMPLETE = 'This recording is already complete.';

/** The participant's side: the recording page, its "started" signal and the upload that completes it. */
export async function participantRoutes(app: FastifyInstance): Promise<void> {
  const { context } = app;
  const { store, lifecycle } = context;

  /** The recording the path names; 404 for a malformed id too. */
  function recordingOf(params: Params): Recording {
    const id = RequestId.safeParse(params.recordingId);
    return (id.success ? store.recording(id.data) : undefined) ?? notFound();
  }

  // Video bodies are streamed, not buffered: the handler gets the raw request stream.
  app.addContentTypeParser(/^(video\/[\w.+-]+|application\/octet-stream)(\s*;.*)?$/i, (_request, payload, done) => done(null, payload));

  // A refused upload leaves body bytes on the wire: close the connection rather than read them all. Synchronous, as
  // lingering-close.ts's hook is.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.body instanceof Readable && !request.body.readableEnded) reply.header('connection', 'close');
    done(null, payload);
  });

  app.get<{ Params: Params }>('/r/:recordingId', async (request, reply) => {
    const { id, status } = recordingOf(request.params);
    return reply
      .header('content-security-policy', RECORDING_PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderRecordingPage(id, status));
  });

  app.post<{ Params: Params }>('/r/:recordingId/start', async (request, reply) => {
    const recording = recordingOf(request.params);
    if (recording.status === 'COMPLETED') return sendMessage(reply, 409, COMPLETE);
    if (recording.status === 'NEW') store.setStatus(recording, 'RECORDING');
    return reply.code(204).send();
  });

  // An upload's socket is exempt from the 30 s request limit (server.ts's clientErrorHandler) and has its own deadline.
  const uploadOptions = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const socket = request.raw.socket;
      context.longRequests.add(socket);
      const deadline = setTimeout(() => request.raw.destroy(new Error('upload took too long')), context.uploadTimeoutMs);
      // The answer's close comes once it is sent or its connection is gone, whichever way the request arrived.
      reply.raw.once('close', () => clearTimeout(deadline));
      request.raw.socket.once('close', () => clearTimeout(deadline));
    },
    onResponse: async (request: FastifyRequest) => {
      context.longRequests.delete(request.raw.socket);
    },
  };

  app.post<{ Params: Params }>('/r/:recordingId/upload', uploadOptions, async (request, reply) => {
    const recording = recordingOf(request.params);
    if (recording.status === 'COMPLETED') return sendMessage(reply, 409, COMPLETE);
    if (!(request.body instanceof Readable)) return sendMessage(reply, 415, MESSAGES.unsupportedMediaType);
    if (Number(request.headers['content-length'] ?? 0) > context.maxUploadBytes) return sendMessage(reply, 413, MESSAGES.payloadTooLarge);

    const temp = join(context.videosDir, `.upload-${randomUUID()}`);
    try {
      const size = await streamToFile(request.body, temp, context.maxUploadBytes);
      if (size === 0) return sendMessage(reply, 400, MESSAGES.badRequest);
      await lifecycle.completeWithUpload(recording, temp, videoTypeOf(request.headers['content-type']), size);
      return reply.send({ status: 'COMPLETED' });
    } catch (error) {
      if (error instanceof TransitionRefused) return sendMessage(reply, 409, COMPLETE);
      if (error instanceof RecordingGone) return sendMessage(reply, 404, MESSAGES.notFound);
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  });
}

async function streamToFile(source: Readable, path: string, maxBytes: number): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxBytes ? new Refusal(413, MESSAGES.payloadTooLarge) : null, chunk);
    },
  });
  await pipeline(source, limit, createWriteStream(path, { mode: 0o600 }));
  return size;
}

/** The stored type: the media type without parameters; an untyped octet stream is taken as WebM. */
function videoTypeOf(header: string | undefined): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type.startsWith('video/') ? type : 'video/webm';
}
