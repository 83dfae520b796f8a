import type { ErrorCode } from '@screenrec/core';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { perform as createRecording } from '../../packages/zapier/src/creates/create-recording';
import { perform as findRecording } from '../../packages/zapier/src/searches/find-recording';
import { perform as findTags } from '../../packages/zapier/src/searches/find-tags';
import { perform as videoReady } from '../../packages/zapier/src/triggers/video-ready';
import { UNKNOWN_RECORDING } from '../../packages/zapier/src/recording';
import { HOOK_PATH, REST_PATH, appTester, hookApi, restApi, restAuth, useNock, zapierFailure, performOf } from '../zapier/harness';
import { CASES, USER_TIME_ZONE, VIDEO_READY_CASES } from './cases';
import { RECEIVED_NOW, expectExchanges, type Outcome, type ServiceEndpoints, type Step, type VideoReadyItem } from './service';

const requestRecording = performOf('creates', 'requestRecording');
const updateRecording = performOf('creates', 'updateRecording');
const deleteRecording = performOf('creates', 'deleteRecording');
const getVideoUrl = performOf('searches', 'getVideoUrl');

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

/** One run of a perform with what the user filled in, on a connection with every credential, in the user's time zone. */
function filledIn<B extends Bundle>(
  perform: (z: ZObject, bundle: B) => Promise<unknown>,
  inputData: Record<string, unknown>,
  search = false,
): ZapierStep {
  return {
    run: () => appTester(perform, { authData: restAuth, inputData, meta: { timezone: USER_TIME_ZONE } } as unknown as TesterBundle<B>),
    search,
  };
}

/** The Zapier step a user picks for the step, and what they fill in. */
function zapierStep(step: Step): ZapierStep {
  switch (step.operation) {
    case 'createRecordingLink':
      return filledIn(createRecording, { externalReference: step.externalReference, tags: step.tags });
    case 'requestRecording':
      return filledIn(requestRecording, {
        direction: step.direction,
        email: step.email,
        tags: step.tags,
        notificationEmails: step.notifyEmails,
        comment: step.comment,
      });
    case 'getRecording':
      return filledIn(findRecording, { recordingId: step.recordingId }, true);
    case 'findRecordings':
      // Find Recording gives Zapier its 10 newest matches; the case's limit is that.
      return filledIn(findRecording, { statuses: step.statuses, tags: step.tags, createdFrom: step.createdFrom }, true);
    case 'getVideoUrl':
      return filledIn(getVideoUrl, { recordingId: step.recordingId }, true);
    case 'updateRecording':
      return filledIn(updateRecording, {
        recordingId: step.recordingId,
        tags: step.tags,
        comment: step.comment,
        clearTags: step.removeAllTags,
      });
    case 'deleteRecording':
      return filledIn(deleteRecording, { recordingId: step.recordingId });
    case 'searchTags':
      return filledIn(findTags, { query: step.query }, true);
  }
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

    const items = await appTester(videoReady, { authData: restAuth, cleanedRequest: testCase.notification });

    expect(items).toEqual([videoReadyOnZapier(testCase.item)]);
  });
});
