import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendMessage } from '../replies';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a failure per address; past `perMinute` a minute answers 429 and resolves true. Valid credentials never count. */
    failedAuthentication: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

export const signInThrottle = fp(async function signInThrottle(app: FastifyInstance, { perMinute }: { perMinute: number }): Promise<void> {
  await app.register(rateLimit, { global: false });
  const count = app.createRateLimit({ max: perMinute, timeWindow: 60_000 });
  app.decorate('failedAuthentication', async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await count(request);
    if (limit.isAllowed || !limit.isExceeded) return false;
    const seconds = Math.max(1, limit.ttlInSeconds);
    reply.header('retry-after', String(seconds)).header('connection', 'close');
    const advice = `Wait ${seconds} seconds, then check the token or API key and try again.`;
    sendMessage(reply, 429, `Too many failed sign-in attempts from your address. ${advice}`);
    return true;
  });
});
