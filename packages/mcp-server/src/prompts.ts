import type { GetPromptResult, McpServer } from '@modelcontextprotocol/server';
import { MAX_PAGE_SIZE, OPERATIONS, formatSeconds } from 'screenrec';
import * as z from 'zod';
import type { Connections } from './connections';
import { TOOL_ICONS } from './icons';
import { describedInput } from './tools/catalogue';

// The two jobs people ask an agent for most, as prompts a client offers (a slash command, a menu entry): each
// fills in the user's values and tells the agent which tools to call, in which order, with which arguments.

/**
 * A prompt argument a client's form left empty arrives as "" in some clients: that counts as not given, so the
 * field's own check (core's) runs only on a value the user typed.
 */
function optionalArgument<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional()).describe(schema.description ?? '');
}

const RequestRecordingArguments = z.strictObject({
  email: optionalArgument(
    describedInput(
      'email',
      'E-mail address of the person who should record: ScreenRec e-mails them the invitation. Leave out to get a recording link to send them yourself, where this server can make one.',
    ),
  ),
  externalReference: optionalArgument(describedInput('externalReference')),
});

const ReviewRecordingsArguments = z
  .strictObject({
    from: describedInput('createdDateFrom'),
    to: optionalArgument(describedInput('createdDateTo')),
  })
  // Dates and date-times alike start with the ISO day, which sorts as text.
  .refine(({ from, to }) => to === undefined || from.slice(0, 10) <= to.slice(0, 10), {
    error: 'must not be before from',
    path: ['to'],
  });

const REQUEST_RECORDING_PROMPT = 'request_screen_recording';
const REVIEW_RECORDINGS_PROMPT = 'review_recordings';

export function registerPrompts(server: McpServer, connections: Connections): void {
  server.registerPrompt(
    REQUEST_RECORDING_PROMPT,
    {
      title: 'Ask someone to record their screen',
      description:
        'Ask a person to record their screen with ScreenRec (by e-mail, or with a link you send them), then wait until the video is ready and get it.',
      argsSchema: RequestRecordingArguments,
      icons: TOOL_ICONS.request,
    },
    (args) => userMessage(requestRecordingText(args, connections)),
  );
  server.registerPrompt(
    REVIEW_RECORDINGS_PROMPT,
    {
      title: 'Review recordings of a period',
      description: "Go through the workspace's recordings created in a period: what was recorded, what is still open, and the videos.",
      argsSchema: ReviewRecordingsArguments,
      icons: TOOL_ICONS.find,
    },
    (args) => userMessage(reviewRecordingsText(args)),
  );
}

function userMessage(text: string): GetPromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** The steps for one recording request; how the person is reached depends on what they gave and on this server's tools. */
function requestRecordingText(
  { email, externalReference }: z.output<typeof RequestRecordingArguments>,
  connections: Pick<Connections, 'hook' | 'toolTimeoutMs'>,
): string {
  const reference = externalReference === undefined ? '' : ` (reference "${externalReference}")`;
  const first = askStep(email, externalReference, connections.hook !== undefined);
  return [
    `Get a screen recording from ${email ?? 'someone'}${reference} with ScreenRec, and wait until the video is ready.`,
    `1. ${first}`,
    `2. Call ${OPERATIONS.waitForVideo.keys.mcp} with the recordingId from step 1. One call waits at most ${formatSeconds(connections.toolTimeoutMs)} s: ` +
      'while it answers completed: false, tell me the status and call it again.',
    `3. Once it is COMPLETED, call ${OPERATIONS.getVideoUrl.keys.mcp} with that recordingId and give me the link to the video (it expires after about an hour).`,
    `If a call fails, tell me its message as it is; do not create a second request for the same person.`,
  ].join('\n');
}

function askStep(email: string | undefined, externalReference: string | undefined, offersLink: boolean): string {
  if (email !== undefined) {
    const comment = externalReference === undefined ? '' : `, comment "Reference: ${externalReference}"`;
    return `Call ${OPERATIONS.requestRecording.keys.mcp} with direction "REQUEST", email "${email}"${comment}. ScreenRec e-mails them the invitation.`;
  }
  if (!offersLink) {
    return (
      `ScreenRec can reach the person here only by e-mail: ask me for their e-mail address, then call ${OPERATIONS.requestRecording.keys.mcp} ` +
      'with direction "REQUEST" and that email.'
    );
  }
  const argument =
    externalReference === undefined
      ? 'an externalReference you ask me for (a ticket or conversation ID)'
      : `externalReference "${externalReference}"`;
  return `Call ${OPERATIONS.createRecordingLink.keys.mcp} with ${argument}, and give me the url it returns to send to the person (ScreenRec sends no e-mail).`;
}

function reviewRecordingsText({ from, to }: z.output<typeof ReviewRecordingsArguments>): string {
  const period = to === undefined ? `created since ${from}` : `created from ${from} to ${to}`;
  const filters = `createdDateFrom "${from}"${to === undefined ? '' : `, createdDateTo "${to}"`}`;
  return [
    `Review the ScreenRec recordings ${period}.`,
    `1. Call ${OPERATIONS.findRecordings.keys.mcp} with ${filters} and limit ${MAX_PAGE_SIZE}. While its result has a nextCursor, call it again with that cursor and the same filters, until you have them all.`,
    '2. Tell me how many there are, how many are COMPLETED (the video is ready) and how many are still open, then list them newest first: ' +
      'created date, status, direction, tags, external reference and comment.',
    '3. Point out what may need me: requests still NEW or under way for several days.',
    `For a recording I want to watch, call ${OPERATIONS.getVideoUrl.keys.mcp} with its ID (the link expires after about an hour: ask again rather than reuse it); ` +
      `${OPERATIONS.getRecording.keys.mcp} shows one recording in full.`,
  ].join('\n');
}
