import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/faults.md says, for every fault and bad input, what each platform does and which suite case shows it. A
// case is cited as `path/of/the/suite.ts` “its name”, and the name must be written, word for word, in that file:
// a renamed or deleted case leaves the table pointing at nothing, and this test says which row.

const REPO_ROOT = join(__dirname, '../..');
const TABLE = 'docs/faults.md';
const CITATION = /`([^`\s]+\.(?:ts|js|mjs))` “([^”]+)”/g;

interface Citation {
  row: string;
  path: string;
  name: string;
}

/** The table rows of a markdown document (header and separator rows left out), each with its cells. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => cells[0] !== 'Fault or bad input');
}

function citationsOf(markdown: string): Citation[] {
  return tableRows(markdown).flatMap((cells) =>
    [...cells.join(' ').matchAll(CITATION)].map((match) => ({ row: cells[0]!, path: match[1]!, name: match[2]! })),
  );
}

/** What is wrong with each citation: a file the repository does not have, or a case name the file does not write. */
function brokenCitations(citations: readonly Citation[], read: (path: string) => string | undefined): string[] {
  return citations.flatMap(({ row, path, name }) => {
    const source = read(path);
    if (source === undefined) return [`${TABLE}, row "${row}": ${path} does not exist`];
    return source.includes(name) ? [] : [`${TABLE}, row "${row}": ${path} has no case named "${name}"`];
  });
}

function readFromRepository(path: string): string | undefined {
  const file = join(REPO_ROOT, path);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const markdown = readFileSync(join(REPO_ROOT, TABLE), 'utf8');

describe(`${TABLE}: every case the fault table cites exists`, () => {
  it('each row cites at least one case', () => {
    const rows = tableRows(markdown);
    expect(rows.length).toBeGreaterThan(10);
    const uncited = rows.filter((cells) => [...cells.join(' ').matchAll(CITATION)].length === 0).map((cells) => cells[0]);
    expect(uncited).toEqual([]);
  });

  it('each cited case is written, word for word, in the file it names', () => {
    expect(brokenCitations(citationsOf(markdown), readFromRepository)).toEqual([]);
  });

  it('would name the row of a case that is gone and of a file that is gone (the check itself can fail)', () => {
    const table = [
      '| Fault or bad input | Platform | What happens | Shown by |',
      '|---|---|---|---|',
      '| A repeat | n8n | one run | `test/queue/repeats.ts` “a case nobody wrote” |',
      '| A crash | Node-RED | logged | `test/nowhere.ts` “killed” |',
    ].join('\n');
    expect(brokenCitations(citationsOf(table), readFromRepository)).toEqual([
      `${TABLE}, row "A repeat": test/queue/repeats.ts has no case named "a case nobody wrote"`,
      `${TABLE}, row "A crash": test/nowhere.ts does not exist`,
    ]);
  });
});
