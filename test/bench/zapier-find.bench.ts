import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startReference, withChildren, type ReferenceInfo } from './children';
import { atMost, figure, paired, type Figure } from './figure';
import { interleavedSamples } from './measure';

const WORKSPACE_SIZE = 100_000;
/** The reference is made this many recordings before the newest: about a minute of a busy workspace's traffic. */
const NEWER_THAN_REFERENCE = 1_000;
const FOUND_LIMIT_S = 2;
const MISSING_LIMIT_S = 20;

type Perform = (z: unknown, bundle: unknown) => Promise<unknown>;
interface BuiltApp {
  searches: { findRecording: { operation: { perform: Perform } } };
}

/**
 * #8: Zapier's Find Recording by external reference in a workspace of 100k recordings, through the built app under
 * zapier-platform-core's appTester against the reference server: a reference made a minute ago (1,000 newer
 * recordings) must be found in ≤ 2 s, and a reference nobody used must be answered in ≤ 20 s (found nowhere, or
 * cut short by the search's time budget with a message saying so). Each round makes both searches; each figure is
 * the median round against its limit, and every round must find what it should.
 */
export async function benchZapierFind(root: string, rounds: number): Promise<Figure[]> {
  const builtApp = join(root, 'packages/zapier/index.js');
  if (!existsSync(join(root, 'packages/zapier/dist/index.js'))) throw new Error('the Zapier app is not built: run `npm run build -w @screenrec/zapier`');
  return withChildren(async (spawn) => {
    const child = spawn(`reference server, ${WORKSPACE_SIZE} recordings`);
    const server = await startReference(child);
    // The server seeds in its own process while this one loads the app.
    const seeded = (async () => {
      await child.send({ kind: 'seed', count: WORKSPACE_SIZE - NEWER_THAN_REFERENCE - 1 });
      await createThroughHook(server, 'bench-ticket-4711');
      await child.send({ kind: 'seed', count: WORKSPACE_SIZE });
    })();
    seeded.catch(() => undefined); // reported where it is awaited, not as an unhandled rejection meanwhile
    // appTester prints a memory report after every call unless it knows it is testing; read when it loads.
    process.env.NODE_ENV ||= 'test';
    const platform = (await import('zapier-platform-core')) as { createAppTester: (app: unknown) => (perform: Perform, bundle: object) => Promise<unknown> };
    const app = ((await import(builtApp)) as { default?: BuiltApp } & BuiltApp).default ?? ((await import(builtApp)) as BuiltApp);
    const appTester = platform.createAppTester(app);
    await seeded;

    const authData = { baseUrl: server.baseUrl, backendToken: server.demo.tokens.ZAPIER, workspaceId: server.demo.workspaceId, apiKey: server.demo.apiKey };
    const find = async (externalReference: string): Promise<{ seconds: number; answer: string }> => {
      const started = performance.now();
      const quiet = console.log;
      console.log = () => undefined; // the step's own log line (its search summary) is for Zapier's log, not this table
      try {
        const found = (await appTester(app.searches.findRecording.operation.perform, { authData, inputData: { externalReference } })) as Array<{ externalReference?: string }>;
        return { seconds: (performance.now() - started) / 1000, answer: found.length === 0 ? 'not found' : `found ${found[0]?.externalReference ?? '?'}` };
      } catch (error) {
        const code = /"code":"([A-Z_]+)"/.exec(error instanceof Error ? error.message : '')?.[1];
        return { seconds: (performance.now() - started) / 1000, answer: code ?? String(error) };
      } finally {
        console.log = quiet;
      }
    };

    await find('bench-ticket-4711'); // warm-up: the app's first load and the server's first pages
    const answers = new Set<string>();
    const search = async (reference: string, expected: string[]) => {
      const { seconds, answer } = await find(reference);
      if (!expected.includes(answer)) throw new Error(`the search for ${reference} ended in ${answer}`);
      answers.add(answer);
      return seconds;
    };
    const [found, missing] = await interleavedSamples(rounds, [
      () => search('bench-ticket-4711', ['found bench-ticket-4711']),
      () => search('bench-nobody-used-this', ['not found', 'SEARCH_INCOMPLETE']),
    ]);
    const missingAnswers = [...answers].filter((answer) => !answer.startsWith('found')).join(', ');
    const limit = 'baseline: the limit';
    const againstLimit = (seconds: number[], limitS: number) => paired(seconds, seconds.map(() => limitS));
    return [
      figure('Zapier Find Recording: reference made a minute ago, 100k recordings', againstLimit(found!, FOUND_LIMIT_S), 's', atMost(1), limit),
      figure(`Zapier Find Recording: missing reference, 100k recordings (${missingAnswers})`, againstLimit(missing!, MISSING_LIMIT_S), 's', atMost(1), limit),
    ];
  });
}

/** What Create Recording Link does: the hook's RECORDING action with the Zapier backend token. */
async function createThroughHook({ baseUrl, demo }: ReferenceInfo, externalReference: string): Promise<void> {
  const response = await fetch(`${baseUrl}/public/webhooks/ZAPIER`, {
    method: 'POST',
    headers: { 'x-service-token': demo.tokens.ZAPIER, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'RECORDING', recording: { externalReference } }),
  });
  if (!response.ok) throw new Error(`the hook answered ${response.status}: ${await response.text()}`);
}
