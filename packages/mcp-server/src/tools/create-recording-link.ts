import { cleanTags, type CallOptions } from '@screenrec/core';
import { z } from 'zod';
import { NotConfiguredError, notConfiguredMessage, type Connections } from '../connections';
import { ExternalReference, Tags } from '../schemas';
import { defineTool } from './tool';

export const createRecordingLink = defineTool({
  name: 'create_recording_link',
  title: 'Create recording link',
  description:
    'Create a recording request and get the link to its recording page, to send to the person who should record ' +
    'their screen (in a chat, e-mail or ticket reply). ScreenRec sends no e-mail. Give an externalReference ' +
    '(your ticket or conversation ID) so the recording can be matched later: get_recording and find_recordings show it.',
  side: 'hook',
  input: z.strictObject({
    externalReference: ExternalReference,
    tags: Tags.describe('Labels for the recording, such as a team or topic ("support").').optional(),
  }),
  output: z.object({
    url: z.string().describe('The recording page: the person opens it to record their screen.'),
    recordingId: z
      .string()
      .nullable()
      .describe("The new recording's ID, for get_recording and get_video_url; null when the REST API is not set up here or did not show it yet."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ externalReference, tags }, call, connections) {
    if (connections.hook === undefined) throw new NotConfiguredError(notConfiguredMessage(['SCREENREC_BACKEND_TOKEN is not set']));
    const hook = await connections.hook().client(call);
    const { url } = await hook.createRecordingLink({ externalReference, ...(tags === undefined ? {} : { tags: cleanTags(tags) }) }, call);
    const recordingId = await newRecordingId(url, externalReference, call, connections);
    const id = recordingId === null ? '' : ` (recording ${recordingId})`;
    return { structured: { url, recordingId }, text: `Recording link for "${externalReference}"${id}: ${url}` };
  },
});

/**
 * The hook answers only the page link; the REST API, when it is set up, names the recording behind it. The link
 * exists by now, so a failed lookup must not turn the call into a failure (the model would create another).
 */
async function newRecordingId(url: string, externalReference: string, call: CallOptions, connections: Connections): Promise<string | null> {
  try {
    return (await connections.rest().findCreatedRecording(url, externalReference, call))?.id ?? null;
  } catch {
    return null;
  }
}
