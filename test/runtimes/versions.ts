/**
 * The runtimes `npm run test:runtimes` runs the SDK in, pinned here and nowhere else. Each comes from the npm
 * registry into the git-ignored .cache/ on first use (`npm install --prefix .cache/<name>-<version> <name>@<version>`),
 * but two: Node 22 is the repository's pinned Node (the devDependency `node`, node_modules/.bin/node), and Chromium
 * is Debian's /usr/bin/chromium (installed with apt-get when missing, as the browser suites do).
 */
export const RUNTIME_VERSIONS = {
  /** The machine's own Node when one on its PATH is a Node 20; else this release, from the registry's `node` package. */
  node20: '20.20.2',
  deno: '2.9.6',
  bun: '1.4.5',
  workerd: '1.20261117.1',
} as const;

/** The Worker's compatibility date: the day of the workerd release above (its version's middle part). */
export const WORKERD_COMPATIBILITY_DATE = RUNTIME_VERSIONS.workerd.replace(/^1\.(\d{4})(\d\d)(\d\d)\.\d+$/, '$1-$2-$3');

/** The runtimes installed from the npm registry, with the binary each package brings. */
export const NPM_RUNTIMES = {
  deno: { version: RUNTIME_VERSIONS.deno, binary: 'deno' },
  bun: { version: RUNTIME_VERSIONS.bun, binary: 'bun' },
  workerd: { version: RUNTIME_VERSIONS.workerd, binary: 'workerd' },
} as const;
export type NpmRuntime = keyof typeof NPM_RUNTIMES;
