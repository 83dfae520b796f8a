import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OPERATIONS, OPERATION_NAMES, PLATFORMS, type CatalogueOperation, type OperationName, type Platform } from 'screenrec';
import { CASES } from './cases';
import { playedOn, type BehaviourCase } from './service';

// Every operation of core's catalogue must be proven on every platform that released it: by a row of the behaviour
// table (cases.ts), by VIDEO_READY_CASES, or, for what a table row cannot express (a trigger that starts a run, a
// wait that outlives a step), by a suite named below. A new operation fails here until someone tests it.

const ROOT = resolve(__dirname, '../..');

/** The suite that plays every row of the table through each platform's fields. */
const TABLE_RUNNERS: Record<Platform, string> = {
  zapier: 'test/behaviour/zapier.test.ts',
  n8n: 'test/behaviour/n8n.test.ts',
  mcp: 'test/behaviour/mcp.test.ts',
  nodeRed: 'test/behaviour/node-red.test.ts',
};

/** The platforms whose runners also play VIDEO_READY_CASES. */
const VIDEO_READY_RUNNERS: readonly Platform[] = ['zapier', 'n8n'];

/** What the table cannot express, and the suite that proves it on each platform offering it. */
const PROVEN_ELSEWHERE: Partial<Record<OperationName, Partial<Record<Platform, string>>>> = {
  waitForVideo: {
    n8n: 'test/n8n/wait-for-video.test.ts',
    mcp: 'packages/mcp-server/test/wait-for-recording.test.ts',
    nodeRed: 'packages/node-red-screenrec/test/wait-and-video-ready.cases.ts',
  },
  videoReady: { nodeRed: 'packages/node-red-screenrec/test/wait-and-video-ready.cases.ts' },
  newRecording: { zapier: 'packages/zapier/test/new-recording.test.ts', n8n: 'test/n8n/new-recording-trigger.test.ts' },
  // Which secret a path gets, and every refusal before anything is sent: more than one table row can say.
  anyRequest: { nodeRed: 'packages/node-red-screenrec/test/action.cases.ts' },
};

const keyOf = (operation: OperationName, platform: Platform): string | undefined =>
  (OPERATIONS[operation] as CatalogueOperation).keys[platform];
const offered = (platform: Platform) => OPERATION_NAMES.filter((operation) => keyOf(operation, platform) !== undefined);
const textOf = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');
/** Letters and digits only, lower-cased: `screenrec-wait`, `ScreenRecWait` and `screenrec_wait` read alike. */
const bare = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether the platform's runner plays the row (Zapier and n8n play every row; MCP and Node-RED may not offer one). */
function playsOn(testCase: BehaviourCase, platform: Platform): boolean {
  return platform === 'mcp' || platform === 'nodeRed' ? playedOn(testCase, platform) !== undefined : true;
}

/** How the operation is proven on the platform, or undefined when nothing proves it. */
function provenBy(operation: OperationName, platform: Platform): string | undefined {
  const row = CASES.find((testCase) => testCase.step.operation === operation && playsOn(testCase, platform));
  if (row !== undefined) return `${TABLE_RUNNERS[platform]}: ${row.name}`;
  if (operation === 'videoReady' && VIDEO_READY_RUNNERS.includes(platform)) return `${TABLE_RUNNERS[platform]}: VIDEO_READY_CASES`;
  return PROVEN_ELSEWHERE[operation]?.[platform];
}

describe('a behaviour case for every catalogue operation on every platform', () => {
  const pairs = PLATFORMS.flatMap((platform) => offered(platform).map((operation) => [operation, platform] as const));

  it.each(pairs)('%s on %s', (operation, platform) => {
    expect(provenBy(operation, platform)).toEqual(expect.any(String));
  });

  it.each(PLATFORMS)("%s's runner plays the table", (platform) => {
    const runner = TABLE_RUNNERS[platform];
    expect(existsSync(resolve(ROOT, runner))).toBe(true);
    expect(textOf(runner)).toMatch(/import \{[^}]*\bCASES\b[^}]*\} from '\.\/cases'/);
    if (VIDEO_READY_RUNNERS.includes(platform)) expect(textOf(runner)).toMatch(/\bVIDEO_READY_CASES\b/);
  });

  const elsewhere = Object.entries(PROVEN_ELSEWHERE).flatMap(([operation, suites]) =>
    Object.entries(suites).map(([platform, path]) => [operation as OperationName, platform as Platform, path] as const),
  );

  it.each(elsewhere)('%s on %s is proven by %s, which exists and names the key the platform released', (operation, platform, path) => {
    const key = keyOf(operation, platform);
    expect(key).toEqual(expect.any(String));
    expect(existsSync(resolve(ROOT, path))).toBe(true);
    const named = key !== undefined && bare(textOf(path)).includes(bare(key.split('.').at(-1) ?? key));
    expect({ key, named }).toEqual({ key, named: true });
  });
});
