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
