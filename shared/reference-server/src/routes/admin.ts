import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { DeliverySettingsPatch } from '../delivery-settings';
import { TransitionRefused } from '../lifecycle';
import { WORKSPACE_SUBSCRIPTION_STATES, type Delivery, type Workspace } from '../model';
import { MESSAGES, parseWith, sendMessage, sendValidationErrors } from '../replies';
import { sameSecret } from '../secrets';
import { HookProvider, RecordingStatus, RequestId } from '../wire';

const CreateWorkspace = z.strictObject({ name: z.string().trim().min(1, { error: 'must not be empty' }) });
const PatchWorkspace = z.strictObject({
  name: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  apiAccess: z.boolean().optional(),
  subscription: z.enum(WORKSPACE_SUBSCRIPTION_STATES).optional(),
});
const CreateApiKey = z.strictObject({
  expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-12-31T23:59:59Z' }).nullable().optional(),
});
const AdvanceRecording = z.strictObject({ status: RecordingStatus });

type Params = { workspaceId?: string; keyId?: string; provider?: string; recordingId?: string };

/** The dashboard stand-in (docs/design.md, "The reference service"), every call guarded by the x-admin-token header. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { store, context } = app;
  const { lifecycle } = context;

  function workspaceOf(params: Params, reply: FastifyReply): Workspace | undefined {
    const id = parseWith(RequestId, params.workspaceId, 'workspaceId');
    if (!id.ok) return void sendValidationErrors(reply, id.errors);
    const workspace = store.workspace(id.value);
    if (workspace === undefined) sendMessage(reply, 404, MESSAGES.notFound);
    return workspace;
  }

  function providerOf(params: Params, reply: FastifyReply): HookProvider | undefined {
    const provider = parseWith(HookProvider, params.provider, 'provider');
    if (provider.ok) return provider.value;
    sendValidationErrors(reply, provider.errors);
    return undefined;
  }

  app.addHook('onRequest', async (request, reply) => {
    const token = request.headers['x-admin-token'];
    if (typeof token !== 'string' || !sameSecret(token, context.adminToken)) {
      return (await app.failedAuthentication(request, reply)) ?? sendMessage(reply, 401, MESSAGES.unauthorized);
    }
  });

  app.post('/admin/workspaces', async (request, reply) => {
    const input = parseWith(CreateWorkspace, request.body);
    if (!input.ok) return sendValidationErrors(reply, input.errors);
    const workspace = store.addWorkspace(input.value.name);
    return reply.code(201).send({ workspaceId: workspace.id, name: workspace.name, ownerUserId: workspace.ownerUserId });
  });

  app.get<{ Params: Params }>('/admin/workspaces/:workspaceId', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    return workspace === undefined ? reply : reply.send(workspaceView(workspace));
  });

  // The callbacks registered through the hook endpoint: what a dashboard would list as connected automations.
  app.get<{ Params: Params }>('/admin/workspaces/:workspaceId/subscriptions', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    if (workspace === undefined) return reply;
    return reply.send(
      store.subscriptionsOf(workspace.id).map(({ id, provider, callback }) => ({ subscriptionId: id, provider, callback })),
    );
  });

  app.patch<{ Params: Params }>('/admin/workspaces/:workspaceId', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    if (workspace === undefined) return reply;
    const patch = parseWith(PatchWorkspace, request.body);
    if (!patch.ok) return sendValidationErrors(reply, patch.errors);
    return reply.send(workspaceView(store.updateWorkspace(workspace, patch.value)));
  });

  app.post<{ Params: Params }>('/admin/workspaces/:workspaceId/api-keys', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    if (workspace === undefined) return reply;
    const input = parseWith(CreateApiKey, request.body ?? {});
    if (!input.ok) return sendValidationErrors(reply, input.errors);
    const expiresAt = input.value.expiresAt == null ? null : new Date(input.value.expiresAt).toISOString();
    const { key, secret } = store.addApiKey(workspace.id, expiresAt);
    return reply.code(201).send({ keyId: key.id, apiKey: secret, expiresAt: key.expiresAt });
  });

  app.delete<{ Params: Params }>('/admin/workspaces/:workspaceId/api-keys/:keyId', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    if (workspace === undefined) return reply;
    const keyId = parseWith(RequestId, request.params.keyId, 'keyId');
    if (!keyId.ok) return sendValidationErrors(reply, keyId.errors);
    if (!store.revokeApiKey(workspace.id, keyId.value)) return sendMessage(reply, 404, MESSAGES.notFound);
    return reply.code(204).send();
  });

  app.post<{ Params: Params }>('/admin/workspaces/:workspaceId/integrations/:provider', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    const provider = workspace === undefined ? undefined : providerOf(request.params, reply);
    if (workspace === undefined || provider === undefined) return reply;
    return reply.code(201).send({ provider, backendToken: store.setupIntegration(workspace.id, provider) });
  });

  app.delete<{ Params: Params }>('/admin/workspaces/:workspaceId/integrations/:provider', async (request, reply) => {
    const workspace = workspaceOf(request.params, reply);
    const provider = workspace === undefined ? undefined : providerOf(request.params, reply);
    if (workspace === undefined || provider === undefined) return reply;
    if (!store.disconnectIntegration(workspace.id, provider)) return sendMessage(reply, 404, MESSAGES.notFound);
    return reply.code(204).send();
  });

  app.post<{ Params: Params }>('/admin/recordings/:recordingId/status', async (request, reply) => {
    const id = parseWith(RequestId, request.params.recordingId, 'recordingId');
    if (!id.ok) return sendValidationErrors(reply, id.errors);
    const recording = store.recording(id.value);
    if (recording === undefined) return sendMessage(reply, 404, MESSAGES.notFound);
    const input = parseWith(AdvanceRecording, request.body);
    if (!input.ok) return sendValidationErrors(reply, input.errors);
    try {
      return reply.send(lifecycle.view(await lifecycle.advance(recording, input.value.status)));
    } catch (error) {
      if (error instanceof TransitionRefused) return sendMessage(reply, 409, error.message);
      throw error;
    }
  });

  app.get('/admin/deliveries', async (_request, reply) => reply.send(store.deliveries.map(deliveryView)));

  // Run-time switches of the service's own behaviour (not kept in --data: the flags give the value at start).
  app.get('/admin/settings', async (_request, reply) => reply.send(context.deliveries.settings));

  app.patch('/admin/settings', async (request, reply) => {
    const patch = parseWith(DeliverySettingsPatch, request.body);
    if (!patch.ok) return sendValidationErrors(reply, patch.errors);
    context.deliveries.settings = { ...context.deliveries.settings, ...patch.value };
    return reply.send(context.deliveries.settings);
  });

  app.get('/admin/outbox', async (_request, reply) => reply.send(store.outbox));
}

function workspaceView({ id, name, ownerUserId, apiAccess, subscription }: Workspace) {
  return { workspaceId: id, name, ownerUserId, apiAccess, subscription };
}

function deliveryView({ subscriptionId, recordingId, callback, payload, attempts, state, lastError, copy }: Delivery) {
  return { subscriptionId, recordingId, callback, payload, attempts, state, lastError, copy: copy ?? 1 };
}
