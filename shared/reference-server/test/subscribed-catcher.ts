import { Catcher } from '@screenrec/test-support/catcher';
import type { InProcessServer } from '../src/server';
import type { Clients } from './support';

/**
 * Runs `use` with a loopback receiver subscribed, through the demo workspace's `provider` integration, as a callback
 * for finished recordings; unsubscribes it once `use` has passed, and stops it however `use` ends.
 */
export async function withSubscribedCatcher(
  server: InProcessServer,
  clients: Clients,
  provider: 'ZAPIER' | 'N8N',
  use: (catcher: Catcher) => Promise<void>,
): Promise<void> {
  const catcher = new Catcher();
  await catcher.start();
  try {
    const token = server.demo.tokens[provider];
    const { subscriptionId } = (await clients.hook(provider, token, { action: 'CALLBACK_SUBSCRIBE', callback: catcher.url })).json as {
      subscriptionId: string;
    };
    await use(catcher);
    await clients.hook(provider, token, { action: 'CALLBACK_UNSUBSCRIBE', subscriptionId });
  } finally {
    await catcher.stop();
  }
}
