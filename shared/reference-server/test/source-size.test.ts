// The reference server stays small enough to read whole: the TypeScript under its src/ and page/ holds at most LIMIT
// lines, blank lines and comments included, counted as `cat … | wc -l` counts them (newline characters).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const SERVER = resolve(__dirname, '..');
const LIMIT = 3_000;

function typescriptUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typescriptUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function linesOf(file: string): number {
  return readFileSync(file, 'utf8').split('\n').length - 1;
}

it(`the reference server's src/ and page/ hold at most ${LIMIT.toLocaleString('en-US')} lines of TypeScript`, () => {
  const files = [...typescriptUnder(join(SERVER, 'src')), ...typescriptUnder(join(SERVER, 'page'))];
  expect(files.length).toBeGreaterThan(20);
  const sizes = files.map((file) => ({ file: relative(SERVER, file), lines: linesOf(file) })).sort((a, b) => b.lines - a.lines);
  const total = sizes.reduce((sum, { lines }) => sum + lines, 0);
  if (total > LIMIT) {
    const largest = sizes
      .slice(0, 5)
      .map(({ file, lines }) => `${file} ${lines}`)
      .join(', ');
    throw new Error(
      `shared/reference-server/src and page/ hold ${total} lines of TypeScript, over the limit of ${LIMIT} by ${total - LIMIT} ` +
        `(largest: ${largest}). Say less, not denser: remove code said twice, dead code and comments that say what, not why.`,
    );
  }
});
