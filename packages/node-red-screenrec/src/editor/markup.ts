/** Small helpers that write the editor's HTML safely: every text that goes into markup passes through escape(). */

export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `code` spans of the catalogue's texts as <code>, the rest escaped. */
export function prose(text: string): string {
  return escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A JSON value inside a <script>: `</` cannot close the script early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** One entry of a help's property list, as Node-RED's own nodes write it. */
export function helpEntry(name: string, type: string, text: string, optional = false): string {
  const label = optional ? `<span class="property-optional">${escape(name)}</span>` : escape(name);
  return `<dt>${label} <span class="property-type">${escape(type)}</span></dt>\n<dd>${prose(text)}</dd>`;
}

export function helpList(entries: readonly string[]): string {
  return `<dl class="message-properties">\n${entries.join('\n')}\n</dl>`;
}

/** One node's three scripts: its registration, its form and its help. */
export function nodeHtml(type: string, registration: string, form: string, help: string): string {
  return [
    `<script type="text/javascript">\n${registration}\n</script>`,
    `<script type="text/html" data-template-name="${type}">\n${form}\n</script>`,
    `<script type="text/html" data-help-name="${type}">\n${help}\n</script>`,
    '',
  ].join('\n\n');
}
