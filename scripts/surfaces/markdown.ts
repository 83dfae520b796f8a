// Markdown as the generated sections write it: tables, and the marked sections of a hand-written document.

/** Text for one table cell: a `|` would end the cell, a line break the row. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

export const code = (text: string): string => `\`${text}\``;

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map((row) => line(row.map(cell)))].join('\n');
}

/** `a`, `a and b`, `a, b and c`. */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const COMMAND = 'npm run docs:surfaces';

/** The comment that opens a generated section: it names the section and tells a reader how it is made. */
export function openingMarker(name: string): string {
  return `<!-- generated:${name} (written by \`${COMMAND}\` from the built packages: edit them, not this) -->`;
}

export function closingMarker(name: string): string {
  return `<!-- /generated:${name} -->`;
}

/**
 * The document with the section between its markers replaced by `body`; the rest stays as written. `file` names
 * the document in the error for markers that are missing or out of order.
 */
export function replaceSection(document: string, name: string, body: string, file: string): string {
  const opening = new RegExp(`<!-- generated:${name}(?: [^\\n]*?)? -->`).exec(document);
  const closing = document.indexOf(closingMarker(name));
  if (opening === null || closing < opening.index) {
    throw new Error(
      `${file} has no section between ${openingMarker(name)} and ${closingMarker(name)}: put them where ${COMMAND} should write`,
    );
  }
  return `${document.slice(0, opening.index)}${openingMarker(name)}\n${body}\n${document.slice(closing)}`;
}
