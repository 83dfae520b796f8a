import { HookAction, HookProvider } from '@screenrec/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context';
import type { Integration, Workspace } from '../model';
import { MESSAGES, sendMessage } from '../replies';

type Action = HookAction;

/**
 * POST /public/webhooks/{provider}: the automation-hook endpoint, deciding in the order of DESIGN.md's
 * table (provider, body, token missing, token never issued, token replaced, disconnected, subscription,
 * unknown subscriptionId, unexpected fault).
 */
export function hookPlugin(context: ServerContext) {
  return async function hook(app: FastifyInstance): Promise<void> {
    // Row 2: whatever keeps the body from being a JSON object is a bad request here, not a 415.
    app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      if (error.statusCode === 413) return sendMessage(reply, 413, MESSAGES.payloadTooLarge);
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return sendMessage(reply, 400, MESSAGES.badRequest);
      reply.log.error({ err: error }, 'hook request failed');
      return sendMessage(reply, 500, MESSAGES.internal);
    });

    app.post<{ Params: { provider: string } }>('/public/webhooks/:provider', async (request, reply) => {
      const provider = HookProvider.safeParse(request.params.provider);
      if (!provider.success) return sendMessage(reply, 400, MESSAGES.badRequest);
      const parsed = HookAction.safeParse(request.body);
      if (!parsed.success || !callbackAllowed(parsed.data, context.allowHttpCallbacks)) return sendMessage(reply, 400, MESSAGES.badRequest);

      const token = request.headers['x-service-token'];
      if (typeof token !== 'string' || token === '') return sendMessage(reply, 424, MESSAGES.integrationError);
      try {
        const resolution = context.store.resolveToken(provider.data, token);
        if (resolution.kind === 'never-issued') return sendMessage(reply, 403, MESSAGES.forbidden);
        if (resolution.kind === 'replaced') return sendMessage(reply, 424, MESSAGES.integrationError);
        return answer(reply, context, parsed.data, resolution.integration, resolution.workspace);
      } catch (error) {
        request.log.error({ err: error, action: parsed.data.action }, 'hook action failed');
        if (parsed.data.action === 'PING') return sendMessage(reply, 500, MESSAGES.internal);
        return reply.code(200).send({ error: MESSAGES.internal });
      }
    });
  };
}

function callbackAllowed(action: Action, allowHttp: boolean): boolean {
  if (action.action !== 'CALLBACK_SUBSCRIBE') return true;
  const protocol = new URL(action.callback).protocol;
  return protocol === 'https:' || (allowHttp && protocol === 'http:');
}

function answer(reply: FastifyReply, context: ServerContext, action: Action, integration: Integration, workspace: Workspace): FastifyReply {
  if (!integration.connected) {
    if (action.action === 'PING') return sendMessage(reply, 400, MESSAGES.badRequest);
    return reply.send({ error: action.action === 'RECORDING' ? 'Integration not connected.' : MESSAGES.internal });
  }
  const subscriptionActive = workspace.subscription === 'ACTIVE';
  switch (action.action) {
    case 'PING':
      return reply.send({ status: 'success', workspace: workspace.name });
    case 'RECORDING': {
      if (!subscriptionActive) return reply.send({ error: 'No active subscription.' });
      const recording = context.lifecycle.create({
        workspaceId: workspace.id,
        direction: 'REQUEST',
        tags: action.recording.tags,
        externalReference: action.recording.externalReference,
      });
      return reply.send({ url: context.lifecycle.pageUrl(recording) });
    }
    case 'CALLBACK_SUBSCRIBE': {
      if (!subscriptionActive) return reply.send({ error: 'No active subscription.' });
      const subscription = context.store.addSubscription(workspace.id, integration.provider, action.callback);
      return reply.send({ subscriptionId: subscription.id });
    }
    case 'CALLBACK_UNSUBSCRIBE': {
      const removed = context.store.removeSubscription(workspace.id, integration.provider, action.subscriptionId.toLowerCase());
      return reply.send(removed ? { status: 'success' } : { error: MESSAGES.internal });
    }
  }
}
