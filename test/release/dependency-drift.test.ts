import { ALLOWANCES } from '../../scripts/dependency-drift/allowances';
import { judge, type Allowance, type Declaration } from '../../scripts/dependency-drift/verdict';

// `npm run check:dependencies` (a CI stage; it asks the npm registry, so it is not part of `npm test`) fails a range
// that does not admit its package's latest major, unless an allowance says why. Here its decision, on given releases.

const declared = (name: string, range: string, field: Declaration['field'] = 'devDependencies'): Declaration => ({
  manifest: 'package.json',
  field,
  name,
  range,
});
const TYPESCRIPT: Allowance = { name: 'typescript', major: 6, reason: 'typescript-eslint supports TypeScript below 6.1 only' };
const latest = (entries: Record<string, string>) => new Map(Object.entries(entries));

it('passes a range that admits the latest major, whatever its minor, pinned or in one of several alternatives', () => {
  const declarations = [
    declared('prettier', '3.6.2'),
    declared('undici', '^7.30.2 || ^8.13.1', 'dependencies'),
    declared('esbuild', '^0.28.2'),
  ];
  expect(judge(declarations, latest({ prettier: '3.8.1', undici: '8.20.0', esbuild: '0.28.9' }), [])).toEqual({
    problems: [],
    allowed: [],
  });
});

it('fails a range a major behind, naming where it is declared and what to do', () => {
  expect(judge([declared('jest', '^29.7.0')], latest({ jest: '30.5.2' }), []).problems).toEqual([
    'jest ^29.7.0 (package.json devDependencies) does not admit 30, the major of the latest release (30.5.2): move to 30, or add an allowance with the reason to scripts/dependency-drift/allowances.ts',
  ]);
});

it('reads a 0.x line as npm’s caret does: a new minor is a new major', () => {
  expect(judge([declared('esbuild', '^0.28.2')], latest({ esbuild: '0.29.0' }), []).problems).toEqual([
    'esbuild ^0.28.2 (package.json devDependencies) does not admit 0.29, the major of the latest release (0.29.0): move to 0.29, or add an allowance with the reason to scripts/dependency-drift/allowances.ts',
  ]);
});

it('skips the ranges that name no registry release line: a workspace, a path, any version', () => {
  const declarations = [
    declared('screenrec', '*'),
    declared('n8n-workflow', '*', 'peerDependencies'),
    declared('local', 'file:../local'),
    declared('linked', 'workspace:^'),
  ];
  expect(judge(declarations, latest({}), [])).toEqual({ problems: [], allowed: [] });
});

it('lets an allowance keep a range on its major, with the reason', () => {
  expect(judge([declared('typescript', '^6.0.3')], latest({ typescript: '7.0.2' }), [TYPESCRIPT])).toEqual({
    problems: [],
    allowed: [
      'typescript ^6.0.3 (package.json devDependencies) stays on 6 (latest 7.0.2): typescript-eslint supports TypeScript below 6.1 only',
    ],
  });
});

it('fails a range behind even the major its allowance stays on', () => {
  expect(judge([declared('typescript', '^5.9.3')], latest({ typescript: '7.0.2' }), [TYPESCRIPT]).problems).toEqual([
    'typescript ^5.9.3 (package.json devDependencies) does not admit 6, the major its allowance stays on (latest 7.0.2): move to 6',
  ]);
});

it('fails an allowance no longer needed, so that the list stays small and true', () => {
  expect(judge([declared('typescript', '^6.0.3 || ^7.0.0')], latest({ typescript: '7.0.2' }), [TYPESCRIPT]).problems).toEqual([
    'the allowance for typescript (stay on 6) is no longer needed: every range of typescript admits its latest release (7.0.2); remove it from scripts/dependency-drift/allowances.ts',
  ]);
  expect(judge([], latest({}), [TYPESCRIPT]).problems).toEqual([
    'the allowance for typescript (stay on 6) is no longer needed: no workspace declares typescript; remove it from scripts/dependency-drift/allowances.ts',
  ]);
});

it('fails what it cannot compare rather than passing it: a range that is not semver, a package with no latest release', () => {
  expect(judge([declared('odd', 'latest'), declared('unknown', '^1.0.0')], latest({}), []).problems).toEqual([
    'odd latest (package.json devDependencies): not a semver range this check can compare',
    'unknown ^1.0.0 (package.json devDependencies): no latest release known',
  ]);
});

it('names each allowance once, with a reason', () => {
  const names = ALLOWANCES.map((allowance) => allowance.name);
  expect(new Set(names).size).toBe(names.length);
  for (const allowance of ALLOWANCES) expect(allowance.reason).not.toBe('');
});
