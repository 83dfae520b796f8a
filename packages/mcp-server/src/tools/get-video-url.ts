import { Uuid } from '@screenrec/core';
import { z } from 'zod';
import { noteVideoLink } from '../card/video-origins';
import { RecordingId } from '../schemas';
import { TOOL_ICONS } from '../icons';
import { defineTool } from './tool';

export const getVideoUrl = defineTool({
  name: 'get_video_url',
  title: 'Get video URL',
  description:
    "Get a fresh, temporary link to a recording's video file, to watch or download it. Works once the recording " +
    'is COMPLETED. The link expires (after about an hour): ask again rather than storing it.',
  serviceInterface: 'rest',
  input: z.strictObject({ recordingId: RecordingId }),
  output: z.object({
    recordingId: Uuid,
    videoUrl: z.string().describe('The temporary link to the video file.'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  icons: TOOL_ICONS.video,
  showsCard: true,
  async run({ recordingId }, call, connections) {
    const videoUrl = await connections.rest().getVideoUrl(recordingId, call);
    noteVideoLink(connections, videoUrl);
    return { structured: { recordingId, videoUrl }, text: `Video of recording ${recordingId} (temporary link): ${videoUrl}` };
  },
});
