import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REST_CALLS } from '../../packages/core/src/wire/protocol';
import { MANIFEST, ZAPIER_PICTURE, surfaceArtefacts, type Artefact } from '../../scripts/surfaces/artefacts';
import { replaceSection } from '../../scripts/surfaces/markdown';
import { manifestWithTools } from '../../scripts/surfaces/manifest';
import { hintsOf, type McpTool } from '../../scripts/surfaces/mcp';
import { CATALOGUE_OPERATIONS } from '../../scripts/surfaces/operations';
import { readSurfaces, type Surfaces } from '../../scripts/surfaces/surfaces';
import { escapeXml, wrap, zapierStepsSvg } from '../../scripts/surfaces/svg';

// `npm run docs:surfaces` writes what the built packages say of themselves where people read it: the README's Zapier
// picture, the package READMEs' tables, docs/operations.md and the MCP bundle manifest's tools. Here the same
// generator runs in memory on the built packages (`npm test` builds first), and every committed copy must match.

jest.setTimeout(60_000);

const REPO_ROOT = join(__dirname, '../..');

const committedFile = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** Each artefact whose committed file differs, with its first differing line and what to run. */
function stale(artefacts: readonly Artefact[], read: (path: string) => string = committedFile): string[] {
  return artefacts.flatMap(({ path, text }) => {
    const committed = read(path);
    if (committed === text) return [];
    const committedLines = committed.split('\n');
    const madeLines = text.split('\n');
    const line = madeLines.findIndex((made, index) => made !== committedLines[index]);
    const at = line === -1 ? committedLines.length : line;
    return [
      `${path} is not what \`npm run docs:surfaces\` makes from the built packages (line ${at + 1}: committed ` +
        `${JSON.stringify(committedLines[at] ?? '')}, made ${JSON.stringify(madeLines[at] ?? '')}): run ` +
        '`npm run build && npm run docs:surfaces` and commit the result',
    ];
  });
}

let surfaces: Surfaces;
/** What the script makes of the built packages as they are. */
let made: Map<string, string>;
beforeAll(async () => {
  surfaces = await readSurfaces(REPO_ROOT);
  made = new Map(surfaceArtefacts(REPO_ROOT, surfaces).map(({ path, text }) => [path, text]));
});

const madeFrom = (changed: Surfaces) => surfaceArtefacts(REPO_ROOT, changed);
/** The artefacts that differ from what the built packages as they are make. */
const changedBy = (changed: Surfaces) => stale(madeFrom(changed), (path) => made.get(path)!);
const paths = (messages: string[]) => messages.map((message) => message.split(' ')[0]);

it('every committed artefact is what `npm run docs:surfaces` makes from the built packages (run it after a build)', () => {
  expect(stale([...made].map(([path, text]) => ({ path, text })))).toEqual([]);
});

describe('what makes an artefact stale', () => {
  it('a Zapier step relabelled: the picture, the Zapier README and the operations table', () => {
    const zapier = surfaces.zapier.map((step) => (step.key === 'getVideoUrl' ? { ...step, label: 'Get Video URL & More' } : step));
    const messages = changedBy({ ...surfaces, zapier });
    expect(paths(messages)).toEqual([ZAPIER_PICTURE, 'docs/operations.md', 'packages/zapier/README.md']);
    expect(messages[0]).toMatch(
      /^docs\/images\/zapier-steps\.svg is not what `npm run docs:surfaces` makes from the built packages \(line \d+: committed ".*", made ".*Get Video URL &amp; More.*"\): run `npm run build && npm run docs:surfaces` and commit the result$/,
    );
  });

  it("an MCP tool's description: the MCP README and the bundle manifest", () => {
    const mcp = surfaces.mcp.map((tool) => (tool.name === 'search_tags' ? { ...tool, description: 'Finds tags.' } : tool));
    expect(paths(changedBy({ ...surfaces, mcp }))).toEqual(['packages/mcp-server/README.md', MANIFEST]);
  });

  it("an n8n operation's description and a Node-RED node's help: their READMEs", () => {
    const n8n = {
      ...surfaces.n8n,
      nodes: surfaces.n8n.nodes.map((node) => ({
        ...node,
        operations: node.operations.map((operation) => ({ ...operation, description: `${operation.description}!` })),
      })),
    };
    const nodeRed = surfaces.nodeRed.map((node) => ({ ...node, summary: `${node.summary}!` }));
    expect(paths(changedBy({ ...surfaces, n8n, nodeRed }))).toEqual([
      'packages/n8n-nodes-screenrec/README.md',
      'packages/node-red-screenrec/README.md',
    ]);
  });
});

describe("docs/service-api.md's REST table follows core's REST_CALLS", () => {
  const rows = () => {
    const document = made.get('docs/service-api.md')!;
    const section = document.slice(document.indexOf('<!-- generated:rest-calls'), document.indexOf('<!-- /generated:rest-calls'));
    return section.split('\n').filter((line) => line.startsWith('| `'));
  };

  it('has a row for each call, in the order REST_CALLS declares them, with its status', () => {
    expect(rows().map((row) => row.split(' | ')[0])).toEqual(Object.values(REST_CALLS).map((call) => `| \`${call.method} ${call.path}\``));
    expect(rows().map((row) => /\| `(\d{3})`, [^|]+ \|$/.exec(row)?.[1])).toEqual(
      Object.values(REST_CALLS).map((call) => String(call.success)),
    );
  });

  it("names each body's fields from its schema, the required ones marked, and the tag search's query", () => {
    expect(rows()[0]).toContain('| `email`, `direction` (required), `tags`, `notifications` and `comment` |');
    expect(rows()[3]).toContain('| all optional: `tags` and `comment` |');
    expect(rows()[4]).toContain('| `query` (required): part of a tag, in any case |');
    expect(rows()[5]).toContain('| none | `204`, deleted; the answer is empty. |');
  });
});

describe('the operations table follows core’s catalogue', () => {
  it('names a tool that is in no operation, and an operation whose key a platform lacks', () => {
    const extra: McpTool = { name: 'not_an_operation', title: 'Not an operation', description: 'Nothing.', hints: [] };
    const mcp = [...surfaces.mcp.filter((tool) => tool.name !== 'get_recording'), extra];
    expect(() => madeFrom({ ...surfaces, mcp })).toThrow(
      "Core's catalogue and the built packages disagree:\n" +
        '  Get Recording: MCP has no get_recording\n' +
        '  MCP not_an_operation (Not an operation) is in no operation',
    );
  });

  it('has a row for every catalogue operation, each with its one name', () => {
    const table = made.get('docs/operations.md')!;
    for (const operation of CATALOGUE_OPERATIONS) expect(table).toContain(`| **${operation.name}** (\`${operation.catalogueName}\`) |`);
  });
});

describe('the Zapier picture', () => {
  it('escapes what XML reads as markup', () => {
    expect(escapeXml(`Q&A <b> "quoted" it's`)).toBe("Q&amp;A &lt;b&gt; &quot;quoted&quot; it's");
  });

  it('wraps between words at a fixed width, the same way every time', () => {
    const text = 'Finds a fresh, temporary link to a finished recording’s video; finds nothing while there is no video yet.';
    expect(wrap(text, 13, 300)).toEqual([
      'Finds a fresh, temporary link to a finished',
      'recording’s video; finds nothing while there is no',
      'video yet.',
    ]);
    expect(wrap('averyveryverylongword short', 13, 50)).toEqual(['averyveryverylongword', 'short']);
  });

  it('draws the steps a Zap can use, hidden ones left out, and grows with a wrapped description', () => {
    const steps = surfaces.zapier;
    const picture = zapierStepsSvg(steps);
    for (const step of steps) expect(picture.includes(`>${escapeXml(step.label)}</text>`)).toBe(!step.hidden);
    const longer = steps.map((step) => (step.key === 'findTags' ? { ...step, description: `${step.description} `.repeat(3) } : step));
    const height = (svg: string) => Number(/height="(\d+)"/.exec(svg)![1]);
    expect(height(zapierStepsSvg(longer))).toBeGreaterThan(height(picture));
  });
});

describe('the MCP bundle manifest', () => {
  const committed = readFileSync(join(REPO_ROOT, MANIFEST), 'utf8');

  it('lists each tool the server offers, by name and description, in the server’s order', () => {
    const manifest = JSON.parse(committed) as { tools: Array<{ name: string; description: string }> };
    expect(manifest.tools).toEqual(surfaces.mcp.map(({ name, description }) => ({ name, description })));
  });

  it('keeps the rest of the file as written and lays the list out as prettier does', () => {
    const tools: McpTool[] = [
      { name: 'short_tool', title: 'Short', description: 'Fits on one line.', hints: [] },
      { name: 'long_tool', title: 'Long', description: 'x'.repeat(120), hints: [] },
    ];
    const written = manifestWithTools(committed, tools, MANIFEST);
    const start = committed.indexOf('"tools": [');
    const end = committed.indexOf('\n  ],', start) + 4;
    expect(written).toBe(
      `${committed.slice(0, start)}"tools": [\n` +
        '    { "name": "short_tool", "description": "Fits on one line." },\n' +
        `    {\n      "name": "long_tool",\n      "description": "${'x'.repeat(120)}"\n    }\n  ]` +
        committed.slice(end),
    );
  });
});

it('MCP annotations in words, with the protocol’s defaults for hints left out', () => {
  expect(hintsOf({ readOnlyHint: true, openWorldHint: false })).toEqual(['read-only']);
  expect(hintsOf({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false })).toEqual([
    'destructive',
    'idempotent',
  ]);
  expect(hintsOf({ destructiveHint: false, openWorldHint: false })).toEqual([]);
  expect(hintsOf({})).toEqual(['destructive', 'open world']);
});

it('refuses a document whose markers are gone, naming it and the markers', () => {
  expect(() => replaceSection('# Title\n\nNo markers here.\n', 'operations', '| a |', 'packages/zapier/README.md')).toThrow(
    'packages/zapier/README.md has no section between <!-- generated:operations (written by `npm run docs:surfaces` from ' +
      'the built packages: edit them, not this) --> and <!-- /generated:operations -->: put them where npm run docs:surfaces should write',
  );
});
