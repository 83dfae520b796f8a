import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/reference-server';

// `npm test` runs the root's suites as one turbo task per area (`test:jest:<area>`), each with the inputs and builds
// it reads in turbo.json, so that a change reruns only the areas that read it. Every folder of test/ with suites
// must belong to exactly one area, or `npm test` would skip its suites or run them twice.

const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const AREAS = Object.keys(scripts).filter((name) => name.startsWith('test:jest:'));

/** The folders of test/ an area's script names: `jest test/a/ test/b/`. */
const foldersOf = (area: string) => [...scripts[area]!.matchAll(/\btest\/([\w-]+)\//g)].map((match) => match[1]!);

/** The folders of test/ holding a suite `npm test` runs: not a *.tools.test.ts (test:tools), not test/n8n (test:n8n-nodes). */
function foldersWithSuites(): string[] {
  const root = path.join(REPO_ROOT, 'test');
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'n8n')
    .filter((entry) =>
      (readdirSync(path.join(root, entry.name), { recursive: true }) as string[]).some(
        (file) => file.endsWith('.test.ts') && !file.endsWith('.tools.test.ts'),
      ),
    )
    .map((entry) => entry.name)
    .sort();
}

it('every folder of test/ with suites belongs to exactly one test:jest area', () => {
  const named = AREAS.flatMap(foldersOf);
  expect([...named].sort()).toEqual(foldersWithSuites());
});

it('npm test runs every test:jest area, each a turbo task with inputs of its own', () => {
  expect(scripts.test!.split(' ').filter((task) => task.startsWith('test:jest:'))).toEqual(AREAS);
  const turbo = JSON.parse(readFileSync(path.join(REPO_ROOT, 'turbo.json'), 'utf8')) as { tasks: Record<string, { inputs?: string[] }> };
  for (const area of AREAS) expect(turbo.tasks[`//#${area}`]?.inputs).toEqual(expect.arrayContaining(['test/support/**', 'package.json']));
});
