// The tables of each package README's generated sections, made from the built packages' own words.
import { RECORDING_FIELD_KEYS } from '../../packages/core/src/portable';
import { code, listInWords, table } from './markdown';
import type { McpTool } from './mcp';
import type { N8nPackage } from './n8n';
import type { NodeRedNode } from './node-red';
import type { ZapierKind, ZapierStep } from './zapier';

const KIND_WORDS: Record<ZapierKind, string> = {
  triggers: 'trigger',
  creates: 'create',
  searches: 'search',
  searchOrCreates: 'search-or-create',
};

function zapierKind(step: ZapierStep): string {
  const kind = KIND_WORDS[step.kind];
  if (step.hidden) return `${kind} (hidden: fills a dropdown)`;
  if (step.kind === 'triggers') return `${kind} (${step.instant ? 'REST hook' : 'polling'})`;
  return kind;
}

export function zapierStepsTable(steps: readonly ZapierStep[]): string {
  return table(
    ['kind', 'key', 'label', 'what it does'],
    steps.map((step) => [zapierKind(step), code(step.key), step.label, step.description]),
  );
}

export function n8nNodesTable({ nodes, credentials }: N8nPackage): string {
  return table(
    ['', 'name in n8n', 'what it does'],
    [
      ...nodes.map((node) => [
        `**${node.displayName}**`,
        code(node.name),
        node.usableAsTool ? `${node.description}; also a tool for n8n's AI Agent` : node.description,
      ]),
      ...credentials.map((credential) => [
        `**${credential.displayName}** credential`,
        code(credential.name),
        listInWords(credential.fields),
      ]),
    ],
  );
}

const RECORDING_KEYS: readonly string[] = RECORDING_FIELD_KEYS;

/** An output schema's fields in words: a recording is named as one, with what comes beside it. */
function outputInWords(fields: readonly string[] | undefined): string {
  if (fields === undefined) return '—';
  if (!RECORDING_KEYS.every((key) => fields.includes(key))) return listInWords(fields.map(code));
  const besides = fields.filter((field) => !RECORDING_KEYS.includes(field));
  return besides.length === 0 ? 'the recording' : `the recording, plus ${listInWords(besides.map(code))}`;
}

export function n8nOperationsTable({ nodes }: N8nPackage): string {
  return table(
    ['resource', 'operation', 'value', 'what it does', 'output (each item)'],
    nodes.flatMap((node) =>
      node.operations.map((operation) => [
        operation.resource.name,
        `**${operation.name}**`,
        code(operation.value),
        operation.description,
        outputInWords(operation.output),
      ]),
    ),
  );
}

export function mcpToolsTable(tools: readonly McpTool[]): string {
  return table(
    ['tool', 'title', 'annotations', 'what it does'],
    tools.map((tool) => [code(tool.name), tool.title, tool.hints.length === 0 ? '—' : tool.hints.join(', '), tool.description]),
  );
}

export function nodeRedNodesTable(nodes: readonly NodeRedNode[]): string {
  return table(
    ['node', 'type', 'what it does'],
    nodes.map((node) => [node.config ? `**${node.label}** (configuration)` : `**${node.label}**`, code(node.type), node.summary]),
  );
}

export function nodeRedOperationsTable(nodes: readonly NodeRedNode[]): string {
  return table(
    ['operation', '`msg.operation`', 'what it does', '`msg.payload` afterwards'],
    nodes.flatMap((node) =>
      node.operations.map((operation) => [`**${operation.label}**`, code(operation.value), operation.description, operation.output ?? '—']),
    ),
  );
}
