import { inputKey, type ErrorCode, type OperationName } from 'screenrec';
import type { Bundle, ZObject } from 'zapier-platform-core';
import App from '../../packages/zapier/src';
import { zapierPlace } from '../../packages/zapier/src/catalogue-steps';
import { perform as videoReady } from '../../packages/zapier/src/triggers/video-ready';
import { UNKNOWN_RECORDING } from '../../packages/zapier/src/recording';
import { HOOK_PATH, REST_PATH, appTester, hookApi, restApi, restAuth, useNock, zapierFailure } from '../../packages/zapier/test/harness';
import { CASES, USER_TIME_ZONE, VIDEO_READY_CASES } from './cases';
import { RECEIVED_NOW, expectExchanges, stepInputs, type Outcome, type ServiceEndpoints, type Step, type VideoReadyItem } from './service';

useNock();

const endpoints: ServiceEndpoints = {
  rest: restApi,
  restPath: (path) => `${REST_PATH}${path}`,
  hook: (body) => hookApi().post(HOOK_PATH, body),
};

/** The neutral input is checked by the step itself, as Zapier's own input would be, not by the perform's types. */
type TesterBundle<B extends Bundle> = Parameters<typeof appTester<unknown, B>>[1];

interface ZapierStep {
  run: () => Promise<unknown>;
  /** Searches answer "nothing found" where creates fail. */
  search: boolean;
}

/** Zapier has no step of its own for these: the user picks another operation's step (Get Recording is Find Recording by ID). */
const PLAYED_BY: Partial<Record<OperationName, OperationName>> = { getRecording: 'findRecordings' };

interface AppStep {
  operation: { perform?: unknown; inputFields?: unknown[] };
}

/**
 * The Zapier step a user picks for the step (the app's step under the operation's released key), and what they fill
 * in: each input under its Zapier key, a list as the list field hands it over. Find Recording gives its 10 newest
 * matches, which is the case's limit.
 */
function zapierStep(step: Step): ZapierStep {
  const operation = PLAYED_BY[step.operation] ?? step.operation;
  const place = zapierPlace(operation);
  const definition: AppStep | undefined = place === undefined ? undefined : App[place.kind]?.[place.key];
  const perform = definition?.operation.perform;
  if (place === undefined || typeof perform !== 'function') throw new Error(`the app has no Zapier step for ${operation}`);
  const fields = new Map(
    (definition?.operation.inputFields ?? []).flatMap((field) =>
      typeof field === 'object' && field !== null && 'key' in field ? [[field.key, field as { list?: boolean }] as const] : [],
    ),
  );
  const inputData = Object.fromEntries(
    stepInputs(step).map(([name, value]) => {
      const key = inputKey(name, 'zapier');
      const field = fields.get(key);
      // Zapier hands a list field over as an array, any other field as one value.
      if (field === undefined || (field.list === true) !== Array.isArray(value))
        throw new Error(`Zapier's ${place.key} has no ${Array.isArray(value) ? 'list ' : ''}field ${key} for ${name}`);
      return [key, value];
    }),
  );
  const bundle = { authData: restAuth, inputData, meta: { timezone: USER_TIME_ZONE } };
  return {
    run: () => appTester(perform as (z: ZObject, bundle: Bundle) => Promise<unknown>, bundle as unknown as TesterBundle<Bundle>),
    search: place.kind === 'searches',
  };
}

/** A step's result in the table's terms: a create outputs one item, a search a list of them. */
async function outcomeOf(run: Promise<unknown>): Promise<Outcome> {
  const settled = await run.then(
    (output: unknown) => ({ output }),
    (error: unknown) => ({ error }),
  );
  if ('output' in settled)
    return { output: (Array.isArray(settled.output) ? settled.output : [settled.output]) as Array<Record<string, unknown>> };
  const { code, message, status } = await zapierFailure(Promise.reject(settled.error));
  if (code === undefined) throw settled.error;
  return { failure: { code: code as ErrorCode, message, ...(status === undefined ? {} : { status }) } };
}

/**
 * Zapier's own rules: a search that finds nothing (NOT_FOUND) returns no result, and the Zap stops or goes on as set;
 * Create Recording Link also outputs its recordingId as `id`, so that Find or Create Recording (a recording's `id`
 * when found) gives a later step the same field whichever branch ran.
 */
function onZapier(outcome: Outcome, step: Step, search: boolean): Outcome {
  if ('failure' in outcome) return search && outcome.failure.code === 'NOT_FOUND' ? { output: [] } : outcome;
  if (step.operation !== 'createRecordingLink') return outcome;
  return { output: outcome.output.map((item) => ({ ...item, id: item.recordingId })) };
}

/**
 * The Video Ready item on Zapier: also `id`, the same as videoKey, since Zapier expects an `id` on every trigger
 * item; a Video File (fetched when a later step uses it) only for a recording ScreenRec confirmed, so there is no
 * downloadError: a failed fetch is that later step's error. Every item has `recording` and `videoFile`, empty
 * where unknown, so it has the keys of the trigger's sample whatever the connection.
 */
function videoReadyOnZapier({ downloadError: _fetchedLater, ...item }: VideoReadyItem): Record<string, unknown> {
  return {
    ...item,
    id: item.videoKey,
    receivedAt: expect.stringMatching(RECEIVED_NOW),
    recording: item.recording ?? UNKNOWN_RECORDING,
    videoFile: item.recordingId === null ? null : expect.stringContaining(`"recordingId":"${item.recordingId}"`),
  };
}

describe('the behaviour table on Zapier', () => {
  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const { run, search } = zapierStep(testCase.step);
    expectExchanges(testCase.exchanges, endpoints);

    const outcome = await outcomeOf(run());

    expect(outcome).toEqual(onZapier(testCase.outcome, testCase.step, search));
  });

  it.each(VIDEO_READY_CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    expectExchanges(testCase.exchanges, endpoints);

    const service = new URL(String(restAuth.baseUrl)).origin;
    const items = await appTester(videoReady, { authData: restAuth, cleanedRequest: testCase.notification(service) });

    const item = testCase.item(service);
    expect(items).toEqual(item === null ? [] : [videoReadyOnZapier(item)]);
  });
});
