import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Recording, Workspace } from '../model';
import { JSON_TYPE, MESSAGES, notFound, sendMessage, valid } from '../replies';
import { CreateRecordingRequest, ListRecordingsRequest, RequestId, TagSearchQuery, UpdateRecordingRequest } from '../wire';

declare module 'fastify' {
  interface FastifyRequest {
    /** REST API: the workspace the API key opens, set by the authentication hook before any handler runs. */
    workspace: Workspace | null;
  }
}

type WorkspaceRequest = FastifyRequest<{ Params: { workspaceId: string; recordingId?: string } }>;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The REST API (docs/service-api.md, "REST API"), under /public/integration/{workspaceId}, with an API key. */
export async function restRoutes(app: FastifyInstance): Promise<void> {
  const { store, lifecycle } = app.context;

  function workspaceOf(request: FastifyRequest): Workspace {
    if (request.workspace === null) throw new Error('request was not authenticated');
    return request.workspace;
  }

  /** The recording named in the path: 400 for a malformed id, 404 for an unknown one or another workspace's. */
  function recordingOf(request: WorkspaceRequest): Recording {
    const recording = store.recording(valid(RequestId, request.params.recordingId, 'recordingId'));
    return recording?.workspaceId === workspaceOf(request).id ? recording : notFound();
  }

  app.decorateRequest('workspace', null);

  // Before the body is parsed (a bad key is a 401 whatever the body); synchronous unless the key fails (it is counted).
  app.addHook('onRequest', (request: WorkspaceRequest, reply, done) => {
    const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const access = secret === undefined ? undefined : store.apiKeyAccess(secret);
    const key = access?.key;
    if (key === undefined || key.revoked || (key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now())) {
      app
        .failedAuthentication(request, reply)
        .then((throttled) => throttled || sendMessage(reply, 401, MESSAGES.unauthorized))
        .then(() => done(), done);
      return;
    }
    const workspaceId = RequestId.safeParse(request.params.workspaceId);
    const workspace = access?.workspace;
    if (workspace === undefined || !workspaceId.success || key.workspaceId !== workspaceId.data || !workspace.apiAccess) {
      sendMessage(reply, 403, MESSAGES.forbidden);
    } else {
      request.workspace = workspace;
    }
    done();
  });

  // Handlers that never wait are synchronous: an async one costs promises on every call.
  app.post('/recordings', (request, reply) => {
    const recording = lifecycle.create({ workspaceId: workspaceOf(request).id, ...valid(CreateRecordingRequest, request.body) });
    return reply.code(201).send(lifecycle.view(recording));
  });

  // No body is no filter (docs/service-api.md, "What the specification leaves open"); a JSON `null` is a body, refused.
  app.post('/recordings/list', (request, reply) => {
    const query = valid(ListRecordingsRequest, request.body === undefined ? {} : request.body);
    return reply.type(JSON_TYPE).send(store.listPage(workspaceOf(request).id, query, lifecycle.pageBase()));
  });

  app.get('/recordings/tags', (request, reply) => {
    const { query } = valid(TagSearchQuery, request.query);
    return reply.send({ result: store.searchTags(workspaceOf(request).id, query) });
  });

  app.get('/recordings/:recordingId/presign', (request: WorkspaceRequest, reply) => {
    const recording = recordingOf(request);
    if (recording.video === undefined) notFound();
    return reply.send({ url: lifecycle.videoUrl(recording) });
  });

  app.put('/recordings/:recordingId', (request: WorkspaceRequest, reply) =>
    reply.code(202).send(lifecycle.view(store.updateRecording(recordingOf(request), valid(UpdateRecordingRequest, request.body)))),
  );

  app.delete('/recordings/:recordingId', async (request: WorkspaceRequest, reply) => {
    await lifecycle.remove(recordingOf(request));
    reply.code(204);
  });
}
