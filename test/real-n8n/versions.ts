/**
 * The n8n versions `npm run test:n8n` runs every check on, oldest first. The README's compatibility line names
 * the same versions. `node` is the Node.js release that version runs on: undefined means the machine's own Node
 * (20); otherwise that release is installed from the npm registry (package `node`) into `.cache/` and its headers
 * are what n8n's native modules (sqlite3, isolated-vm) compile against. n8n 2.36 and later require Node 24;
 * n8n 2.40 and later do not install from this registry.
 */
export interface N8nTarget {
  n8n: string;
  node?: string;
}

export const N8N_TARGETS: readonly N8nTarget[] = [{ n8n: '2.3.6' }, { n8n: '2.41.1', node: '24.21.0' }];

/**
 * n8n is installed without running any package's install script (newer n8n's Kafka client builds librdkafka,
 * which needs libraries this machine lacks; others download binaries from off the registry); then only these,
 * which n8n needs to start and run our nodes, are built from source against the target Node's headers.
 * (isolated-vm, in n8n 2.36 and later, ships prebuilt binaries for Node 24 inside its registry tarball.)
 */
export const NATIVE_MODULES_TO_BUILD = ['sqlite3'];

/** `REAL_N8N_VERSIONS=2.3.6` runs only the listed versions (for local work on one of them). */
export function selectedTargets(filter = process.env.REAL_N8N_VERSIONS): N8nTarget[] {
  if (filter === undefined || filter.trim() === '') return [...N8N_TARGETS];
  const wanted = filter.split(',').map((version) => version.trim());
  const unknown = wanted.filter((version) => !N8N_TARGETS.some((target) => target.n8n === version));
  if (unknown.length > 0) throw new Error(`REAL_N8N_VERSIONS names ${unknown.join(', ')}, which test/real-n8n/versions.ts does not list`);
  return N8N_TARGETS.filter((target) => wanted.includes(target.n8n));
}
