/**
 * `screenrec`: the portable core plus the Node defaults, so a client needs only its address and
 * credentials. Platforms whose shipped code may not touch timers or Node globals (n8n) import
 * `screenrec/portable` and pass their own transport and sleep.
 */
import type { ClientOptions } from './transport/request-sender.js';
import { createFetchTransport } from './transport/fetch-transport.js';
import { HookClient as PortableHookClient, type HookClientOptions } from './clients/hook-client.js';
import { sleep } from './transport/node-sleep.js';
import { LOG_LEVELS, type LogLevel } from './transport/request-log.js';
import { RestClient as PortableRestClient, type RestClientOptions } from './clients/rest-client.js';
import { ServiceRequester as PortableServiceRequester } from './clients/raw-request.js';
import type { ServiceCredentials } from './wire/credential-routing.js';

export * from './portable.js';
export { createFetchTransport, requestAbort, type FetchTransportOptions } from './transport/fetch-transport.js';
export { sleep } from './transport/node-sleep.js';
// The connectors that are neither of the hook's two integrations run on Node; n8n's package stays without it.
export { HookAccess } from './clients/hook-access.js';
export { WAIT_PACING, waitUntilCompleted, type StopReason, type Wait, type WaitOutcome, type WaitPacing } from './clients/waiting.js';

/** The automation-hook client, on fetch and a timer unless told otherwise. */
export class HookClient extends PortableHookClient {
  constructor(options: HookClientOptions) {
    super(withNodeDefaults(options));
  }
}

/** The REST client, on fetch and a timer unless told otherwise. */
export class RestClient extends PortableRestClient {
  constructor(options: RestClientOptions) {
    super(withNodeDefaults(options));
  }
}

/** Any request to the service with whichever of the connection's secrets its URL may get, on fetch and a timer unless told otherwise. */
export class ServiceRequester extends PortableServiceRequester {
  constructor(credentials: ServiceCredentials, options: Omit<ClientOptions, 'baseUrl'> = {}) {
    super(credentials, withNodeDefaults(options));
  }
}

function withNodeDefaults<T extends Omit<ClientOptions, 'baseUrl'>>(options: T): T {
  const logLevel = options.logLevel ?? environmentLogLevel();
  const logger = options.logger ?? (logLevel === undefined || logLevel === 'off' ? undefined : console);
  return {
    ...options,
    transport: options.transport ?? createFetchTransport(),
    sleep: options.sleep ?? sleep,
    ...(logLevel === undefined ? {} : { logLevel }),
    ...(logger === undefined ? {} : { logger }),
  };
}

/**
 * SCREENREC_LOG, where the runtime has environment variables (Node, Deno, Bun); a value that is no level is ignored,
 * and so is a runtime that refuses the read (Deno without --allow-env throws).
 */
function environmentLogLevel(): LogLevel | undefined {
  let value: string | undefined;
  try {
    value = typeof process === 'undefined' ? undefined : process.env?.SCREENREC_LOG?.trim().toLowerCase();
  } catch {
    return undefined;
  }
  return LOG_LEVELS.find((level) => level === value);
}
