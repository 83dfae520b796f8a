import { lookup } from 'node:dns/promises';
import type { ResolveHost } from 'screenrec';

/**
 * How the Video File checks where its host name leads before fetching (core's videoDownloadUrl refuses a name that
 * resolves into a private network, as it refuses a private address written out). Zapier runs the app on Node: the
 * system's resolver, which gives every address of a name, as the fetch could connect to any of them. A property, so
 * that tests put a stand-in resolver in its place instead of asking real DNS.
 */
export const videoHost: { resolve: ResolveHost } = {
  resolve: async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address),
};
