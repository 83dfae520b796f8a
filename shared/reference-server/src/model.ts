import type { z } from 'zod';
import type { RecordingMarks, RecordingTexts } from './recording-fields';
import type { HookProvider, NotificationRequest, RecordingDirection, RecordingStatus } from './wire';

export const WORKSPACE_SUBSCRIPTION_STATES = ['ACTIVE', 'EXPIRED', 'CANCELED'] as const;

export interface Workspace {
  id: string;
  name: string;
  ownerUserId: string;
  apiAccess: boolean;
  subscription: (typeof WORKSPACE_SUBSCRIPTION_STATES)[number];
}

/** Only the hash of a key is kept; the key itself is shown once, at creation. */
export interface ApiKey {
  id: string;
  workspaceId: string;
  hash: string;
  /** ISO timestamp, or null for a perpetual key. */
  expiresAt: string | null;
  revoked: boolean;
}

/** A (workspace, provider) connection. Its current token is the last one Setup issued. */
export interface Integration {
  workspaceId: string;
  provider: HookProvider;
  currentTokenHash: string;
  connected: boolean;
}

export interface StoredVideo {
  fileName: string;
  contentType: string;
  size: number;
}

export interface Recording extends RecordingTexts, RecordingMarks {
  id: string;
  workspaceId: string;
  userId: string;
  direction: RecordingDirection;
  status: RecordingStatus;
  tags: string[];
  notifications: z.output<typeof NotificationRequest>[];
  createdDate: string;
  /** createdDate in epoch milliseconds, for filtering without re-parsing. */
  createdMs: number;
  video?: StoredVideo;
}

export interface Subscription {
  id: string;
  workspaceId: string;
  provider: HookProvider;
  callback: string;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export interface Delivery {
  id: string;
  subscriptionId: string;
  recordingId: string;
  callback: string;
  payload: { result: string };
  attempts: number;
  /** GONE: answered 410; DROPPED: not sent, its subscription was removed first (by a 410 to another delivery, or unsubscribed). */
  state: 'PENDING' | 'DELIVERED' | 'FAILED' | 'GONE' | 'DROPPED';
  lastError: string | null;
  /** 1 for the notification; 2, 3… for the repeats --deliveries-per-notification adds (absent in older data files: 1). */
  copy?: number;
}

/** The credentials printed for the demo workspace, kept so a restart with --data prints the same ones. */
export interface DemoCredentials {
  workspaceId: string;
  tokens: Record<HookProvider, string>;
  apiKey: string;
}
