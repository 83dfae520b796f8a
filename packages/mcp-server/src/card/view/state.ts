import { Recording, Uuid } from 'screenrec/portable';
import * as z from 'zod/v4';

/** A tool result as the host hands it to the card (the MCP CallToolResult, read only as far as the card needs). */
export const ToolResult = z.looseObject({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).default([]),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});
export type ToolResult = z.input<typeof ToolResult>;

// The structured results of the tools that declare the card, as far as the card shows them: a recording
// (get_recording, create_recording_request, update_recording), a wait (wait_for_recording), a video link
// (get_video_url) and a recording page link (create_recording_link).
const WaitResult = z.looseObject({ recording: Recording });
const VideoResult = z.looseObject({ recordingId: Uuid, videoUrl: z.url({ protocol: /^https?$/ }) });
const LinkResult = z.looseObject({ url: z.url({ protocol: /^https?$/ }), recordingId: Uuid.nullable() });

/** What the card shows: whatever of the recording is known, and the video once there is a link to it. */
export interface CardState {
  recordingId?: string;
  recording?: Recording;
  videoUrl?: string;
  /** The recording page to send to the person who records (create_recording_link). */
  pageUrl?: string;
  /** A failed call's message, as the model reads it. */
  error?: string;
}

export const UNREADABLE_RESULT = 'This result is not a ScreenRec recording the card can show.';

/** The card's state after a tool result, on top of what it knew (a video link keeps the recording already shown). */
export function stateAfter(previous: CardState, value: unknown): CardState {
  const parsed = ToolResult.safeParse(value);
  if (!parsed.success) return { ...previous, error: UNREADABLE_RESULT };
  const result = parsed.data;
  if (result.isError === true) {
    const text = result.content
      .map((block) => block.text ?? '')
      .join('\n')
      .trim();
    return { ...previous, error: text === '' ? UNREADABLE_RESULT : text };
  }
  const structured = result.structuredContent;
  const wait = WaitResult.safeParse(structured);
  if (wait.success) return recordingState(previous, wait.data.recording);
  const video = VideoResult.safeParse(structured);
  if (video.success)
    return { ...sameRecording(previous, video.data.recordingId), recordingId: video.data.recordingId, videoUrl: video.data.videoUrl };
  const link = LinkResult.safeParse(structured);
  if (link.success) {
    const id = link.data.recordingId ?? undefined;
    return { ...(id === undefined ? {} : { recordingId: id }), pageUrl: link.data.url };
  }
  const recording = Recording.safeParse(structured);
  if (recording.success) return recordingState(previous, recording.data);
  return { ...previous, error: UNREADABLE_RESULT };
}

function recordingState(previous: CardState, recording: Recording): CardState {
  const kept = sameRecording(previous, recording.id);
  // A link stays valid while the recording stays completed; any other status means there is no video to show.
  return {
    ...(kept.pageUrl === undefined ? {} : { pageUrl: kept.pageUrl }),
    ...(kept.videoUrl === undefined || recording.status !== 'COMPLETED' ? {} : { videoUrl: kept.videoUrl }),
    recordingId: recording.id,
    recording,
  };
}

/** What is still true of the card's recording when a result about `recordingId` comes in; nothing of another one. */
function sameRecording(previous: CardState, recordingId: string): CardState {
  if (previous.recordingId?.toLowerCase() !== recordingId.toLowerCase()) return {};
  const { error: _error, ...kept } = previous;
  return kept;
}

/** The card should ask for a video link: the recording is completed and the card has none yet. */
export function needsVideoLink(state: CardState): boolean {
  return state.error === undefined && state.videoUrl === undefined && state.recording?.status === 'COMPLETED';
}
