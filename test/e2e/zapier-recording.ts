/** An instant as the service stamps it (UTC, milliseconds). */
export const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * What a Zap step outputs for a REQUEST recording that has no notifications and no comment: `fields`, and its
 * createdDate an instant.
 */
export const requestRecordingOutput = (fields: {
  id: unknown;
  status: string;
  tags: string[];
  userId: unknown;
  externalReference: string;
  url: unknown;
}) => ({
  direction: 'REQUEST',
  notifications: [],
  comment: '',
  createdDate: expect.stringMatching(ISO_INSTANT),
  ...fields,
});
