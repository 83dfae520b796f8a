import { STEP_DEADLINE_MS } from '../../packages/zapier/src/step';
import { BadService, MISBEHAVIOURS, type Misbehaviour } from '../../packages/zapier/test/bad-service';
import { inTurns } from '../support/in-turns';
import { startZapierE2E, type AuthData, type ZapierE2E } from './zapier/environment';

/** What may pass the deadline: appTester's own work and the last event turns. Zapier kills a step at 30 s. */
const SLACK_MS = 3_000;
/** How many steps appTester sets up at a time (see inTurns). */
const SETUPS_AT_ONCE = 4;
const RECORDING_ID = '3f2b6c1e-8a4d-4c1e-9b7a-2d5e6f7a8b9c';
const DEADLINE_VARIABLE = 'SCREENREC_ZAPIER_STEP_DEADLINE_MS';

type Step = (authData: AuthData) => Promise<unknown>;

function steps(e2e: ZapierE2E): Record<string, Step> {
  const run =
    (
      kind: 'triggers' | 'creates' | 'searches',
      key: string,
      method: 'perform' | 'performList' | 'performSubscribe' | 'performUnsubscribe',
      bundle: object = {},
    ) =>
    (authData: AuthData) =>
      e2e.run(e2e.operation(kind, key)[method], { authData, ...bundle });
  return {
    'connection test': (authData) => e2e.run(e2e.app.authentication.test, { authData }),
    'Video Ready: subscribe': run('triggers', 'videoReady', 'performSubscribe', {
      targetUrl: 'https://hooks.zapier.com/hooks/standard/1/x/',
    }),
    'Video Ready: unsubscribe': run('triggers', 'videoReady', 'performUnsubscribe', { subscribeData: { id: RECORDING_ID } }),
    'Video Ready: notification': run('triggers', 'videoReady', 'perform', {
      cleanedRequest: { result: `https://storage.example.net/b/${RECORDING_ID}.webm?sig=1` },
    }),
    'Video Ready: samples': run('triggers', 'videoReady', 'performList'),
    'New Recording': run('triggers', 'newRecording', 'perform'),
    'Tags dropdown': run('triggers', 'tagList', 'perform', { meta: { isFillingDynamicDropdown: true } }),
    'Recording ID dropdown': run('triggers', 'recordingList', 'perform', { meta: { isFillingDynamicDropdown: true } }),
    'Create Recording Link': run('creates', 'createRecording', 'perform', { inputData: { externalReference: 'ticket-4711' } }),
    'Create Recording and E-mail Invitation': run('creates', 'requestRecording', 'perform', { inputData: { direction: 'REQUEST' } }),
    'Update Recording': run('creates', 'updateRecording', 'perform', { inputData: { recordingId: RECORDING_ID, comment: 'x' } }),
    'Delete Recording': run('creates', 'deleteRecording', 'perform', { inputData: { recordingId: RECORDING_ID } }),
    'Find Recording by filters': run('searches', 'findRecording', 'perform', { inputData: { statuses: ['COMPLETED'] } }),
    'Find Recording by reference': run('searches', 'findRecording', 'perform', { inputData: { externalReference: 'ticket-4711' } }),
    'Get Video URL': run('searches', 'getVideoUrl', 'perform', { inputData: { recordingId: RECORDING_ID } }),
    'Find Tags': run('searches', 'findTags', 'perform', { inputData: { query: 'sup' } }),
    'video file': (authData) => e2e.run(e2e.app.hydrators.videoFile, { authData, inputData: { recordingId: RECORDING_ID } }),
  };
}

interface Outcome {
  mode: Misbehaviour;
  step: string;
  ms: number;
  /** "ok", or the Zapier error class and code */
  result: string;
  message: string;
}

/**
 * What a user sees from each step against each misbehaviour under a deadline of `budgetMs`: the mode's own verdict,
 * but for the steps named. A video-ready notification is passed on or dropped, never an error. A creation is sent
 * once, never retried: under the app's own deadline its one attempt's timeout (a shorter one) ends it, under the
 * shortened one the deadline does. After a 503 a step retries twice, waiting 0.75–1.5 s in all (at random), which
 * leaves the rest of a shortened deadline to three round trips: on a starved machine the deadline can come first, and
 * the user is told that instead. Whether the 1,000 pages can be read within the deadline depends on the machine too:
 * a search by reference then finds nothing, or says where it stopped.
 */
function verdict(mode: Misbehaviour, step: string, budgetMs: number): string | RegExp {
  if (step === 'Video Ready: notification') return 'ok';
  const creation = ['Video Ready: subscribe', 'Create Recording Link', 'Create Recording and E-mail Invitation'].includes(step);
  const byReference = step === 'Find Recording by reference';
  switch (mode) {
    case 'silent':
    case 'dribble':
      if (creation) return budgetMs === STEP_DEADLINE_MS ? 'AppError NETWORK' : 'AppError DEADLINE';
      return byReference ? 'AppError SEARCH_INCOMPLETE' : 'AppError DEADLINE';
    case '503':
      return byReference ? /^AppError (SERVICE_ERROR|SEARCH_INCOMPLETE)$/ : /^AppError (SERVICE_ERROR|DEADLINE)$/;
    case '429':
      return 'ThrottledError';
    case 'pages':
      if (byReference) return /^(ok|AppError SEARCH_INCOMPLETE)$/;
      return ['New Recording', 'Tags dropdown', 'Recording ID dropdown', 'Find Recording by filters', 'Get Video URL'].includes(step)
        ? 'ok'
        : 'AppError NOT_FOUND';
  }
}

async function outcome(mode: Misbehaviour, step: string, run: () => Promise<unknown>): Promise<Outcome> {
  const started = Date.now();
  try {
    const value = await run();
    return { mode, step, ms: Date.now() - started, result: 'ok', message: JSON.stringify(value) };
  } catch (error) {
    const { name, message } = error as Error;
    const details =
      name === 'AppError' || name === 'ThrottledError' ? (JSON.parse(message) as { message: string; code?: string }) : { message };
    return {
      mode,
      step,
      ms: Date.now() - started,
      result: `${name}${details.code === undefined ? '' : ` ${details.code}`}`,
      message: details.message,
    };
  }
}

/** The port of a loopback service's URL. */
const portOf = (url: string) => Number(new URL(url).port);

/**
 * Real time: every step of the built app against a service that never answers, dribbles its answer a byte a second,
 * answers 503 or 429 with Retry-After: 20, or has 1,000 pages, each step with a service of its own, all running at
 * once. Zapier kills a step at 30 s with a message that is not ours; each must end within the step's deadline
 * (`budgetMs`: the built app's own when it is STEP_DEADLINE_MS, otherwise shortened through
 * SCREENREC_ZAPIER_STEP_DEADLINE_MS) and 3 s, with our own message and the verdict `verdict` names.
 */
export function everyStepEndsWithin(budgetMs: number): void {
  jest.setTimeout(budgetMs + 35_000);

  let e2e: ZapierE2E;
  const all: Array<{ mode: Misbehaviour; step: string; service: BadService }> = [];

  beforeAll(async () => {
    if (budgetMs === STEP_DEADLINE_MS) delete process.env[DEADLINE_VARIABLE];
    else process.env[DEADLINE_VARIABLE] = String(budgetMs);
    e2e = await startZapierE2E();
    for (const mode of MISBEHAVIOURS) for (const step of Object.keys(steps(e2e))) all.push({ mode, step, service: new BadService(mode) });
    await Promise.all(all.map(({ service }) => service.start()));
  });
  afterAll(async () => {
    delete process.env[DEADLINE_VARIABLE];
    await Promise.all([e2e?.stop(), ...all.map(({ service }) => service.stop())]);
  });

  it(`ends within ${(budgetMs + SLACK_MS) / 1000} s with our own message and verdict`, async () => {
    const runs = steps(e2e);
    const ended = await inTurns(
      all.map(({ mode, step, service }) => ({
        port: portOf(service.url),
        run: () =>
          outcome(mode, step, () =>
            runs[step]!({
              baseUrl: service.url,
              backendToken: 'backend-token-ZAP-0001',
              workspaceId: '0b7c9e2a-1d3f-4a5b-8c6d-7e8f9a0b1c2d',
              apiKey: 'sr_live_apikey_0001',
            }),
          ),
      })),
      SETUPS_AT_ONCE,
    );
    for (const { mode, step, ms, result, message } of ended) {
      expect({
        mode,
        step,
        withinLimit: ms <= budgetMs + SLACK_MS,
        ours: !/network timeout|Response timeout|FetchError|socket hang up|did not respond in-time/.test(message),
      }).toEqual({
        mode,
        step,
        withinLimit: true,
        ours: true,
      });
      const expected = verdict(mode, step, budgetMs);
      expect({ mode, step, result }).toEqual({
        mode,
        step,
        result: typeof expected === 'string' ? expected : expect.stringMatching(expected),
      });
      if (result === 'AppError DEADLINE')
        expect(message).toMatch(new RegExp(`^ScreenRec did not finish .* within the ${budgetMs / 1000} s this step may take`));
    }
    const slowest = Math.max(...ended.map((entry) => entry.ms));
    expect(slowest).toBeGreaterThan(budgetMs * 0.6); // the hanging service really held the steps: this is the real-time check
  });
}
