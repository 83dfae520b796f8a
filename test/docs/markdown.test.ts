/**
 * Every Markdown file of the repository (the CHANGELOGs and pending changesets aside: they are the history) says
 * what is true now, without issue numbers, and every relative link and image in it resolves in a clone: to a file
 * git keeps (committed, or new and not ignored) and, for `#anchor`, to a heading of that Markdown file. Each package
 * README, and the reference service's, is read in five minutes: at most 3,000 words. All of it together is at most
 * 30,000 words, a newcomer's path through it (the root README, the architecture, how to add a field or an operation,
 * and a platform's README) at most 8,000, and no document gives the figures of a dated run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { datedRunFigures, headingAnchors, isExternal, issueNumbers, linkTargets, namedMarkdownFiles, wordCount } from './markdown';

const REPO_ROOT = resolve(__dirname, '../..');

/** Paths relative to the repository root of every file a clone has: committed, or new and not ignored. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((path) => path !== '' && !/(^|\/)(node_modules|\.cache)\//.test(path));
}

const FILES = repositoryFiles();
const FILE_SET = new Set(FILES);
const DIRECTORIES = new Set(
  FILES.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
  ),
);

/** History lives in the CHANGELOGs and in the changesets that become their entries. */
const isHistory = (path: string) =>
  /(^|\/)CHANGELOG\.md$/.test(path) || (path.startsWith('.changeset/') && path !== '.changeset/README.md');
const MARKDOWN = FILES.filter((path) => path.endsWith('.md') && !isHistory(path)).sort();

/** The READMEs a package's users read, each at most README_WORDS words as `wc -w` counts them. */
const README_WORDS = 3000;
const PACKAGE_READMES = MARKDOWN.filter(
  (path) => /^packages\/[^/]+\/README\.md$/.test(path) || path === 'shared/reference-server/README.md',
);

const anchorsByFile = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let anchors = anchorsByFile.get(path);
  if (anchors === undefined) {
    anchors = headingAnchors(readFileSync(join(REPO_ROOT, path), 'utf8'));
    anchorsByFile.set(path, anchors);
  }
  return anchors;
}

/** Whether a Markdown file a document names by path or by file name is one the repository has. */
function namesRepositoryFile(from: string, named: string): boolean {
  const relativeToDocument = normalize(join(dirname(from), named));
  const bare = named.replace(/^(\.{1,2}\/)+/, '');
  return FILE_SET.has(relativeToDocument) || FILE_SET.has(bare) || FILES.some((path) => path.endsWith(`/${bare}`));
}

/** Why a target does not resolve from `from`, or null when it does. */
function unresolved(from: string, target: string): string | null {
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart.split('?')[0]!);
  const resolved = path === '' ? from : normalize(path.startsWith('/') ? path.slice(1) : join(dirname(from), path)).replace(/\/$/, '');
  if (resolved.startsWith('..')) return 'points outside the repository';
  if (!FILE_SET.has(resolved) && !DIRECTORIES.has(resolved) && resolved !== '.') return `${resolved} is not in the repository`;
  if (anchor === undefined || anchor === '') return null;
  if (!resolved.endsWith('.md')) return null;
  if (!FILE_SET.has(resolved)) return `${resolved} is a folder: no #${anchor} there`;
  return anchorsOf(resolved).has(decodeURIComponent(anchor).toLowerCase()) ? null : `${resolved} has no heading #${anchor}`;
}

describe('what the Markdown checks find', () => {
  it('finds issue numbers and "#29"-style references, not versions, entities or headings', () => {
    const text = [
      'Issue 29: two runs',
      'issues 25–28 changed it',
      'see #29 for more',
      '(#7)',
      'PR #12 and pull request 4',
      'n8n 2.3.6 on Node 22',
      '&#39; and https://example.com/page#12 and C#9',
      '# Heading',
      'figure 5 of the bench',
    ].join('\n');
    expect(issueNumbers(text)).toEqual([
      { line: 1, text: 'Issue 29' },
      { line: 2, text: 'issues 25' },
      { line: 3, text: '#29' },
      { line: 4, text: '(#7' },
      { line: 5, text: 'PR #12' },
    ]);
  });

  it('reads inline links, images, reference definitions and HTML, not links inside code', () => {
    const text = [
      'See [the guide](docs/guide.md#start "Guide") and ![panel](img/panel.png).',
      '[ref]: ../outside.md',
      '<img src="docs/a.svg" alt="a"> <a href="#top">top</a>',
      'Not a link: `[x](y.md)`.',
      '```md',
      '[z](z.md)',
      '```',
      '<https://example.com> and [site](https://example.com)',
    ].join('\n');
    expect(linkTargets(text).map(({ line, target }) => `${line} ${target}`)).toEqual([
      '1 docs/guide.md#start',
      '1 img/panel.png',
      '2 ../outside.md',
      '3 docs/a.svg',
      '3 #top',
      '8 https://example.com',
    ]);
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('mailto:a@example.com')).toBe(true);
    expect(isExternal('docs/guide.md')).toBe(false);
  });

  it("gives headings GitHub's anchors, repeats numbered", () => {
    const text = [
      '# ScreenRec connectors',
      '## The two commands',
      '### `npm run test:queue`',
      '## Same behaviour on every platform!',
      '## Limits',
      '## Limits',
      '<a id="custom"></a>',
    ].join('\n');
    expect([...headingAnchors(text)].sort()).toEqual(
      [
        'custom',
        'limits',
        'limits-1',
        'npm-run-testqueue',
        'same-behaviour-on-every-platform',
        'screenrec-connectors',
        'the-two-commands',
      ].sort(),
    );
  });

  it('finds Markdown files named in the text, in code spans too, not those inside links or code blocks', () => {
    const text = [
      'The service is specified in `SPEC.md` and DESIGN.md (beside this checkout).',
      'See [the design](docs/design.md) and docs/testing.md.',
      '```',
      'cat NOTES.md',
      '```',
    ].join('\n');
    expect(namedMarkdownFiles(text).map(({ line, target }) => `${line} ${target}`)).toEqual([
      '1 SPEC.md',
      '1 DESIGN.md',
      '2 docs/testing.md',
    ]);
    expect(namesRepositoryFile('README.md', 'docs/testing.md')).toBe(true);
    expect(namesRepositoryFile('packages/zapier/README.md', 'CHANGELOG.md')).toBe(true);
    expect(namesRepositoryFile('README.md', 'SPEC.md')).toBe(false);
  });

  it('counts words as wc -w does: runs of characters between whitespace, Markdown marks included', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  # Title\n\n| a | b |\n`x`  y\t\tz\n')).toBe(10);
  });

  it("finds a dated run's figures, not dates or figures alone", () => {
    const text = [
      'Run of 2026-11-25 04:17 UTC: Node 22.23.3, 2 CPUs, 484 s, load average 1.1–1.9.',
      'Measured on 25 Nov 2026: 3,816 calls/s.',
      'In the November 2026 run the storm took 12 min.',
      'The 2025-11-25 and 2026-07-28 clients run every tool.',
      'A Zap step has 30 s; the goal is at most 10% slower than main in the same run.',
      '`2026-11-01` as createdAfter, answered in 0.5 s by the run',
      '```',
      'Run of 2026-11-25: 484 s',
      '```',
    ].join('\n');
    expect(datedRunFigures(text).map(({ line }) => line)).toEqual([1, 2, 3]);
  });

  it('tells a missing file, a path outside the repository and a missing heading apart', () => {
    expect(unresolved('README.md', 'package.json')).toBeNull();
    expect(unresolved('README.md', 'packages/core')).toBeNull();
    expect(unresolved('README.md', 'no-such-file.md')).toBe('no-such-file.md is not in the repository');
    expect(unresolved('README.md', '../shared/SPEC.md')).toBe('points outside the repository');
    expect(unresolved('README.md', '#no-such-heading-anywhere')).toBe('README.md has no heading #no-such-heading-anywhere');
  });
});

describe.each(MARKDOWN)('%s', (path) => {
  const markdown = readFileSync(join(REPO_ROOT, path), 'utf8');

  it('speaks of no issue numbers (history lives in git log and the CHANGELOGs)', () => {
    expect(issueNumbers(markdown).map(({ line, text }) => `${path}:${line}: ${text}`)).toEqual([]);
  });

  it('names only Markdown files the repository has (nothing it relies on lies outside a clone)', () => {
    const missing = namedMarkdownFiles(markdown)
      .filter(({ target }) => !namesRepositoryFile(path, target))
      .map(({ line, target }) => `${path}:${line}: ${target}`);
    expect(missing).toEqual([]);
  });

  it("gives no dated run's figures (they belong in notes, git and CI logs)", () => {
    expect(datedRunFigures(markdown).map(({ line, text }) => `${path}:${line}: ${text}`)).toEqual([]);
  });

  it('has only relative links and images that resolve in a clone', () => {
    const broken = linkTargets(markdown)
      .filter(({ target }) => !isExternal(target))
      .flatMap(({ line, target }) => {
        const why = unresolved(path, target);
        return why === null ? [] : [`${path}:${line}: ${target}: ${why}`];
      });
    expect(broken).toEqual([]);
  });
});

it(`every package README has at most ${README_WORDS} words (readable in five minutes)`, () => {
  expect(PACKAGE_READMES).toContain('packages/mcp-server/README.md');
  expect(PACKAGE_READMES).toContain('shared/reference-server/README.md');
  const over = PACKAGE_READMES.flatMap((path) => {
    const words = wordCount(readFileSync(join(REPO_ROOT, path), 'utf8'));
    return words > README_WORDS ? [`${path}: ${words} words, over ${README_WORDS}`] : [];
  });
  expect(over).toEqual([]);
});

const wordsOf = (path: string) => wordCount(readFileSync(join(REPO_ROOT, path), 'utf8'));

/** Every document together, as `wc -w` counts them; each rule has one home and the rest link to it. */
const ALL_WORDS = 30_000;
it(`all Markdown but the history has at most ${ALL_WORDS} words`, () => {
  expect(MARKDOWN).toContain('docs/testing.md');
  const words = MARKDOWN.reduce((sum, path) => sum + wordsOf(path), 0);
  expect(words).toBeLessThanOrEqual(ALL_WORDS);
});

/** What a newcomer reads before changing anything: the root README, the architecture, docs/adding.md, one platform's README. */
const NEWCOMER_WORDS = 8000;
const NEWCOMER_PATH = ['README.md', 'docs/architecture.md', 'docs/adding.md'];
const PLATFORM_READMES = ['zapier', 'n8n-nodes-screenrec', 'mcp-server', 'node-red-screenrec'].map((name) => `packages/${name}/README.md`);
it(`a newcomer's path, with the longest platform README, has at most ${NEWCOMER_WORDS} words`, () => {
  const path = NEWCOMER_PATH.reduce((sum, file) => sum + wordsOf(file), 0);
  const longest = Math.max(...PLATFORM_READMES.map(wordsOf));
  expect(path + longest).toBeLessThanOrEqual(NEWCOMER_WORDS);
});

it("every n8n node's documentation link into the repository reaches a heading of the package README", () => {
  const prefix = 'https://github.com/screenrec/screenrec-connectors/tree/main/';
  const codex = FILES.filter((path) => /^packages\/n8n-nodes-screenrec\/nodes\/.*\.node\.json$/.test(path));
  expect(codex).toHaveLength(3);
  const links = codex.flatMap((path) =>
    [...readFileSync(join(REPO_ROOT, path), 'utf8').matchAll(/"url": "([^"]+)"/g)].map((match) => ({ path, url: match[1]! })),
  );
  const broken = links
    .filter(({ url }) => url.startsWith(prefix))
    .flatMap(({ path, url }) => {
      const [folder = '', anchor = ''] = url.slice(prefix.length).split('#');
      const why = unresolved(`${folder}/README.md`, `#${anchor}`);
      return why === null ? [] : [`${path}: ${url}: ${why}`];
    });
  expect(links.length).toBeGreaterThanOrEqual(6);
  expect(broken).toEqual([]);
});
