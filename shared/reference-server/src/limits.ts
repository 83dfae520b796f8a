/** Every number the server enforces, as docs/design.md's "Limits" fixes them; text fields' lengths are in recording-fields.ts. */
export const LIMITS = {
  hookBodyBytes: 64 * 1024,
  restBodyBytes: 1024 * 1024,
  tagsPerRecording: 50,
  tagLength: 100,
  emailLength: 254,
  notificationsPerRecording: 20,
  subscriptionsPerIntegration: 1_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  failedAuthPerMinute: 20,
  /** Not in the table: how much of the outbox and the delivery log is kept (oldest dropped first). */
  outboxEntries: 1_000,
  deliveryLogEntries: 10_000,
  /** Not in the table: callback POSTs under way at once (10,000 at once would exhaust file descriptors, here and there). */
  deliveriesInFlight: 2_048,
  /** Not in the table: how many bytes of list pages are kept for the next identical request. */
  listPageMemoBytes: 8 * 1024 * 1024,
  /** A participant upload is exempt from the 30 s request limit; it gets this long instead (and must not stall). */
  uploadTimeoutMs: 15 * 60_000,
  /** Not in the table: how much of an unread body, and how long, a lingering close drops (lingering-close.ts). */
  lingerBytes: 8 * 1024 * 1024,
  lingerMs: 5_000,
} as const;

export const DEFAULT_TIMEOUTS = {
  headersMs: LIMITS.headersTimeoutMs,
  requestMs: LIMITS.requestTimeoutMs,
  keepAliveMs: LIMITS.keepAliveTimeoutMs,
  uploadMs: LIMITS.uploadTimeoutMs,
};
export type Timeouts = Record<keyof typeof DEFAULT_TIMEOUTS, number>;

export const SUBSCRIPTION_LIMIT_MESSAGE =
  `Subscription limit reached: an integration can have at most ${LIMITS.subscriptionsPerIntegration.toLocaleString('en-US')} callback subscriptions. ` +
  'Turn off automations you no longer use (each one unsubscribes), then try again.';
