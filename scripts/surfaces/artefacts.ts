// Every file `npm run docs:surfaces` writes, made in memory from the built packages: the Zapier picture, the generated
// sections of the READMEs, of docs/operations.md and of docs/service-api.md (from core's REST_CALLS), and the MCP
// bundle manifest's tools.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestWithTools } from './manifest';
import { replaceSection } from './markdown';
import { operationsSection } from './operations-doc';
import { operationRows } from './operations';
import {
  mcpToolsTable,
  n8nNodesTable,
  n8nOperationsTable,
  nodeRedNodesTable,
  nodeRedOperationsTable,
  zapierStepsTable,
} from './package-tables';
import { restCallsTable } from './rest-calls';
import type { Surfaces } from './surfaces';
import { zapierStepsSvg } from './svg';

/** A file as the script makes it, by its path from the repository's root. */
export interface Artefact {
  path: string;
  text: string;
}

/** The generated sections of each Markdown file, by their marker names. */
function markdownSections(surfaces: Surfaces): Record<string, Record<string, string>> {
  return {
    'docs/operations.md': { operations: operationsSection(operationRows(surfaces), surfaces.zapier) },
    'docs/service-api.md': { 'rest-calls': restCallsTable() },
    'packages/zapier/README.md': { operations: zapierStepsTable(surfaces.zapier) },
    'packages/n8n-nodes-screenrec/README.md': { nodes: n8nNodesTable(surfaces.n8n), operations: n8nOperationsTable(surfaces.n8n) },
    'packages/mcp-server/README.md': { operations: mcpToolsTable(surfaces.mcp) },
    'packages/node-red-screenrec/README.md': {
      nodes: nodeRedNodesTable(surfaces.nodeRed),
      operations: nodeRedOperationsTable(surfaces.nodeRed),
    },
  };
}

export const MANIFEST = 'packages/mcp-server/mcpb/manifest.json';
export const ZAPIER_PICTURE = 'docs/images/zapier-steps.svg';

/** Each artefact from these surfaces; the hand-written files are read from `repoRoot`, and only their generated parts change. */
export function surfaceArtefacts(repoRoot: string, surfaces: Surfaces): Artefact[] {
  const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
  const markdown = Object.entries(markdownSections(surfaces)).map(([path, sections]) => ({
    path,
    text: Object.entries(sections).reduce((document, [name, body]) => replaceSection(document, name, body, path), read(path)),
  }));
  return [
    { path: ZAPIER_PICTURE, text: zapierStepsSvg(surfaces.zapier) },
    ...markdown,
    { path: MANIFEST, text: manifestWithTools(read(MANIFEST), surfaces.mcp, MANIFEST) },
  ];
}
