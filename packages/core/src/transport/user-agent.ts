/** The SDK's release: the same as packages/core/package.json's version (a test says so; .ci/sync-versions.mjs writes it). */
export const SDK_VERSION = '0.0.0';

/** What the default transport names itself as, where the runtime lets a request set its User-Agent. */
export const USER_AGENT = `screenrec-js/${SDK_VERSION}`;
