import type { Recording } from 'screenrec';

/** One line a model can act on: the id, state, when, and what identifies the recording to a person. */
export function describeRecording(recording: Recording): string {
  const parts = [`${recording.id}: ${recording.status}`];
  if (recording.direction !== undefined) parts.push(recording.direction);
  if (recording.createdDate !== undefined) parts.push(`created ${recording.createdDate}`);
  parts.push(recording.tags.length > 0 ? `tags ${recording.tags.join(', ')}` : 'no tags');
  if (recording.externalReference !== undefined) parts.push(`reference "${recording.externalReference}"`);
  if (recording.comment) parts.push(`comment "${shorten(recording.comment, 80)}"`);
  if (recording.url !== undefined) parts.push(`page ${recording.url}`);
  return parts.join(', ');
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
