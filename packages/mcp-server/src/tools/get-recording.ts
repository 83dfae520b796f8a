import { Recording } from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { RecordingId } from '../schemas';
import { TOOL_ICONS } from '../icons';
import { defineTool } from './tool';

export const getRecordingTool = defineTool({
  name: 'get_recording',
  title: 'Get recording',
  description:
    'Get one ScreenRec recording by its ID: its status (NEW, RECORDING, REVIEWING, PROCESSING, COMPLETED), tags, ' +
    'internal comment, creation date and, for recordings made through a link, its page URL and external reference.',
  serviceInterface: 'rest',
  input: z.strictObject({ recordingId: RecordingId }),
  output: Recording,
  annotations: { readOnlyHint: true, openWorldHint: false },
  icons: TOOL_ICONS.recording,
  showsCard: true,
  async run({ recordingId }, call, connections) {
    const recording = await connections.rest().getRecording(recordingId, call);
    return { structured: recording, text: `Recording ${describeRecording(recording)}.` };
  },
});
