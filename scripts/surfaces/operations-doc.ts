// The generated section of docs/operations.md: each operation, and what it is called on every platform.
import { PLATFORMS, PLATFORM_NAMES } from '../../packages/core/src/portable';
import { code, table } from './markdown';
import type { OperationRow, PlatformEntry } from './operations';
import type { ZapierStep } from './zapier';

const entryCell = (entry: PlatformEntry | undefined): string => (entry === undefined ? '—' : `${entry.label} (${code(entry.key)})`);

/** The operation a Zapier key belongs to, by its one name. */
function operationNamed(rows: readonly OperationRow[], zapierKey: string): string {
  const row = rows.find((candidate) => candidate.entries.zapier?.key === zapierKey);
  if (row === undefined) throw new Error(`Zapier ${zapierKey} is in no operation`);
  return row.name;
}

/** The table, then a line for each Zapier step that runs two operations in one (a search-or-create). */
export function operationsSection(rows: readonly OperationRow[], zapierSteps: readonly ZapierStep[]): string {
  const operations = table(
    ['operation', ...PLATFORMS.map((platform) => PLATFORM_NAMES[platform])],
    rows.map((row) => [`**${row.name}** (${code(row.catalogueName)})`, ...PLATFORMS.map((platform) => entryCell(row.entries[platform]))]),
  );
  const combined = zapierSteps.flatMap((step) =>
    step.combines === undefined
      ? []
      : [
          `On Zapier, ${step.label} (${code(`${step.kind}.${step.key}`)}) is ${operationNamed(rows, step.combines.search)}, then ` +
            `${operationNamed(rows, step.combines.create)} when that finds nothing.`,
        ],
  );
  return [operations, ...combined].join('\n\n');
}
