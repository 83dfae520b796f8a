import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DeliverySettingsPatch } from '../delivery-settings';
import { WORKSPACE_SUBSCRIPTION_STATES, type Delivery, type Workspace } from '../model';
import { MESSAGES, notFound, sendMessage, valid } from '../replies';
import { sameSecret } from '../secrets';
import { HookProvider, RecordingStatus, RequestId } from '../wire';

const WorkspaceName = z.string().trim().min(1, { error: 'must not be empty' });
const CreateWorkspace = z.strictObject({ name: WorkspaceName });
const PatchWorkspace = z.strictObject({
  name: WorkspaceName.optional(),
  apiAccess: z.boolean().optional(),
  subscription: z.enum(WORKSPACE_SUBSCRIPTION_STATES).optional(),
});
const CreateApiKey = z.strictObject({
  expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-12-31T23:59:59Z' }).nullable().optional(),
});
const AdvanceRecording = z.strictObject({ status: RecordingStatus });

type Route = { Params: { workspaceId?: string; keyId?: string; provider?: string; recordingId?: string } };

/** The dashboard stand-in (docs/design.md, "The reference service"), every call guarded by the x-admin-token header. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { context } = app;
  const { store, lifecycle } = context;

  /** The workspace the path names: 400 for a malformed id, 404 for an unknown one. */
  const workspaceOf = (params: Route['Params']): Workspace =>
    store.workspace(valid(RequestId, params.workspaceId, 'workspaceId')) ?? notFound();
  const providerOf = (params: Route['Params']) => valid(HookProvider, params.provider, 'provider');

  app.addHook('onRequest', async (request, reply) => {
    const token = request.headers['x-admin-token'];
    if (typeof token !== 'string' || !sameSecret(token, context.adminToken)) {
      if (!(await app.failedAuthentication(request, reply))) sendMessage(reply, 401, MESSAGES.unauthorized);
    }
  });

  app.post('/admin/workspaces', async (request, reply) => {
    const workspace = store.addWorkspace(valid(CreateWorkspace, request.body).name);
    reply.code(201);
    return { workspaceId: workspace.id, name: workspace.name, ownerUserId: workspace.ownerUserId };
  });

  app.get<Route>('/admin/workspaces/:workspaceId', async (request) => workspaceView(workspaceOf(request.params)));

  // The callbacks registered through the hook endpoint: what a dashboard would list as connected automations.
  app.get<Route>('/admin/workspaces/:workspaceId/subscriptions', async (request) =>
    store.subscriptionsOf(workspaceOf(request.params).id).map(({ id, provider, callback }) => ({ subscriptionId: id, provider, callback })),
  );

  app.patch<Route>('/admin/workspaces/:workspaceId', async (request) =>
    workspaceView(store.updateWorkspace(workspaceOf(request.params), valid(PatchWorkspace, request.body))),
  );

  app.post<Route>('/admin/workspaces/:workspaceId/api-keys', async (request, reply) => {
    const workspace = workspaceOf(request.params);
    const { expiresAt } = valid(CreateApiKey, request.body ?? {});
    const { key, secret } = store.addApiKey(workspace.id, expiresAt == null ? null : new Date(expiresAt).toISOString());
    reply.code(201);
    return { keyId: key.id, apiKey: secret, expiresAt: key.expiresAt };
  });

  app.delete<Route>('/admin/workspaces/:workspaceId/api-keys/:keyId', async (request, reply) => {
    const workspace = workspaceOf(request.params);
    if (!store.revokeApiKey(workspace.id, valid(RequestId, request.params.keyId, 'keyId'))) notFound();
    reply.code(204);
  });

  app.post<Route>('/admin/workspaces/:workspaceId/integrations/:provider', async (request, reply) => {
    const workspace = workspaceOf(request.params);
    const provider = providerOf(request.params);
    reply.code(201);
    return { provider, backendToken: store.setupIntegration(workspace.id, provider) };
  });

  app.delete<Route>('/admin/workspaces/:workspaceId/integrations/:provider', async (request, reply) => {
    if (!store.disconnectIntegration(workspaceOf(request.params).id, providerOf(request.params))) notFound();
    reply.code(204);
  });

  // A backward move is the lifecycle's TransitionRefused, a 409.
  app.post<Route>('/admin/recordings/:recordingId/status', async (request) => {
    const recording = store.recording(valid(RequestId, request.params.recordingId, 'recordingId')) ?? notFound();
    return lifecycle.view(await lifecycle.advance(recording, valid(AdvanceRecording, request.body).status));
  });

  app.get('/admin/deliveries', async () => store.deliveries.map(deliveryView));

  // Run-time switches of the service's own behaviour (not kept in --data: the flags give the value at start).
  app.get('/admin/settings', async () => context.deliveries.settings);

  app.patch('/admin/settings', async (request) => {
    context.deliveries.settings = { ...context.deliveries.settings, ...valid(DeliverySettingsPatch, request.body) };
    return context.deliveries.settings;
  });

  app.get('/admin/outbox', async () => store.outbox);
}

function workspaceView({ id, name, ownerUserId, apiAccess, subscription }: Workspace) {
  return { workspaceId: id, name, ownerUserId, apiAccess, subscription };
}

function deliveryView({ subscriptionId, recordingId, callback, payload, attempts, state, lastError, copy }: Delivery) {
  return { subscriptionId, recordingId, callback, payload, attempts, state, lastError, copy: copy ?? 1 };
}
