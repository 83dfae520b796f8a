import { INPUT_FIELDS, OPERATIONS, inputKey, type InputName } from 'screenrec';
import nock from 'nock';
import App from '../src/index';
import { testConnection } from '../src/authentication';
import { REGULAR_STEP_NAMES, stepKey, zapierPlace } from '../src/catalogue-steps';
import { perform as createRecording } from '../src/creates/create-recording';
import { perform as findRecording } from '../src/searches/find-recording';
import { perform as newRecording } from '../src/triggers/new-recording';
import { perform as recordingList } from '../src/triggers/recording-list';
import { perform as tagList } from '../src/triggers/tag-list';
import * as videoReady from '../src/triggers/video-ready';
import { hydrateVideoFile } from '../src/video-file';
import { inTurns } from '@screenrec/test-support/in-turns';
import { BadService, MISBEHAVIOURS, type Misbehaviour } from './bad-service';
import { API_KEY, BACKEND_TOKEN, RECORDING_ID, WORKSPACE_ID, appTester, performOf } from './harness';

/** A shortened step deadline, so each misbehaviour is checked against every operation in seconds, not minutes. */
const BUDGET_MS = 1_500;
/**
 * What may pass the deadline on a busy machine: appTester's own work and the last event turns. Without the deadline
 * a silent service holds a step 10 s per attempt, so this bound still tells the two apart.
 */
const SLACK_MS = 4_000;

type Run = (authData: Record<string, string>) => Promise<unknown>;

/** A perform of the app, and the key of the step (or hydrator) it belongs to. */
interface Perform {
  key: string;
  run: Run;
}

/** The performs Zapier runs its own way, not by the catalogue's call. */
const WRITTEN_OUT: Record<string, Perform> = {
  'connection test': { key: 'authentication', run: (authData) => appTester(testConnection, { authData }) },
  'Video Ready: subscribe': {
    key: stepKey('videoReady'),
    run: (authData) => appTester(videoReady.performSubscribe, { authData, targetUrl: 'https://hooks.zapier.com/hooks/standard/1/x/' }),
  },
  'Video Ready: unsubscribe': {
    key: stepKey('videoReady'),
    run: (authData) => appTester(videoReady.performUnsubscribe, { authData, subscribeData: { id: RECORDING_ID } }),
  },
  'Video Ready: notification': {
    key: stepKey('videoReady'),
    // A link on the Service URL's own origin: the item goes out whatever its lookup does, with linkConfirmed true.
    run: (authData) =>
      appTester(videoReady.perform, {
        authData,
        cleanedRequest: { result: `${String(authData.baseUrl)}/videos/${RECORDING_ID}?signature=x` },
      }),
  },
  'Video Ready: samples': {
    key: stepKey('videoReady'),
    run: (authData) => appTester(videoReady.performList, { authData, meta: { isLoadingSample: true } }),
  },
  'New Recording': { key: stepKey('newRecording'), run: (authData) => appTester(newRecording, { authData, inputData: {} }) },
  'Tags dropdown': { key: 'tagList', run: (authData) => appTester(tagList, { authData, meta: { isFillingDynamicDropdown: true } }) },
  'Recording ID dropdown': {
    key: 'recordingList',
    run: (authData) => appTester(recordingList, { authData, meta: { isFillingDynamicDropdown: true } }),
  },
  'Create Recording Link': {
    key: stepKey('createRecordingLink'),
    run: (authData) => appTester(createRecording, { authData, inputData: { externalReference: 'ticket-4711' } }),
  },
  'Find Recording by filters': {
    key: stepKey('findRecordings'),
    run: (authData) => appTester(findRecording, { authData, inputData: { statuses: ['COMPLETED'] } }),
  },
  'Find Recording by reference': {
    key: stepKey('findRecordings'),
    run: (authData) => appTester(findRecording, { authData, inputData: { externalReference: 'ticket-4711' } }),
  },
  'video file': {
    key: 'videoFile',
    run: (authData) => appTester(hydrateVideoFile, { authData, inputData: { recordingId: RECORDING_ID } }),
  },
};

/** Every regular step (the catalogue's call), each input filled in with the catalogue's example under its Zapier key. */
const REGULAR: Record<string, Perform> = Object.fromEntries(
  REGULAR_STEP_NAMES.map((name) => {
    const inputs: readonly InputName[] = OPERATIONS[name].inputs;
    const inputData = Object.fromEntries(inputs.map((input) => [inputKey(input, 'zapier'), INPUT_FIELDS[input].example]));
    const { kind, key } = zapierPlace(name)!;
    const perform = performOf(kind === 'searches' ? 'searches' : 'creates', name);
    return [OPERATIONS[name].name, { key, run: (authData: Record<string, string>) => appTester(perform, { authData, inputData }) }];
  }),
);

/** Every perform of the app, as Zapier calls it. */
const operations: Record<string, Run> = Object.fromEntries(
  Object.entries({ ...WRITTEN_OUT, ...REGULAR }).map(([name, { run }]) => [name, run]),
);

interface Outcome {
  withinDeadline: boolean;
  /** "ok" or the error's class and code; the messages are checked separately. */
  result: string;
  message: string;
}

async function outcomeOf(run: Promise<unknown>): Promise<Outcome> {
  const started = Date.now();
  let result = 'ok';
  let message = '';
  try {
    const value = await run;
    message = JSON.stringify(value);
  } catch (error) {
    const { name, message: text } = error as Error;
    const details =
      name === 'AppError' || name === 'ThrottledError' ? (JSON.parse(text) as { message: string; code?: string }) : { message: text };
    result = `${name}${details.code === undefined ? '' : ` ${details.code}`}`;
    message = details.message;
  }
  return { withinDeadline: Date.now() - started <= BUDGET_MS + SLACK_MS, result, message };
}

/** What each misbehaviour may end in: always our own error class and code, never the HTTP library's words. */
const ALLOWED: Record<Misbehaviour, RegExp> = {
  silent: /^(ok|AppError (DEADLINE|SEARCH_INCOMPLETE))$/,
  dribble: /^(ok|AppError (DEADLINE|SEARCH_INCOMPLETE))$/,
  '503': /^(ok|AppError (SERVICE_ERROR|DEADLINE|SEARCH_INCOMPLETE))$/,
  '429': /^(ok|ThrottledError)$/,
  pages: /^(ok|AppError (NOT_FOUND|SEARCH_INCOMPLETE|BAD_REQUEST|NOT_FOUND))$/,
};

it('covers every operation of the app, so a new one cannot miss the deadline unnoticed', () => {
  const keys = (group: Record<string, unknown>) => Object.keys(group);
  const offered = [...keys(App.triggers), ...keys(App.creates), ...keys(App.searches), ...keys(App.hydrators ?? {})];
  const covered = new Set(Object.values({ ...WRITTEN_OUT, ...REGULAR }).map(({ key }) => key));
  expect([...covered].sort()).toEqual(['authentication', ...offered].sort());
  expect(Object.keys(REGULAR).length).toBeGreaterThan(0);
});

/** How many performs appTester sets up at a time (see inTurns): its setup of each holds the event loop. */
const SETUPS_AT_ONCE = 4;

describe.each(MISBEHAVIOURS)('every step against a service that misbehaves: %s', (mode) => {
  const names = Object.keys(operations);
  // A service of its own for each perform, so that each one's first request tells inTurns it is under way.
  const services = names.map(() => new BadService(mode, 100));

  beforeAll(async () => {
    process.env.SCREENREC_ZAPIER_STEP_DEADLINE_MS = String(BUDGET_MS);
    nock.enableNetConnect('127.0.0.1');
    await Promise.all(services.map((service) => service.start()));
  });
  afterAll(async () => {
    delete process.env.SCREENREC_ZAPIER_STEP_DEADLINE_MS;
    await Promise.all(services.map((service) => service.stop()));
  });

  it('ends inside the step deadline with our own message', async () => {
    const authData = (service: BadService) => ({
      baseUrl: service.url,
      backendToken: BACKEND_TOKEN,
      workspaceId: WORKSPACE_ID,
      apiKey: API_KEY,
    });
    const outcomes = await inTurns(
      names.map((name, index) => ({
        port: Number(new URL(services[index]!.url).port),
        run: () => outcomeOf(operations[name]!(authData(services[index]!))),
      })),
      SETUPS_AT_ONCE,
    );

    for (const [index, outcome] of outcomes.entries()) {
      const name = names[index]!;
      expect({ name, withinDeadline: outcome.withinDeadline, result: outcome.result }).toEqual({
        name,
        withinDeadline: true,
        result: expect.stringMatching(ALLOWED[mode]),
      });
      expect({ name, message: outcome.message }).toEqual({
        name,
        message: expect.not.stringMatching(/network timeout|Response timeout|FetchError|socket hang up|content size/),
      });
      if (outcome.result === 'AppError DEADLINE')
        expect(outcome.message).toMatch(/^ScreenRec did not finish .* within the 1(\.\d+)? s this step may take/);
      // Core's message, once: what was being done, and what to try.
      if (outcome.result === 'AppError DEADLINE') {
        expect({ name, message: outcome.message }).toEqual({
          name,
          message: expect.stringMatching(
            /^ScreenRec did not finish [a-z][a-z -]+ within the 1(\.\d+)? s this step may take( \(.+\))?\. Try again; if it keeps happening, (check that ScreenRec answers at the Service URL|narrow the search \(a shorter date range\))\.$/,
          ),
        });
      }
      if (outcome.result === 'AppError SEARCH_INCOMPLETE') expect(outcome.message).toMatch(/ticket-4711.*time limit/);
      expect(outcome.message).not.toContain(API_KEY);
    }
    if (mode === 'silent' || mode === 'dribble') {
      // A notification is delivered whatever its lookup does; the reason says the time ran out.
      expect(JSON.parse(outcomes[names.indexOf('Video Ready: notification')]!.message)).toEqual([
        expect.objectContaining({
          recordingId: null,
          detailsError: expect.stringMatching(/^The recording details could not be fetched: ScreenRec did not finish/),
        }),
      ]);
    }
  });
});
