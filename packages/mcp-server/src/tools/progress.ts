import type { ProgressNotification, ServerContext } from '@modelcontextprotocol/server';

/** Tells the client how a long call is going; resolves either way (a note that cannot be delivered changes no answer). */
export type ProgressReport = (message: string) => Promise<void>;

/**
 * The protocol's progress notifications for one request: sent only when the client asked for them (a
 * `progressToken` in the request's `_meta`), with `progress` counting up as the spec requires. No total: how long
 * a wait will last is not known. A stateless HTTP answer in JSON mode, or a closed connection, has nowhere to
 * send them: the notes are dropped and the call still answers.
 */
export function progressOf(ctx: ServerContext): ProgressReport {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return () => Promise.resolve();
  let progress = 0;
  return async (message) => {
    progress += 1;
    const notification: ProgressNotification = { method: 'notifications/progress', params: { progressToken, progress, message } };
    await ctx.mcpReq.notify(notification).catch(() => undefined);
  };
}
