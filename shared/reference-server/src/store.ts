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
import { LIMITS } from './limits';
import { RecordingIndex } from './recording-index';
import { hashSecret, newId, newSecret } from './secrets';
import { TagIndex } from './tag-index';
import type { HookProvider, RecordingDirection, RecordingStatus } from './wire';

/** The whole state, as the journal's first line holds it (version 1 files were this alone, on one line). */
export interface Snapshot {
  version: 1 | 2;
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

/**
 * One change, as the journal records it: the new value of one entity, or its removal. Replaying the changes in
 * order over the snapshot they follow rebuilds the state (see `Store.apply`).
 */
export type StoreChange =
  | { kind: 'workspace'; value: Workspace }
  | { kind: 'apiKey'; value: ApiKey }
  | { kind: 'integration'; value: Integration }
  | { kind: 'issuedToken'; value: IssuedToken }
  | { kind: 'recording'; value: Recording }
  | { kind: 'recordingDeleted'; id: string }
  | { kind: 'subscription'; value: Subscription }
  | { kind: 'subscriptionDeleted'; id: string }
  | { kind: 'mail'; value: OutboxMail }
  | { kind: 'delivery'; value: Delivery }
  | { kind: 'deliveryDeleted'; id: string }
  | { kind: 'demo'; value: DemoCredentials };

export interface StoreLimits {
  outboxEntries: number;
  deliveryLogEntries: number;
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
  onChange: (change: StoreChange) => void = () => {};
  demo: DemoCredentials | null = null;
  readonly outbox: OutboxMail[] = [];
  private readonly deliveriesById = new Map<string, Delivery>();

  private readonly workspaces = new Map<string, Workspace>();
  private readonly apiKeysById = new Map<string, ApiKey>();
  private readonly apiKeysByHash = new Map<string, ApiKey>();
  private readonly integrations = new Map<string, Integration>();
  private readonly issuedTokens = new Map<string, IssuedToken>();
  private readonly recordingsById = new Map<string, Recording>();
  private readonly recordingsByWorkspace = new Map<string, Recording[]>();
  private readonly tagIndexes = new Map<string, TagIndex>();
  private readonly recordingIndexes = new Map<string, RecordingIndex>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly subscriptionCounts = new Map<string, number>();

  constructor(
    readonly signingKey: string = newSecret(''),
    private readonly limits: StoreLimits = { outboxEntries: LIMITS.outboxEntries, deliveryLogEntries: LIMITS.deliveryLogEntries },
  ) {}

  /** The delivery log, oldest first. */
  get deliveries(): Delivery[] {
    return [...this.deliveriesById.values()];
  }

  // Workspaces

  addWorkspace(name: string): Workspace {
    const workspace: Workspace = { id: newId(), name, ownerUserId: newId(), apiAccess: false, subscription: 'ACTIVE' };
    this.workspaces.set(workspace.id, workspace);
    this.onChange({ kind: 'workspace', value: workspace });
    return workspace;
  }

  workspace(id: string): Workspace | undefined {
    return this.workspaces.get(id);
  }

  updateWorkspace(workspace: Workspace, patch: WorkspacePatch): Workspace {
    if (patch.name !== undefined) workspace.name = patch.name;
    if (patch.apiAccess !== undefined) workspace.apiAccess = patch.apiAccess;
    if (patch.subscription !== undefined) workspace.subscription = patch.subscription;
    this.onChange({ kind: 'workspace', value: workspace });
    return workspace;
  }

  // API keys

  addApiKey(workspaceId: string, expiresAt: string | null): { key: ApiKey; secret: string } {
    const secret = newSecret('srk_');
    const key: ApiKey = { id: newId(), workspaceId, hash: hashSecret(secret), expiresAt, revoked: false };
    this.indexApiKey(key);
    this.onChange({ kind: 'apiKey', value: key });
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
    this.onChange({ kind: 'apiKey', value: key });
    return true;
  }

  // Integrations and backend tokens

  /** The Setup button: connects the integration, or rotates its token (the old one becomes "replaced"). */
  setupIntegration(workspaceId: string, provider: HookProvider): string {
    const token = newSecret('srt_');
    const hash = hashSecret(token);
    const issued: IssuedToken = { hash, workspaceId, provider };
    const integration: Integration = { workspaceId, provider, currentTokenHash: hash, connected: true };
    this.issuedTokens.set(hash, issued);
    this.integrations.set(integrationKey(workspaceId, provider), integration);
    this.onChange({ kind: 'issuedToken', value: issued });
    this.onChange({ kind: 'integration', value: integration });
    return token;
  }

  disconnectIntegration(workspaceId: string, provider: HookProvider): boolean {
    const integration = this.integrations.get(integrationKey(workspaceId, provider));
    if (integration === undefined || !integration.connected) return false;
    integration.connected = false;
    this.onChange({ kind: 'integration', value: integration });
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
    this.onChange({ kind: 'recording', value: recording });
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
    if (changes.tags !== undefined) this.retag(recording, dedupe(changes.tags));
    if (changes.comment !== undefined) recording.comment = changes.comment;
    this.onChange({ kind: 'recording', value: recording });
    return recording;
  }

  setStatus(recording: Recording, status: RecordingStatus, video?: StoredVideo): Recording {
    if (status !== recording.status) this.recordingIndex(recording.workspaceId).moveStatus(recording, status);
    recording.status = status;
    if (video !== undefined) recording.video = video;
    this.onChange({ kind: 'recording', value: recording });
    return recording;
  }

  /** The file names of every stored video (to tell leftovers apart at start). */
  videoFileNames(): string[] {
    const names: string[] = [];
    for (const recording of this.recordingsById.values()) if (recording.video !== undefined) names.push(recording.video.fileName);
    return names;
  }

  /** True while the recording is in the store (not deleted since it was looked up). */
  holds(recording: Recording): boolean {
    return this.recordingsById.get(recording.id) === recording;
  }

  deleteRecording(recording: Recording): void {
    if (!this.holds(recording)) return;
    this.unindexRecording(recording);
    this.onChange({ kind: 'recordingDeleted', id: recording.id });
  }

  private unindexRecording(recording: Recording): void {
    this.recordingsById.delete(recording.id);
    const list = this.recordingsByWorkspace.get(recording.workspaceId);
    const index = list === undefined ? -1 : binarySearchIndex(list, recording);
    if (list !== undefined && index >= 0) list.splice(index, 1);
    this.recordingIndex(recording.workspaceId).remove(recording);
    this.tagIndex(recording.workspaceId).remove(recording.tags);
  }

  /** Unique tags of the workspace containing `query`, case-insensitive; a blank query matches nothing. */
  searchTags(workspaceId: string, query: string): string[] {
    return this.tagIndexes.get(workspaceId)?.search(query) ?? [];
  }

  // Callback subscriptions

  addSubscription(workspaceId: string, provider: HookProvider, callback: string): Subscription {
    const subscription: Subscription = { id: newId(), workspaceId, provider, callback };
    this.putSubscription(subscription);
    this.onChange({ kind: 'subscription', value: subscription });
    return subscription;
  }

  /** How many callback subscriptions the (workspace, provider) integration has. */
  subscriptionCount(workspaceId: string, provider: HookProvider): number {
    return this.subscriptionCounts.get(integrationKey(workspaceId, provider)) ?? 0;
  }

  /** Removes a subscription of this integration; false when it is unknown or belongs to another one. */
  removeSubscription(workspaceId: string, provider: HookProvider, subscriptionId: string): boolean {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription === undefined || subscription.workspaceId !== workspaceId || subscription.provider !== provider) return false;
    this.dropSubscription(subscriptionId);
    return true;
  }

  dropSubscription(subscriptionId: string): void {
    if (this.deleteSubscription(subscriptionId)) this.onChange({ kind: 'subscriptionDeleted', id: subscriptionId });
  }

  private putSubscription(subscription: Subscription): void {
    if (this.subscriptions.has(subscription.id)) return;
    this.subscriptions.set(subscription.id, subscription);
    const key = integrationKey(subscription.workspaceId, subscription.provider);
    this.subscriptionCounts.set(key, (this.subscriptionCounts.get(key) ?? 0) + 1);
  }

  private deleteSubscription(subscriptionId: string): boolean {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription === undefined) return false;
    this.subscriptions.delete(subscriptionId);
    const key = integrationKey(subscription.workspaceId, subscription.provider);
    this.subscriptionCounts.set(key, (this.subscriptionCounts.get(key) ?? 1) - 1);
    return true;
  }

  subscriptionsOf(workspaceId: string): Subscription[] {
    return [...this.subscriptions.values()].filter((subscription) => subscription.workspaceId === workspaceId);
  }

  // Outbox and delivery log

  /** Keeps the newest `outboxEntries` mails (replaying the journal trims the same way, so no removal is recorded). */
  mail(message: OutboxMail): void {
    this.pushMail(message);
    this.onChange({ kind: 'mail', value: message });
  }

  private pushMail(message: OutboxMail): void {
    this.outbox.push(message);
    if (this.outbox.length > this.limits.outboxEntries) this.outbox.splice(0, this.outbox.length - this.limits.outboxEntries);
  }

  /** Keeps at most `deliveryLogEntries` deliveries: the oldest finished ones go first; pending ones are never dropped. */
  addDelivery(delivery: Delivery): void {
    this.deliveriesById.set(delivery.id, delivery);
    this.onChange({ kind: 'delivery', value: delivery });
    let excess = this.deliveriesById.size - this.limits.deliveryLogEntries;
    if (excess <= 0) return;
    for (const old of this.deliveriesById.values()) {
      if (excess <= 0) break;
      if (old.state === 'PENDING') continue;
      this.deliveriesById.delete(old.id);
      this.onChange({ kind: 'deliveryDeleted', id: old.id });
      excess--;
    }
  }

  delivery(id: string): Delivery | undefined {
    return this.deliveriesById.get(id);
  }

  updateDelivery(delivery: Delivery, changes: Partial<Pick<Delivery, 'attempts' | 'state' | 'lastError' | 'payload'>>): void {
    Object.assign(delivery, changes);
    // A delivery dropped from the log while its attempt ran is not brought back.
    if (this.deliveriesById.get(delivery.id) === delivery) this.onChange({ kind: 'delivery', value: delivery });
  }

  setDemo(demo: DemoCredentials): void {
    this.demo = demo;
    this.onChange({ kind: 'demo', value: demo });
  }

  // Persistence

  snapshot(): Snapshot {
    return {
      version: 2,
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

  /** Replays one journal line; the live state's own methods made it, so it is applied without a new change. */
  apply(change: StoreChange): void {
    switch (change.kind) {
      case 'workspace':
        this.workspaces.set(change.value.id, change.value);
        return;
      case 'apiKey':
        this.indexApiKey(change.value);
        return;
      case 'integration':
        this.integrations.set(integrationKey(change.value.workspaceId, change.value.provider), change.value);
        return;
      case 'issuedToken':
        this.issuedTokens.set(change.value.hash, change.value);
        return;
      case 'recording': {
        const current = this.recordingsById.get(change.value.id);
        if (current === undefined) this.indexRecording(change.value);
        else this.replaceRecording(current, change.value);
        return;
      }
      case 'recordingDeleted': {
        const current = this.recordingsById.get(change.id);
        if (current !== undefined) this.unindexRecording(current);
        return;
      }
      case 'subscription':
        this.putSubscription(change.value);
        return;
      case 'subscriptionDeleted':
        this.deleteSubscription(change.id);
        return;
      case 'mail':
        this.pushMail(change.value);
        return;
      case 'delivery': {
        const current = this.deliveriesById.get(change.value.id);
        if (current === undefined) this.deliveriesById.set(change.value.id, change.value);
        else Object.assign(current, change.value);
        return;
      }
      case 'deliveryDeleted':
        this.deliveriesById.delete(change.id);
        return;
      case 'demo':
        this.demo = change.value;
        return;
    }
  }

  /** Brings an indexed recording to a later version of itself, keeping its place in creation order. */
  private replaceRecording(current: Recording, next: Recording): void {
    if (next.status !== current.status) this.recordingIndex(current.workspaceId).moveStatus(current, next.status);
    this.retag(current, next.tags);
    Object.assign(current, next);
  }

  private retag(recording: Recording, tags: string[]): void {
    const tagIndex = this.tagIndex(recording.workspaceId);
    tagIndex.remove(recording.tags);
    this.recordingIndex(recording.workspaceId).replaceTags(recording, tags);
    recording.tags = tags;
    tagIndex.add(recording.tags);
  }

  private tagIndex(workspaceId: string): TagIndex {
    let index = this.tagIndexes.get(workspaceId);
    if (index === undefined) this.tagIndexes.set(workspaceId, (index = new TagIndex()));
    return index;
  }

  static restore(snapshot: Snapshot, limits?: StoreLimits): Store {
    const store = new Store(snapshot.signingKey, limits);
    for (const workspace of snapshot.workspaces) store.workspaces.set(workspace.id, workspace);
    for (const key of snapshot.apiKeys) store.indexApiKey(key);
    for (const integration of snapshot.integrations) store.integrations.set(integrationKey(integration.workspaceId, integration.provider), integration);
    for (const token of snapshot.issuedTokens) store.issuedTokens.set(token.hash, token);
    for (const recording of snapshot.recordings) store.indexRecording(recording);
    for (const subscription of snapshot.subscriptions) store.putSubscription(subscription);
    for (const mail of snapshot.outbox) store.pushMail(mail);
    for (const delivery of snapshot.deliveries) store.deliveriesById.set(delivery.id, delivery);
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
    this.tagIndex(recording.workspaceId).add(recording.tags);
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
