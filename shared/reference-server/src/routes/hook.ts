import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTPS_ONLY, callbackUrlRefusal, resolveChecked, type HostResolver } from '../address-policy';
import { LIMITS, SUBSCRIPTION_LIMIT_MESSAGE } from '../limits';
import type { Integration } from '../model';
import { MESSAGES, fieldErrorsOf, sendMessage } from '../replies';
import type { CurrentToken, TokenResolution } from '../store/store';
import { HookAction, HookProvider } from '../wire';

declare module 'fastify' {
  interface FastifyRequest {
    /** Hook endpoint: what its x-service-token resolved to, set in onRequest, before any byte of the body is read. */
    serviceToken: TokenResolution | 'missing' | null;
  }
}

/** POST /public/webhooks/{provider}, in docs/service-api.md's decision order; the token is resolved before the body is read. */
export async function hookRoutes(app: FastifyInstance): Promise<void> {
  const { context } = app;

  /** Rows 3 to 5 for a token that is not current: answers and resolves true (false for a current token). Counts the failure. */
  async function refuseToken(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const resolution = request.serviceToken;
    if (resolution === null || (resolution !== 'missing' && resolution.kind === 'current')) return false;
    if (await app.failedAuthentication(request, reply)) return true;
    const neverIssued = resolution !== 'missing' && resolution.kind === 'never-issued';
    sendMessage(reply, neverIssued ? 403 : 424, neverIssued ? MESSAGES.forbidden : MESSAGES.integrationError);
    return true;
  }

  app.decorateRequest('serviceToken', null);

  // Row 2: whatever keeps the body from being a JSON object is a bad request here, not a 415.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 413 && (await refuseToken(request, reply))) return;
    if (error.statusCode === 413) return sendMessage(reply, 413, MESSAGES.payloadTooLarge);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return sendMessage(reply, 400, MESSAGES.badRequest);
    reply.log.error({ err: error }, 'hook request failed');
    sendMessage(reply, 500, MESSAGES.internal);
  });

  app.post<{ Params: { provider: string } }>(
    '/public/webhooks/:provider',
    {
      bodyLimit: LIMITS.hookBodyBytes,
      // Row 1 and the token, before the body. Both hooks are synchronous: an async one costs a promise per call.
      onRequest: (request, reply, done) => {
        const provider = HookProvider.safeParse(request.params.provider);
        if (!provider.success) sendMessage(reply, 400, MESSAGES.badRequest);
        else {
          const token = request.headers['x-service-token'];
          request.serviceToken = typeof token !== 'string' || token === '' ? 'missing' : context.store.resolveToken(provider.data, token);
        }
        done();
      },
      // A caller without a valid token gets no more than the limit read: a declared larger body is refused unread.
      preParsing: (request, reply, payload, done) => {
        if (Number(request.headers['content-length'] ?? 0) <= LIMITS.hookBodyBytes) return done(null, payload);
        refuseToken(request, reply).then(() => done(null, payload), done);
      },
    },
    // Synchronous but for a subscribe (its host name lookup) and a refused token (counting it); it never returns the reply.
    (request, reply): void | Promise<void> => {
      const parsed = HookAction.safeParse(request.body);
      if (!parsed.success) {
        // Row 2 is the plain answer; a body failing only the Limits table's field limits (its only maximums) is told which.
        if (parsed.error.issues.every((issue) => issue.code === 'too_big'))
          return sendMessage(reply, 400, MESSAGES.badRequest, fieldErrorsOf(parsed.error));
        return sendMessage(reply, 400, MESSAGES.badRequest);
      }
      const action = parsed.data;
      if (action.action === 'CALLBACK_SUBSCRIBE') {
        const refusal = callbackUrlRefusal(new URL(action.callback), context.allowHttpCallbacks);
        // The scheme is row 2 as ever (the plain answer); a refused address also says why.
        if (refusal === HTTPS_ONLY) return sendMessage(reply, 400, MESSAGES.badRequest);
        if (refusal !== undefined) return sendMessage(reply, 400, MESSAGES.badRequest, [{ path: 'callback', message: refusal }]);
      }

      const resolution = request.serviceToken;
      if (resolution === null || resolution === 'missing' || resolution.kind !== 'current')
        return refuseToken(request, reply).then(() => undefined);
      const failed = (error: unknown): void => {
        request.log.error({ err: error, action: action.action, provider: request.params.provider }, 'hook action failed');
        if (action.action === 'PING') sendMessage(reply, 500, MESSAGES.internal);
        else reply.code(200).send({ error: MESSAGES.internal });
      };
      try {
        const answered = answer(reply, action, resolution);
        return answered instanceof Promise ? answered.catch(failed) : undefined;
      } catch (error) {
        return failed(error);
      }
    },
  );

  function answer(reply: FastifyReply, action: HookAction, { integration, workspace }: CurrentToken): unknown | Promise<void> {
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
      case 'CALLBACK_SUBSCRIBE':
        if (!subscriptionActive) return reply.send({ error: 'No active subscription.' });
        if (context.store.subscriptionCount(workspace.id, integration.provider) >= LIMITS.subscriptionsPerIntegration)
          return reply.send({ error: SUBSCRIPTION_LIMIT_MESSAGE });
        return subscribe(reply, action.callback, integration);
      case 'CALLBACK_UNSUBSCRIBE': {
        const removed = context.store.removeSubscription(workspace.id, integration.provider, action.subscriptionId);
        return reply.send(removed ? { status: 'success' } : { error: MESSAGES.internal });
      }
    }
  }

  async function subscribe(reply: FastifyReply, callback: string, { workspaceId, provider }: Integration): Promise<void> {
    // A host name is resolved only for an authenticated caller; the delivery checks it again at connect time.
    const hostname = new URL(callback).hostname;
    const resolution = await resolveChecked(hostname, withTimeout(context.resolveHost, SUBSCRIBE_LOOKUP_MS), context.allowHttpCallbacks);
    // A name that does not resolve (yet) cannot be called either; it is accepted, and checked again at delivery.
    if (!resolution.ok && resolution.unresolved !== true)
      return sendMessage(reply, 400, MESSAGES.badRequest, [
        { path: 'callback', message: `the callback host ${hostname} is refused: ${resolution.refusal}` },
      ]);
    reply.send({ subscriptionId: context.store.addSubscription(workspaceId, provider, callback).id });
  }
}

const SUBSCRIBE_LOOKUP_MS = 2_000;

/** The resolver, or a failure (taken as unresolved) once `ms` have passed. */
function withTimeout(resolver: HostResolver, ms: number): HostResolver {
  return (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
    return Promise.race([resolver(hostname), late]).finally(() => clearTimeout(timer));
  };
}
