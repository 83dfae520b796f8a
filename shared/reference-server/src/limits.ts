/**
 * The reference server's limits, as docs/design.md's "Limits" table fixes them (the service leaves them "not shown").
 * Every number the server enforces lives here, so the table and the code can be compared in one place, but for the
 * text fields' lengths, which are declared with the fields in recording-fields.ts.
 */
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
  /** Not in the table: how many bytes of list pages are kept for the next identical request. */
  listPageMemoBytes: 8 * 1024 * 1024,
  /** A participant upload is exempt from the 30 s request limit; it gets this long instead (and must not stall). */
  uploadTimeoutMs: 15 * 60_000,
  /**
   * Not in the table: after an answer given before the body was read, the connection keeps reading and discarding
   * at most this much of the body, for at most this long, so the client can read the answer (nginx's lingering close).
   */
  lingerBytes: 8 * 1024 * 1024,
  lingerMs: 5_000,
} as const;

/** The per-server timeouts; tests shorten them. */
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
