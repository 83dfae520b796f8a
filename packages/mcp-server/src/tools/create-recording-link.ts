import { OPERATIONS, createdRecordingDetails, type RestClient } from 'screenrec';
import * as z from 'zod';
import { NotConfiguredError, notConfiguredMessage, type Connections } from '../connections';
import { TOOL_ICONS } from '../icons';
import { fromOperation, toolShape } from './catalogue';
import { defineTool } from './tool';

const operation = OPERATIONS.createRecordingLink;

/** Irregular: it goes through the hook, then looks the new recording up on the REST API when that is set up. */
export const createRecordingLink = defineTool({
  ...fromOperation(
    operation,
    'Give an externalReference (your ticket or conversation ID) so the recording can be matched later: get_recording and ' +
      'find_recordings show it. With detailsError the link was created all the same: do not create another.',
  ),
  serviceInterface: 'hook',
  input: z.strictObject(toolShape(operation.inputs, operation.required)),
  output: operation.output,
  icons: TOOL_ICONS.link,
  showsCard: true,
  async run({ externalReference, tags }, call, connections) {
    if (connections.hook === undefined) throw new NotConfiguredError(notConfiguredMessage(['SCREENREC_BACKEND_TOKEN is not set']));
    const hook = await connections.hook().client(call);
    const { url } = await hook.createRecordingLink({ externalReference, ...(tags === undefined ? {} : { tags }) }, call);
    // Core looks the recording up and turns a failure into detailsError: the link exists, a retry would make another.
    const details = await createdRecordingDetails(restIfSetUp(connections), url, externalReference, call);
    const id = details.recordingId === null ? '' : ` (recording ${details.recordingId})`;
    const why = details.detailsError === null ? '' : ` ${details.detailsError}`;
    return {
      structured: { url, ...details, externalReference, tags: tags ?? [] },
      text: `Recording link for "${externalReference}"${id}: ${url}${why}`,
    };
  },
});

/** The REST client when its settings are there; without them there is nothing to look up (and nothing went wrong). */
function restIfSetUp(connections: Connections): RestClient | undefined {
  try {
    return connections.rest();
  } catch (error) {
    if (error instanceof NotConfiguredError) return undefined;
    throw error;
  }
}
