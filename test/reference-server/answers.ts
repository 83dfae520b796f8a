// The service's answers as the reference server produces them, read from SPEC.md beside src/wire.ts (which keeps the
// requests, and the recording every answer shows): wire-agreement.test.ts checks that core reads them all.
import { z } from 'zod';
import { FieldError, HttpUrl, RecordingAnswer, Uuid } from '../../shared/reference-server/src/wire';

export * from '../../shared/reference-server/src/wire';

/** SPEC 4.1.2. */
export const RecordingPageAnswer = z.strictObject({
  content: z.array(RecordingAnswer),
  totalElements: z.int().min(0),
  totalPages: z.int().min(0),
});
/** SPEC 4.1.3. */
export const PresignAnswer = z.strictObject({ url: HttpUrl });
/** SPEC 4.1.5. */
export const TagSearchAnswer = z.strictObject({ result: z.array(z.string()) });
/** SPEC 4.2.1 to 4.2.4. */
export const PingAnswer = z.strictObject({ status: z.literal('success'), workspace: z.string() });
export const HookRecordingAnswer = z.strictObject({ url: HttpUrl });
export const SubscribeAnswer = z.strictObject({ subscriptionId: Uuid });
export const UnsubscribeAnswer = z.strictObject({ status: z.literal('success') });
/** SPEC 6. */
export const VideoReadyNotification = z.strictObject({ result: HttpUrl });
/** SPEC 7.1 (and DESIGN.md's REST errors): `{"message": …}`. */
export const MessageAnswer = z.strictObject({ message: z.string() });
/** SPEC 7.2: errors answered with status 200. */
export const HookErrorAnswer = z.strictObject({ error: z.string() });
export const ValidationErrorAnswer = z.strictObject({ message: z.literal('Bad request'), errors: z.array(FieldError) });
