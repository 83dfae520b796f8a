import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { Agent } from 'undici';
import { resolveChecked, type AddressPolicy, type HostResolver } from './address-policy';

/** The code of the error a refused callback address fails with; the worker does not retry it. */
export const CALLBACK_REFUSED = 'ECALLBACKREFUSED';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An undici dispatcher whose every connection resolves its host name through the address policy, at connect time:
 * a name checked at subscribe may point elsewhere by the time a video is ready (DNS rebinding), and the address a
 * socket is opened to is the only one that counts. Address literals never reach a lookup, so the worker checks
 * those itself before calling.
 */
export function callbackAgent(resolver: HostResolver, policy: AddressPolicy): Agent {
  const lookup = (hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback): void => {
    resolveChecked(hostname, resolver, policy).then(
      (resolution) => {
        if (!resolution.ok) {
          callback(Object.assign(new Error(`callback host ${hostname} refused: ${resolution.refusal}`), { code: CALLBACK_REFUSED }), '');
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const wanted = resolution.addresses.filter((entry) => family === undefined || entry.family === family);
        if (options.all) callback(null, wanted);
        else if (wanted[0] === undefined)
          callback(Object.assign(new Error(`callback host ${hostname} has no usable address`), { code: 'ENOTFOUND' }), '');
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: unknown) => callback(Object.assign(new Error(String(error)), { code: 'ENOTFOUND' }), ''),
    );
  };
  return new Agent({ connect: { lookup: lookup as never }, keepAliveTimeout: 4_000 });
}
