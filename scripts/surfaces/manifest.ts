// The MCP bundle's manifest (packages/mcp-server/mcpb/manifest.json) lists the server's tools for the desktop client's
// install page; here that list is written from the tools the built server offers, and the rest of the file is kept.
import { isDeepStrictEqual } from 'node:util';
import type { McpTool } from './mcp';

/** Where the `"tools": [...]` array starts and ends in a JSON text (strings skipped, brackets counted). */
function toolsArraySpan(text: string, file: string): { start: number; end: number } {
  const key = /"tools"\s*:\s*\[/.exec(text);
  if (key === null) throw new Error(`${file} has no "tools" list`);
  const start = key.index + key[0].length - 1;
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') {
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    } else if (character === '[' || character === '{') depth += 1;
    else if (character === ']' || character === '}') {
      depth -= 1;
      if (depth === 0) return { start, end: index + 1 };
    }
  }
  throw new Error(`${file}: its "tools" list does not end`);
}

/** Prettier's line width for this repository (.prettierrc.json), which the file is checked against. */
const PRINT_WIDTH = 140;
const INDENT = '    ';

/**
 * One tool in the list as prettier lays it out: on one line when it fits (its comma counted), else one property a
 * line; so the file passes `prettier --check` as written.
 */
function toolEntry(tool: McpTool, last: boolean): string {
  const comma = last ? '' : ',';
  const name = `"name": ${JSON.stringify(tool.name)}`;
  const description = `"description": ${JSON.stringify(tool.description)}`;
  const oneLine = `${INDENT}{ ${name}, ${description} }${comma}`;
  if (oneLine.length <= PRINT_WIDTH) return oneLine;
  return `${INDENT}{\n${INDENT}  ${name},\n${INDENT}  ${description}\n${INDENT}}${comma}`;
}

/** The manifest with its tools replaced by the server's (name and description, in the server's order); the rest is kept as written. */
export function manifestWithTools(text: string, tools: readonly McpTool[], file: string): string {
  const before = JSON.parse(text) as Record<string, unknown>;
  const { start, end } = toolsArraySpan(text, file);
  const list = tools.map((tool, index) => toolEntry(tool, index === tools.length - 1)).join('\n');
  const written = `${text.slice(0, start)}[\n${list}\n  ]${text.slice(end)}`;
  const after = JSON.parse(written) as Record<string, unknown>;
  if (!isDeepStrictEqual({ ...after, tools: before.tools }, before))
    throw new Error(`${file}: writing its tools changed more than its tools`);
  return written;
}
