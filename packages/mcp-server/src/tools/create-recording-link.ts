import { cleanTags, createdRecordingDetails, type RestClient } from '@screenrec/core';
import { z } from 'zod';
import { NotConfiguredError, notConfiguredMessage, type Connections } from '../connections';
import { TOOL_ICONS } from '../icons';
import { ExternalReference, Tags } from '../schemas';
import { defineTool } from './tool';

export const createRecordingLink = defineTool({
  name: 'create_recording_link',
  title: 'Create recording link',
  description:
    'Create a recording request and get the link to its recording page, to send to the person who should record ' +
    'their screen (in a chat, e-mail or ticket reply). ScreenRec sends no e-mail. Give an externalReference ' +
    '(your ticket or conversation ID) so the recording can be matched later: get_recording and find_recordings show it.',
  serviceInterface: 'hook',
  input: z.strictObject({
    externalReference: ExternalReference,
    tags: Tags.describe('Labels for the recording, such as a team or topic ("support").').optional(),
  }),
  output: z.object({
    url: z.string().describe('The recording page: the person opens it to record their screen.'),
    recordingId: z
      .string()
      .nullable()
      .describe("The new recording's ID, for get_recording and get_video_url; null when it is not known (see detailsError)."),
    detailsError: z
      .string()
      .nullable()
      .describe(
        'Why recordingId is null when the lookup failed (the link was created all the same: do not create another); null otherwise.',
      ),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  icons: TOOL_ICONS.link,
  showsCard: true,
  async run({ externalReference, tags }, call, connections) {
    if (connections.hook === undefined) throw new NotConfiguredError(notConfiguredMessage(['SCREENREC_BACKEND_TOKEN is not set']));
    const hook = await connections.hook().client(call);
    const { url } = await hook.createRecordingLink({ externalReference, ...(tags === undefined ? {} : { tags: cleanTags(tags) }) }, call);
    // Core looks the recording up and turns a failure into detailsError: the link exists, a retry would make another.
    const details = await createdRecordingDetails(restIfSetUp(connections), url, externalReference, call);
    const id = details.recordingId === null ? '' : ` (recording ${details.recordingId})`;
    const why = details.detailsError === null ? '' : ` ${details.detailsError}`;
    return {
      structured: { url, recordingId: details.recordingId, detailsError: details.detailsError },
      text: `Recording link for "${externalReference}"${id}: ${url}${why}`,
    };
  },
});

/** The REST client when its settings are there; without them there is nothing to look up (and nothing went wrong). */
function restIfSetUp(connections: Connections): RestClient | undefined {
  try {
    return connections.rest() as RestClient;
  } catch (error) {
    if (error instanceof NotConfiguredError) return undefined;
    throw error;
  }
}
