/**
 * What the Markdown suite checks, as plain functions over text: where a document speaks of an issue number, which
 * relative links and images it has, the anchors GitHub gives its headings, and how many words it has. Code blocks and
 * code spans are prose for the history check (a command's comment is read too) but never hold links.
 */

/** A place in a file where something is wrong, as the suite reports it. */
export interface Finding {
  line: number;
  text: string;
}

/**
 * "issue 29", "issues 25–28", "Issue #7", "#29", "PR #12": numbers that point into an issue tracker. History lives in
 * git log and the CHANGELOGs; a document says what is true now. A `#` directly after a letter, digit, `&` or `/` is
 * part of something else (an HTML entity, a URL fragment, a C# name).
 */
const ISSUE_NUMBER = [/\b(?:issues?|pull requests?|PRs?)\s*#?\d+/i, /(?:^|[^\p{L}\p{N}&/_#])#\d+\b/u];

export function issueNumbers(markdown: string): Finding[] {
  const findings: Finding[] = [];
  markdown.split('\n').forEach((text, index) => {
    for (const pattern of ISSUE_NUMBER) {
      const match = pattern.exec(text);
      if (match) {
        findings.push({ line: index + 1, text: match[0].trim() });
        break;
      }
    }
  });
  return findings;
}

/** One link or image target written in a Markdown file, before it is resolved. */
export interface LinkTarget {
  line: number;
  target: string;
}

/** The lines outside fenced code blocks, numbered as in the file. */
function outsideFences(markdown: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== null) {
      if (opening && opening[1]!.startsWith(fence)) fence = null;
      return;
    }
    if (opening) {
      fence = opening[1]!;
      return;
    }
    lines.push({ line: index + 1, text });
  });
  return lines;
}

/** Code spans blanked out: a `[a](b)` between backticks is not a link. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)(?:(?!\1).)+?\1/g, (span) => ' '.repeat(span.length));
}

/** Inline links and images `[text](target "title")`, reference definitions `[x]: target`, HTML `src` and `href`. */
export function linkTargets(markdown: string): LinkTarget[] {
  const targets: LinkTarget[] = [];
  for (const { line, text: raw } of outsideFences(markdown)) {
    const text = withoutCodeSpans(raw);
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push({ line, target: match[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text);
    if (definition) targets.push({ line, target: definition[1]! });
    for (const match of text.matchAll(/<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*"([^"]+)"/gi))
      targets.push({ line, target: match[1]! });
  }
  return targets;
}

/** Targets another site resolves: a scheme (`https:`, `mailto:`) or a protocol-relative `//host`. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * The anchors GitHub gives a document's headings: the heading's text as shown, lower-cased, without punctuation
 * other than `-` and `_`, spaces as `-`; a repeated anchor gets `-1`, `-2`, …. Explicit `<a id>`/`<a name>` count too.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of outsideFences(markdown)) {
    for (const match of text.matchAll(/<a\s[^>]*?(?:id|name)\s*=\s*"([^"]+)"/gi)) anchors.add(match[1]!);
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const shown = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    const slug = shown
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * Markdown files a document names in its text (`SPEC.md`, "see docs/design.md"), links aside: each must be a file of
 * the repository, so that a reader of a clone is never sent to a document it does not have.
 */
export function namedMarkdownFiles(markdown: string): LinkTarget[] {
  const named: LinkTarget[] = [];
  for (const { line, text } of outsideFences(markdown)) {
    const prose = text.replace(/\]\([^)]*\)/g, ']');
    for (const match of prose.matchAll(/(?:^|[\s`("'])((?:\.{1,2}\/)*[\w][\w./-]*\.md)(?=$|[\s`)"',.;:])/g))
      named.push({ line, target: match[1]! });
  }
  return named;
}

/** Words as `wc -w` counts them: runs of characters between spaces, tabs and line breaks. */
export function wordCount(text: string): number {
  return text.split(/[ \t\n\v\f\r]+/).filter((word) => word !== '').length;
}

/** A measured quantity: a number with a unit of time, size, rate or share ("484 s", "3,816 calls/s", "0.91 ms", "12%"). */
const MEASUREMENT = /\d[\d,.]*\s?(?:µs|us|ms|s|min|minutes|seconds|B|kB|KB|MB|GB|calls\/s|req\/s|%)(?![\p{L}\p{N}])/u;
/** A calendar date: ISO (2026-11-25), "25 Nov 2026" or "November 2026". */
const DATE = /\b20\d\d-[01]\d-[0-3]\d\b|\b(?:[0-3]?\d\s)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s20\d\d\b/;
/** Words that say a figure is what one run measured, not a goal or a limit. */
const ONE_RUN = /\b(?:runs?|measured|benchmarked|took)\b/i;

/**
 * Lines that give a figure of one dated run ("Run of 2026-11-25 04:17 UTC: … 484 s"): a date, a measurement and a word
 * saying it was measured, on one line outside code blocks. A run's figures belong in notes, git and CI logs; a document
 * states the method, the baselines and the goals. Dates alone (an MCP protocol revision, an example's input) and
 * figures alone (a limit, a goal) are fine.
 */
export function datedRunFigures(markdown: string): Finding[] {
  return outsideFences(markdown).flatMap(({ line, text: raw }) => {
    const text = withoutCodeSpans(raw);
    const date = DATE.exec(text);
    if (date === null || !MEASUREMENT.test(text) || !ONE_RUN.test(text)) return [];
    return [{ line, text: raw.trim().slice(0, 100) }];
  });
}
