import type { Icon } from '@modelcontextprotocol/server';
import {
  OPERATIONS,
  inputKey,
  recordingLabel,
  type BoundedCall,
  type CatalogueOperation,
  type InputName,
  type InputValues,
  type OperationClients,
  type OperationName,
} from 'screenrec';
import * as z from 'zod';
import { noteVideoLink } from '../card/video-origins';
import { NotConfiguredError, notConfiguredMessage, type Connections } from '../connections';
import { describeRecording } from './describe';
import { TOOL_ICONS } from '../icons';
import { fromOperation, toolShape } from './catalogue';
import { defineTool, type Tool, type ToolContext, type ToolPause } from './tool';

type Operations = typeof OPERATIONS;
type InputOf<Name extends OperationName> = Operations[Name] extends CatalogueOperation<infer Inputs> ? InputValues<Inputs> : never;
type ResultOf<Name extends OperationName> = z.output<Operations[Name]['output']>;
type AnyInput = InputValues<readonly InputName[]>;

/** What MCP adds to an operation the catalogue performs: all of it optional, so a new operation needs none of it. */
interface McpSide<Input = AnyInput, Result = Record<string, unknown>> {
  icons?: Icon[];
  /** Its result is a recording or a video link: a client with MCP Apps shows it in the recording card. */
  showsCard?: true;
  /** It reaches beyond ScreenRec (someone gets an e-mail). */
  openWorld?: true;
  /** How the tool fits with the other tools, for the model: added to the catalogue's description. */
  guidance?: string;
  /** Asks the user first: the question, or why it stopped; nothing when the call may go ahead. */
  confirm?(input: Input, call: BoundedCall, connections: Connections, context: ToolContext): Promise<ToolPause | undefined>;
  /** The line a model reads beside the structured result (and what the server keeps from it). */
  report?(result: Result, input: Input, connections: Connections): string;
}

const MCP_SIDE: { [Name in OperationName]?: McpSide<InputOf<Name>, ResultOf<Name>> } = {
  createRecordingLink: {
    icons: TOOL_ICONS.link,
    showsCard: true,
    guidance:
      'Give an externalReference (your ticket or conversation ID) so the recording can be matched later: get_recording and ' +
      'find_recordings show it. With detailsError the link was created all the same: do not create another.',
    report: ({ url, recordingId, detailsError }, { externalReference }) =>
      `Recording link for "${externalReference ?? ''}"${recordingId === null ? '' : ` (recording ${recordingId})`}: ${url}` +
      (detailsError === null ? '' : ` ${detailsError}`),
  },
  requestRecording: {
    icons: TOOL_ICONS.request,
    showsCard: true,
    openWorld: true,
    guidance:
      'wait_for_recording waits until the person has recorded; get_recording or find_recordings show its status at any time, ' +
      'and get_video_url gives the video once it is COMPLETED.',
    report: (recording, { email }) =>
      `Created recording ${describeRecording(recording)}.${email === undefined ? '' : ` ScreenRec e-mailed the invitation to ${email}.`}`,
  },
  getRecording: {
    icons: TOOL_ICONS.recording,
    showsCard: true,
    report: (recording) => `Recording ${describeRecording(recording)}.`,
  },
  getVideoUrl: {
    icons: TOOL_ICONS.video,
    showsCard: true,
    guidance: 'Works once the recording is COMPLETED (wait_for_recording waits for that).',
    report: ({ recordingId, videoUrl }, _, connections) => {
      noteVideoLink(connections, videoUrl);
      return `Video of recording ${recordingId} (temporary link): ${videoUrl}`;
    },
  },
  deleteRecording: {
    icons: TOOL_ICONS.delete,
    guidance:
      'This cannot be undone. The user is asked to confirm, with the recording named, when the MCP client can ask; ' +
      'otherwise confirm with the user first yourself (get_recording shows what it is).',
    async confirm({ recordingId = '' }, call, connections, context) {
      const confirmation = context.confirmation();
      if (confirmation === 'declined')
        return { declined: `Not deleted: the user declined to delete recording ${recordingId}. Nothing was deleted.` };
      if (confirmation !== 'unasked') return undefined;
      // The question names the recording as the user knows it, so it is read first.
      const recording = await connections.rest().getRecording(recordingId, call);
      return {
        ask: `Delete this ScreenRec recording and its video for good? ${recordingLabel(recording, localTimeZone())}. This cannot be undone.`,
      };
    },
    report: (recording) => `Deleted this recording and its video: ${describeRecording(recording)}.`,
  },
};

/**
 * The tool for an operation the catalogue performs the same way on every platform: its name, title, description,
 * arguments, result and hints all come from the catalogue, and MCP adds only what MCP_SIDE says.
 */
export function regularTool(name: OperationName): Tool {
  const operation: CatalogueOperation = OPERATIONS[name];
  const { perform, output } = operation;
  if (perform === undefined || !(output instanceof z.ZodObject)) {
    throw new Error(`${name} is not performed alike everywhere, or gives no object: write its MCP tool out in src/tools/`);
  }
  // Each entry is typed for its own operation; this one function serves them all.
  const side: McpSide = MCP_SIDE[name] ?? {};
  // A tool answers one object: a list comes as its items.
  const { toolOutput, answerOf } =
    operation.many === true
      ? {
          toolOutput: z.object({ items: z.array(output).describe(`${operation.returns}.`) }),
          answerOf: (performed: unknown) => ({ items: performed }),
        }
      : { toolOutput: output, answerOf: (performed: unknown) => performed };
  return defineTool({
    ...fromOperation(operation, side.guidance, side.openWorld),
    serviceInterface: operation.uses === 'hook' ? 'hook' : 'rest',
    input: z.strictObject(toolShape(operation.inputs, operation.required)),
    output: toolOutput,
    icons: side.icons ?? TOOL_ICONS.recording,
    ...(side.showsCard ? { showsCard: true } : {}),
    async run(args, call, connections, context) {
      const input = catalogueInput(operation.inputs, args);
      const pause = await side.confirm?.(input, call, connections, context);
      if (pause !== undefined) return pause;
      const performed: unknown = await perform(operationClients(connections, call), input, call);
      const result = toolOutput.parse(answerOf(performed));
      return { structured: result, text: side.report?.(result, input, connections) ?? `${operation.name}: ${JSON.stringify(result)}` };
    },
  });
}

/** The server's connections as the catalogue's call takes them; a missing setting is the tool's own error. */
function operationClients(connections: Connections, call: BoundedCall): OperationClients {
  return {
    rest: () => connections.rest(),
    hook: () => {
      if (connections.hook === undefined) throw new NotConfiguredError(notConfiguredMessage(['SCREENREC_BACKEND_TOKEN is not set']));
      return connections.hook().client(call);
    },
    restIfSetUp: () => {
      try {
        return connections.rest();
      } catch (error) {
        // Without the REST settings there is nothing to look up, and nothing went wrong.
        if (error instanceof NotConfiguredError) return undefined;
        throw error;
      }
    },
  };
}

/** The arguments under the catalogue's input names, which `perform` reads (MCP released some under others). */
function catalogueInput(inputs: readonly InputName[], args: Record<string, unknown>): AnyInput {
  // The arguments were checked against the catalogue's own schemas (toolShape): each holds its input's value.
  return Object.fromEntries(
    inputs.flatMap((name) => (args[inputKey(name, 'mcp')] === undefined ? [] : [[name, args[inputKey(name, 'mcp')]]])),
  );
}

/** The server runs on the user's machine (stdio, loopback HTTP): its zone is the user's. */
function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
