import type { HookProvider, RecordingDirection, RecordingStatus } from '@screenrec/core';
import type {
  ApiKey,
  Delivery,
  DemoCredentials,
  Integration,
  IssuedToken,
  Notification,
  OutboxMail,
  Recording,
  StoredVideo,
  Subscription,
  Workspace,
  WorkspaceSubscriptionState,
} from './model';
import { RecordingIndex } from './recording-index';
import { hashSecret, newId, newSecret } from './secrets';

export interface Snapshot {
  version: 1;
  signingKey: string;
  workspaces: Workspace[];
  apiKeys: ApiKey[];
  integrations: Integration[];
  issuedTokens: IssuedToken[];
  /** In creation order within each workspace. */
  recordings: Recording[];
  subscriptions: Subscription[];
  outbox: OutboxMail[];
  deliveries: Delivery[];
  demo: DemoCredentials | null;
}

export type TokenResolution =
  | { kind: 'never-issued' }
  | { kind: 'replaced' }
  | { kind: 'current'; integration: Integration; workspace: Workspace };

export interface NewRecording {
  workspaceId: string;
  direction: RecordingDirection;
  tags?: string[];
  notifications?: Notification[];
  comment?: string;
  externalReference?: string;
}

export interface WorkspacePatch {
  name?: string;
  apiAccess?: boolean;
  subscription?: WorkspaceSubscriptionState;
}

/**
 * The whole state, in memory, with the indexes the API needs: recordings per workspace in creation
 * order (so listing never re-sorts), tag counts per workspace (so tag search never scans recordings) and a
 * RecordingIndex per workspace (so a filtered list never scans them either).
 * Every mutation calls `onChange`, which the server wires to the snapshot file.
 */
export class Store {
  onChange: () => void = () => {};
  demo: DemoCredentials | null = null;
  readonly outbox: OutboxMail[] = [];
  readonly deliveries: Delivery[] = [];

  private readonly workspaces = new Map<string, Workspace>();
  private readonly apiKeysById = new Map<string, ApiKey>();
  private readonly apiKeysByHash = new Map<string, ApiKey>();
  private readonly integrations = new Map<string, Integration>();
  private readonly issuedTokens = new Map<string, IssuedToken>();
  private readonly recordingsById = new Map<string, Recording>();
  private readonly recordingsByWorkspace = new Map<string, Recording[]>();
  private readonly tagCounts = new Map<string, Map<string, number>>();
  private readonly recordingIndexes = new Map<string, RecordingIndex>();
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(readonly signingKey: string = newSecret('')) {}

  // Workspaces

  addWorkspace(name: string): Workspace {
    const workspace: Workspace = { id: newId(), name, ownerUserId: newId(), apiAccess: false, subscription: 'ACTIVE' };
    this.workspaces.set(workspace.id, workspace);
    this.onChange();
    return workspace;
  }

  workspace(id: string): Workspace | undefined {
    return this.workspaces.get(id);
  }

  updateWorkspace(workspace: Workspace, patch: WorkspacePatch): Workspace {
    if (patch.name !== undefined) workspace.name = patch.name;
    if (patch.apiAccess !== undefined) workspace.apiAccess = patch.apiAccess;
    if (patch.subscription !== undefined) workspace.subscription = patch.subscription;
    this.onChange();
    return workspace;
  }

  // API keys

  addApiKey(workspaceId: string, expiresAt: string | null): { key: ApiKey; secret: string } {
    const secret = newSecret('srk_');
    const key: ApiKey = { id: newId(), workspaceId, hash: hashSecret(secret), expiresAt, revoked: false };
    this.indexApiKey(key);
    this.onChange();
    return { key, secret };
  }

  /** The key with this secret, if it was ever issued (revoked and expired ones included). */
  apiKeyBySecret(secret: string): ApiKey | undefined {
    // Looked up by SHA-256 hash: timing can tell at most how a hash starts, which does not help find a key.
    return this.apiKeysByHash.get(hashSecret(secret));
  }

  revokeApiKey(workspaceId: string, keyId: string): boolean {
    const key = this.apiKeysById.get(keyId);
    if (key === undefined || key.workspaceId !== workspaceId || key.revoked) return false;
    key.revoked = true;
    this.onChange();
    return true;
  }

  // Integrations and backend tokens

  /** The Setup button: connects the integration, or rotates its token (the old one becomes "replaced"). */
  setupIntegration(workspaceId: string, provider: HookProvider): string {
    const token = newSecret('srt_');
    const hash = hashSecret(token);
    this.issuedTokens.set(hash, { hash, workspaceId, provider });
    this.integrations.set(integrationKey(workspaceId, provider), { workspaceId, provider, currentTokenHash: hash, connected: true });
    this.onChange();
    return token;
  }

  disconnectIntegration(workspaceId: string, provider: HookProvider): boolean {
    const integration = this.integrations.get(integrationKey(workspaceId, provider));
    if (integration === undefined || !integration.connected) return false;
    integration.connected = false;
    this.onChange();
    return true;
  }

  resolveToken(provider: HookProvider, token: string): TokenResolution {
    const hash = hashSecret(token);
    const issued = this.issuedTokens.get(hash);
    if (issued === undefined || issued.provider !== provider) return { kind: 'never-issued' };
    const integration = this.integrations.get(integrationKey(issued.workspaceId, provider));
    const workspace = this.workspaces.get(issued.workspaceId);
    if (integration === undefined || workspace === undefined || integration.currentTokenHash !== hash) return { kind: 'replaced' };
    return { kind: 'current', integration, workspace };
  }

  // Recordings

  addRecording(input: NewRecording): Recording {
    const workspace = this.workspaces.get(input.workspaceId);
    if (workspace === undefined) throw new Error(`no workspace ${input.workspaceId}`);
    // Creation order is createdDate order even if the clock steps back, so lists never need sorting.
    const createdMs = Math.max(Date.now(), this.recordingsOf(workspace.id).at(-1)?.createdMs ?? 0);
    const recording: Recording = {
      id: newId(),
      workspaceId: workspace.id,
      userId: workspace.ownerUserId,
      direction: input.direction,
      status: 'NEW',
      tags: dedupe(input.tags ?? []),
      notifications: input.notifications ?? [],
      comment: input.comment ?? '',
      createdDate: new Date(createdMs).toISOString(),
      createdMs,
      ...(input.externalReference === undefined ? {} : { externalReference: input.externalReference }),
    };
    this.indexRecording(recording);
    this.onChange();
    return recording;
  }

  recording(id: string): Recording | undefined {
    return this.recordingsById.get(id);
  }

  /** The workspace's recordings in creation (= createdDate) order. Do not mutate. */
  recordingsOf(workspaceId: string): readonly Recording[] {
    return this.recordingsByWorkspace.get(workspaceId) ?? [];
  }

  /** The filters' posting lists of the workspace's recordings (see recording-query.ts). */
  recordingIndex(workspaceId: string): RecordingIndex {
    let index = this.recordingIndexes.get(workspaceId);
    if (index === undefined) this.recordingIndexes.set(workspaceId, (index = new RecordingIndex()));
    return index;
  }

  updateRecording(recording: Recording, changes: { tags?: string[]; comment?: string }): Recording {
    if (changes.tags !== undefined) {
      this.countTags(recording.workspaceId, recording.tags, -1);
      const tags = dedupe(changes.tags);
      this.recordingIndex(recording.workspaceId).replaceTags(recording, tags);
      recording.tags = tags;
      this.countTags(recording.workspaceId, recording.tags, +1);
    }
    if (changes.comment !== undefined) recording.comment = changes.comment;
    this.onChange();
    return recording;
  }

  setStatus(recording: Recording, status: RecordingStatus, video?: StoredVideo): Recording {
    if (status !== recording.status) this.recordingIndex(recording.workspaceId).moveStatus(recording, status);
    recording.status = status;
    if (video !== undefined) recording.video = video;
    this.onChange();
    return recording;
  }

  deleteRecording(recording: Recording): void {
    this.recordingsById.delete(recording.id);
    const list = this.recordingsByWorkspace.get(recording.workspaceId);
    const index = list === undefined ? -1 : binarySearchIndex(list, recording);
    if (list !== undefined && index >= 0) list.splice(index, 1);
    this.recordingIndex(recording.workspaceId).remove(recording);
    this.countTags(recording.workspaceId, recording.tags, -1);
    this.onChange();
  }

  /** Unique tags of the workspace containing `query`, case-insensitive; a blank query matches nothing. */
  searchTags(workspaceId: string, query: string): string[] {
    const needle = query.trim().toLowerCase();
    if (needle === '') return [];
    const counts = this.tagCounts.get(workspaceId);
    if (counts === undefined) return [];
    return [...counts.keys()].filter((tag) => tag.toLowerCase().includes(needle)).sort();
  }

  // Callback subscriptions

  addSubscription(workspaceId: string, provider: HookProvider, callback: string): Subscription {
    const subscription: Subscription = { id: newId(), workspaceId, provider, callback };
    this.subscriptions.set(subscription.id, subscription);
    this.onChange();
    return subscription;
  }

  /** Removes a subscription of this integration; false when it is unknown or belongs to another one. */
  removeSubscription(workspaceId: string, provider: HookProvider, subscriptionId: string): boolean {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription === undefined || subscription.workspaceId !== workspaceId || subscription.provider !== provider) return false;
    this.subscriptions.delete(subscriptionId);
    this.onChange();
    return true;
  }

  dropSubscription(subscriptionId: string): void {
    if (this.subscriptions.delete(subscriptionId)) this.onChange();
  }

  subscriptionsOf(workspaceId: string): Subscription[] {
    return [...this.subscriptions.values()].filter((subscription) => subscription.workspaceId === workspaceId);
  }

  // Outbox and delivery log

  mail(message: OutboxMail): void {
    this.outbox.push(message);
    this.onChange();
  }

  addDelivery(delivery: Delivery): void {
    this.deliveries.push(delivery);
    this.onChange();
  }

  updateDelivery(delivery: Delivery, changes: Partial<Pick<Delivery, 'attempts' | 'state' | 'lastError'>>): void {
    Object.assign(delivery, changes);
    this.onChange();
  }

  // Persistence

  snapshot(): Snapshot {
    return {
      version: 1,
      signingKey: this.signingKey,
      workspaces: [...this.workspaces.values()],
      apiKeys: [...this.apiKeysById.values()],
      integrations: [...this.integrations.values()],
      issuedTokens: [...this.issuedTokens.values()],
      recordings: [...this.recordingsByWorkspace.values()].flat(),
      subscriptions: [...this.subscriptions.values()],
      outbox: this.outbox,
      deliveries: this.deliveries,
      demo: this.demo,
    };
  }

  static restore(snapshot: Snapshot): Store {
    const store = new Store(snapshot.signingKey);
    for (const workspace of snapshot.workspaces) store.workspaces.set(workspace.id, workspace);
    for (const key of snapshot.apiKeys) store.indexApiKey(key);
    for (const integration of snapshot.integrations) store.integrations.set(integrationKey(integration.workspaceId, integration.provider), integration);
    for (const token of snapshot.issuedTokens) store.issuedTokens.set(token.hash, token);
    for (const recording of snapshot.recordings) store.indexRecording(recording);
    for (const subscription of snapshot.subscriptions) store.subscriptions.set(subscription.id, subscription);
    store.outbox.push(...snapshot.outbox);
    store.deliveries.push(...snapshot.deliveries);
    store.demo = snapshot.demo;
    return store;
  }

  private indexApiKey(key: ApiKey): void {
    this.apiKeysById.set(key.id, key);
    this.apiKeysByHash.set(key.hash, key);
  }

  private indexRecording(recording: Recording): void {
    this.recordingsById.set(recording.id, recording);
    let list = this.recordingsByWorkspace.get(recording.workspaceId);
    if (list === undefined) this.recordingsByWorkspace.set(recording.workspaceId, (list = []));
    list.push(recording);
    this.recordingIndex(recording.workspaceId).add(recording);
    this.countTags(recording.workspaceId, recording.tags, +1);
  }

  private countTags(workspaceId: string, tags: readonly string[], delta: 1 | -1): void {
    let counts = this.tagCounts.get(workspaceId);
    if (counts === undefined) this.tagCounts.set(workspaceId, (counts = new Map()));
    for (const tag of tags) {
      const count = (counts.get(tag) ?? 0) + delta;
      if (count > 0) counts.set(tag, count);
      else counts.delete(tag);
    }
  }
}

function integrationKey(workspaceId: string, provider: HookProvider): string {
  return `${workspaceId}/${provider}`;
}

function dedupe(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

/** Index of `recording` in a list sorted by createdMs (ties possible), or -1. */
function binarySearchIndex(list: readonly Recording[], recording: Recording): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]!.createdMs < recording.createdMs) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < list.length && list[index]!.createdMs === recording.createdMs; index++) {
    if (list[index] === recording) return index;
  }
  return -1;
}
