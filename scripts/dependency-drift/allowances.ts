import type { Allowance } from './verdict';

// The only packages `npm run check:dependencies` lets stay on a major below their latest release's, each with the
// reason. The check fails when an entry is no longer needed (every range admits the latest major), so keep it small
// and true: remove an entry when its reason ends.
export const ALLOWANCES: readonly Allowance[] = [
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
