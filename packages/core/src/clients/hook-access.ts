import { isScreenRecError } from '../errors/error-classes.js';
import type { HookClient } from './hook-client.js';
import type { CallOptions } from '../transport/call-bounds.js';
import { HOOK_PROVIDERS, type HookProvider } from '../wire/schemas.js';

/**
 * The hook endpoint for one backend token, for a connector that is neither of the hook's two integrations (the MCP
 * server, Node-RED). A token belongs to one integration (n8n or Zapier); when the user did not say which, the first
 * use asks the service with PING, once, and remembers the answer: a token of the other integration is refused with
 * FORBIDDEN, and nothing is created by a PING.
 */
export class HookAccess {
  private provider: Promise<HookProvider> | undefined;
  private readonly clients = new Map<HookProvider, HookClient>();

  constructor(
    private readonly newClient: (provider: HookProvider) => HookClient,
    provider: HookProvider | undefined,
  ) {
    if (provider !== undefined) this.provider = Promise.resolve(provider);
  }

  async client(call: CallOptions): Promise<HookClient> {
    this.provider ??= this.detect(call);
    try {
      return this.clientFor(await this.provider);
    } catch (error) {
      // A failed detection (network down, deadline) is not remembered: the next call asks again.
      this.provider = undefined;
      throw error;
    }
  }

  /** One client per integration, made on first use and kept. */
  private clientFor(provider: HookProvider): HookClient {
    let client = this.clients.get(provider);
    if (client === undefined) this.clients.set(provider, (client = this.newClient(provider)));
    return client;
  }

  private async detect(call: CallOptions): Promise<HookProvider> {
    let refusal: unknown;
    for (const provider of HOOK_PROVIDERS) {
      try {
        await this.clientFor(provider).ping(call);
        return provider;
      } catch (error) {
        if (!isForbidden(error)) throw error;
        refusal ??= error;
      }
    }
    throw refusal;
  }
}

function isForbidden(error: unknown): boolean {
  return isScreenRecError(error) && error.code === 'FORBIDDEN';
}
