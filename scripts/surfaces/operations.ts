// Which step, node, operation and tool is which operation: each platform's entries, by the key a saved Zap, workflow,
// agent or flow holds, matched across platforms.
import { OPERATIONS, OPERATION_NAMES, PLATFORMS, PLATFORM_NAMES, type Platform } from '../../packages/core/src/portable';
import type { Surfaces } from './surfaces';

/** One thing a user picks on a platform: what it is called there, and the key that stores the choice. */
export interface PlatformEntry {
  key: string;
  label: string;
}

/**
 * The keys, as core's catalogue records them: Zapier `<list>.<key>` (`creates.createRecording`); n8n a node's name,
 * or `<resource>.<operation>` for the ScreenRec node's operations; MCP the tool's name; Node-RED a node's type, or
 * the ScreenRec node's operation. No entries: a Zapier step hidden behind a dropdown, a Zapier search-or-create (two
 * operations in one step) and Node-RED's configuration node.
 */
export function platformEntries(surfaces: Surfaces): Record<Platform, PlatformEntry[]> {
  return {
    zapier: surfaces.zapier
      .filter((step) => !step.hidden && step.combines === undefined)
      .map((step) => ({ key: `${step.kind}.${step.key}`, label: step.label })),
    n8n: surfaces.n8n.nodes.flatMap((node) =>
      node.operations.length === 0
        ? [{ key: node.name, label: node.displayName }]
        : node.operations.map((operation) => ({ key: `${operation.resource.value}.${operation.value}`, label: operation.name })),
    ),
    mcp: surfaces.mcp.map((tool) => ({ key: tool.name, label: tool.title })),
    nodeRed: surfaces.nodeRed
      .filter((node) => !node.config)
      .flatMap((node) =>
        node.operations.length === 0
          ? [{ key: node.type, label: node.label }]
          : node.operations.map((operation) => ({ key: operation.value, label: operation.label })),
      ),
  };
}

/** One operation: its one name, its name in core's catalogue, and its key on each platform that offers it. */
export interface OperationKeys {
  name: string;
  catalogueName: string;
  keys: Partial<Record<Platform, string>>;
}

/** Each operation of core's catalogue, in the catalogue's order. */
export const CATALOGUE_OPERATIONS: readonly OperationKeys[] = OPERATION_NAMES.map((catalogueName) => ({
  catalogueName,
  name: OPERATIONS[catalogueName].name,
  keys: OPERATIONS[catalogueName].keys,
}));

export interface OperationRow {
  name: string;
  catalogueName: string;
  entries: Partial<Record<Platform, PlatformEntry>>;
}

/**
 * Each operation with what every platform calls it. Fails, naming every mismatch, when an operation names a key its
 * platform does not have or a platform offers an entry no operation names: the table would be wrong either way.
 */
export function operationRows(surfaces: Surfaces): OperationRow[] {
  const offered = platformEntries(surfaces);
  const problems: string[] = [];
  const rows = CATALOGUE_OPERATIONS.map(({ name, catalogueName, keys }) => {
    const entries: Partial<Record<Platform, PlatformEntry>> = {};
    for (const platform of PLATFORMS) {
      const key = keys[platform];
      if (key === undefined) continue;
      const entry = offered[platform].find((candidate) => candidate.key === key);
      if (entry === undefined) problems.push(`${name}: ${PLATFORM_NAMES[platform]} has no ${key}`);
      else entries[platform] = entry;
    }
    return { name, catalogueName, entries };
  });
  for (const platform of PLATFORMS) {
    for (const entry of offered[platform]) {
      if (!CATALOGUE_OPERATIONS.some(({ keys }) => keys[platform] === entry.key))
        problems.push(`${PLATFORM_NAMES[platform]} ${entry.key} (${entry.label}) is in no operation`);
    }
  }
  if (problems.length > 0) throw new Error(`Core's catalogue and the built packages disagree:\n  ${problems.join('\n  ')}`);
  return rows;
}
