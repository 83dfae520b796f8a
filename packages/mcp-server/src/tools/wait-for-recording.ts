import {
  OPERATIONS,
  Recording,
  SHORT_ID_LENGTH,
  formatSeconds,
  statusLabel,
  waitUntilCompleted,
  type StopReason,
  type WaitOutcome,
} from 'screenrec';
import * as z from 'zod';
import { describeRecording } from './describe';
import { TOOL_ICONS } from '../icons';
import { MaxWaitSeconds } from './schemas';
import { fromOperation, toolShape } from './catalogue';
import { defineTool } from './tool';

const STOP_REASONS = ['COMPLETED', 'MAX_WAIT', 'TIME_LIMIT'] as const satisfies readonly StopReason[];

const operation = OPERATIONS.waitForVideo;

/**
 * Irregular: one call waits at most as long as one tool call may take, and answers with where the recording stands
 * (the model calls again to wait longer); the video's link is get_video_url's, so the description is MCP's own.
 */
export const waitForRecording = defineTool({
  ...fromOperation(operation),
  // Replaces the catalogue's: see above.
  description:
    'Wait until a recording is COMPLETED (its video is ready), checking its status now and then: use it after ' +
    'create_recording_request or create_recording_link to continue once the person has recorded. Answers as soon as ' +
    "it is completed, or with its latest status (completed: false) when maxWaitSeconds or this server's time limit " +
    'for one call is reached: then call again to keep waiting. Sends progress notifications with the status on each check.',
  serviceInterface: 'rest',
  input: z.strictObject({ ...toolShape(operation.inputs, operation.required), maxWaitSeconds: MaxWaitSeconds.optional() }),
  output: z.object({
    recordingId: Recording.shape.id,
    completed: z.boolean().describe('True when the recording is COMPLETED: get_video_url gives its video.'),
    recording: Recording.describe('The recording as ScreenRec last reported it.'),
    checkedAt: z.string().describe('When that state was read from ScreenRec (ISO 8601, UTC).'),
    stoppedWaiting: z.object({
      reason: z
        .enum(STOP_REASONS)
        .describe(
          "COMPLETED: the recording is done. MAX_WAIT: maxWaitSeconds passed. TIME_LIMIT: this server's limit for one call was near. Call again to wait longer.",
        ),
      at: z.string().describe('When the wait ended (ISO 8601, UTC).'),
      waitedSeconds: z.number().describe('How long the call waited.'),
      checks: z.number().int().describe('How many times ScreenRec was asked.'),
      message: z.string().describe('Why the wait ended, and what to do next.'),
    }),
  }),
  icons: TOOL_ICONS.wait,
  showsCard: true,
  async run({ recordingId, maxWaitSeconds }, call, connections, context) {
    const outcome = await waitUntilCompleted(
      {
        check: (options) => connections.rest().getRecording(recordingId, options),
        onCheck: (recording, checks) =>
          context.progress(`Recording ${recording.id.slice(0, SHORT_ID_LENGTH)}: ${statusLabel(recording.status)} (check ${checks})`),
        ...(maxWaitSeconds === undefined ? {} : { maxWaitMs: maxWaitSeconds * 1000 }),
        pacing: connections.waitPacing,
      },
      call,
    );
    const message = stopMessage(outcome, maxWaitSeconds, connections.toolTimeoutMs);
    const waited = `${formatSeconds(outcome.stoppedAt - outcome.startedAt)} s of waiting (${outcome.checks} ${outcome.checks === 1 ? 'check' : 'checks'})`;
    const completed = outcome.reason === 'COMPLETED';
    return {
      structured: {
        recordingId,
        completed,
        recording: outcome.recording,
        checkedAt: new Date(outcome.checkedAt).toISOString(),
        stoppedWaiting: {
          reason: outcome.reason,
          at: new Date(outcome.stoppedAt).toISOString(),
          waitedSeconds: Math.round((outcome.stoppedAt - outcome.startedAt) / 100) / 10,
          checks: outcome.checks,
          message,
        },
      },
      text: `${completed ? 'Completed' : 'Not completed yet'} after ${waited}: recording ${describeRecording(outcome.recording)}. ${message}`,
    };
  },
});

/** Why the wait ended, in words a model acts on: what to call next. */
function stopMessage(outcome: WaitOutcome, maxWaitSeconds: number | undefined, toolTimeoutMs: number): string {
  if (outcome.reason === 'COMPLETED') return 'Its video is ready: get_video_url gives a link to it.';
  const again = 'Call wait_for_recording again to keep waiting, or check later with get_recording.';
  const late = outcome.lastCheckLate ? ' ScreenRec did not answer the last check in time: this is the state read before it.' : '';
  if (outcome.reason === 'MAX_WAIT') return `Stopped after the ${maxWaitSeconds} s you asked to wait (maxWaitSeconds).${late} ${again}`;
  const asked = maxWaitSeconds === undefined ? '' : ` (you asked for ${maxWaitSeconds} s)`;
  return `Stopped before this server's limit of ${formatSeconds(toolTimeoutMs)} s for one tool call${asked} (SCREENREC_TOOL_TIMEOUT_SECONDS).${late} ${again}`;
}
