import { LIMITS } from './limits';

/** The shape of one entry of a 400's `errors` (as replies.ts sends them). */
export interface FieldError {
  path: string;
  message: string;
}

export interface RecordingFields {
  tags?: readonly string[];
  comment?: string;
  email?: string;
  notifications?: ReadonlyArray<{ value: string }>;
}

const count = (value: number) => value.toLocaleString('en-US');

/** The Limits table's field limits, each failure naming its field (400 with errors[]). Empty when all hold. */
export function fieldLimitErrors(fields: RecordingFields, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const at = (path: string) => `${prefix}${path}`;
  if (fields.tags !== undefined) {
    if (fields.tags.length > LIMITS.tagsPerRecording) errors.push({ path: at('tags'), message: `must have at most ${LIMITS.tagsPerRecording} tags` });
    fields.tags.forEach((tag, index) => {
      if (tag.length > LIMITS.tagLength) errors.push({ path: at(`tags.${index}`), message: `must be at most ${LIMITS.tagLength} characters` });
    });
  }
  if (fields.comment !== undefined && fields.comment.length > LIMITS.commentLength) {
    errors.push({ path: at('comment'), message: `must be at most ${count(LIMITS.commentLength)} characters` });
  }
  if (fields.email !== undefined && fields.email.length > LIMITS.emailLength) {
    errors.push({ path: at('email'), message: `must be at most ${LIMITS.emailLength} characters` });
  }
  if (fields.notifications !== undefined) {
    if (fields.notifications.length > LIMITS.notificationsPerRecording) {
      errors.push({ path: at('notifications'), message: `must have at most ${LIMITS.notificationsPerRecording} entries` });
    }
    fields.notifications.forEach((notification, index) => {
      if (notification.value.length > LIMITS.emailLength) {
        errors.push({ path: at(`notifications.${index}.value`), message: `must be at most ${LIMITS.emailLength} characters` });
      }
    });
  }
  return errors;
}
