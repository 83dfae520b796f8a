import type { Allowance } from './verdict';

// The only packages `npm run check:dependencies` lets stay on a major below their latest release's, each with the
// reason. The check fails when an entry is no longer needed (every range admits the latest major), so keep it small
// and true: remove an entry when its reason ends.
export const ALLOWANCES: readonly Allowance[] = [
  {
    name: '@changesets/cli',
    major: 2,
    reason:
      'changesets 3 needs Node 22.11 and brings 16 packages that refuse Node 20: `npm ci` on the Node 20.19 the README allows would warn for each (`changeset` runs on the pinned Node 22 either way)',
  },
  {
    name: 'eslint',
    major: 9,
    reason:
      "n8n's community-node rules (@n8n/eslint-plugin-community-nodes 0.32, the newest, which `n8n-node lint` runs) need eslint 9.29.0 exactly, and one eslint lints the whole repository",
  },
  {
    name: '@eslint/js',
    major: 9,
    reason: "its major is eslint's: @eslint/js 10 needs eslint 10 (see eslint above)",
  },
  {
    name: 'node-red',
    major: 4,
    reason:
      "node-red 5 needs Node 22.9: as the Node-RED package's dev dependency it would add an engine warning on the Node 20 the README allows; the real suites run the newest 4.x and 5.x (test/real-node-red/versions.ts)",
  },
  {
    name: 'typescript',
    major: 6,
    reason: 'typescript-eslint, which lints every TypeScript file, supports TypeScript below 6.1 only (its typescript peer range)',
  },
  {
    name: 'nock',
    major: 14,
    reason:
      'nock 15 ships only ES modules (so does @mswjs/interceptors 0.45 under it, which reads import.meta.url), and jest loads ES modules into our CommonJS suites only on Node 24.9 or later; the suites run on the pinned Node 22, the Node Zapier runs apps on',
  },
  {
    name: 'node',
    major: 22,
    reason: 'the pinned Node every npm script runs on: CI (node:22-bookworm) and the release workflows run Node 22',
  },
  {
    name: '@types/node',
    major: 22,
    reason: 'the types of the pinned Node 22 (the `node` devDependency): a later major describes APIs that Node 22 lacks',
  },
];
