// The service's answers as the reference server produces them, read from docs/service-api.md beside src/wire.ts (which keeps the
// requests, and the recording every answer shows): wire-agreement.test.ts checks that core reads them all.
import { z } from 'zod';
import { FieldError, HttpUrl, RecordingAnswer, Uuid } from '../src/wire';

export * from '../src/wire';

/** docs/service-api.md, "REST API" (the list). */
export const RecordingPageAnswer = z.strictObject({
  content: z.array(RecordingAnswer),
  totalElements: z.int().min(0),
  totalPages: z.int().min(0),
});
/** docs/service-api.md, "REST API" (the video link). */
export const PresignAnswer = z.strictObject({ url: HttpUrl });
/** docs/service-api.md, "REST API" (tag search). */
export const TagSearchAnswer = z.strictObject({ result: z.array(z.string()) });
/** docs/service-api.md, "Automation hook". */
export const PingAnswer = z.strictObject({ status: z.literal('success'), workspace: z.string() });
export const HookRecordingAnswer = z.strictObject({ url: HttpUrl });
export const SubscribeAnswer = z.strictObject({ subscriptionId: Uuid });
export const UnsubscribeAnswer = z.strictObject({ status: z.literal('success') });
/** docs/service-api.md, "The video-ready notification". */
export const VideoReadyNotification = z.strictObject({ result: HttpUrl });
/** docs/service-api.md, "Errors" (and its last section for the REST API): `{"message": …}`. */
export const MessageAnswer = z.strictObject({ message: z.string() });
/** docs/service-api.md, "Errors": the hook's errors answered with status 200. */
export const HookErrorAnswer = z.strictObject({ error: z.string() });
export const ValidationErrorAnswer = z.strictObject({ message: z.literal('Bad request'), errors: z.array(FieldError) });
