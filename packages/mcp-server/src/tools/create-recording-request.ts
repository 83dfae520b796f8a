import { Recording, cleanTags } from '@screenrec/core';
import { z } from 'zod';
import { describeRecording } from '../describe';
import { Comment, Direction, NotifyEmails, RecipientEmail, Tags } from '../schemas';
import { TOOL_ICONS } from '../icons';
import { defineTool } from './tool';

export const createRecordingRequest = defineTool({
  name: 'create_recording_request',
  title: 'Create recording request',
  description:
    'Create a new ScreenRec recording. With direction REQUEST (the default) and an email, ScreenRec e-mails that person ' +
    'an invitation to record their screen. Returns the new recording (status NEW) with its ID; use get_recording or ' +
    'find_recordings later to see whether it was recorded, and get_video_url once it is COMPLETED.',
  serviceInterface: 'rest',
  input: z.strictObject({
    direction: Direction.default('REQUEST'),
    email: RecipientEmail.optional(),
    tags: Tags.describe('Labels for the recording, such as a team or topic ("support", "onboarding").').optional(),
    notifyEmails: NotifyEmails.optional(),
    comment: Comment.optional(),
  }),
  output: Recording,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  icons: TOOL_ICONS.request,
  showsCard: true,
  async run({ direction, email, tags, notifyEmails, comment }, call, connections) {
    const recording = await connections.rest().requestRecording(
      {
        direction,
        ...(email === undefined ? {} : { email }),
        ...(tags === undefined ? {} : { tags: cleanTags(tags) }),
        ...(notifyEmails === undefined ? {} : { notifications: notifyEmails.map((value) => ({ type: 'EMAIL' as const, value })) }),
        ...(comment === undefined ? {} : { comment }),
      },
      call,
    );
    const invited = email === undefined ? '' : ` ScreenRec e-mailed the invitation to ${email}.`;
    return { structured: recording, text: `Created recording ${describeRecording(recording)}.${invited}` };
  },
});
