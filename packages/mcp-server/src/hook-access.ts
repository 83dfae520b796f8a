import { HOOK_PROVIDERS, type HookClient, type HookProvider } from '@screenrec/core';
import type { CallOptions } from '@screenrec/core';

/**
 * The hook endpoint for one backend token. A token belongs to one integration (n8n or Zapier); when the user did
 * not say which (SCREENREC_HOOK_PROVIDER), the first use asks the service with PING, once, and remembers the
 * answer: a token of the other integration is refused with FORBIDDEN, and nothing is created by a PING.
 */
export class HookAccess {
  private provider: Promise<HookProvider> | undefined;

  constructor(
    private readonly clientFor: (provider: HookProvider) => HookClient,
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
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FORBIDDEN';
}
