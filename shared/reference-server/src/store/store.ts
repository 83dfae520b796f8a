import { randomUUID as newId } from 'node:crypto';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { LIMITS } from '../limits';
import { ALWAYS_ANSWERED_TEXTS, ANSWERED_WHEN_SET, initialTexts, MARK_NAMES, setFields, TEXT_FIELD_NAMES } from '../recording-fields';
import type { MarkName, RecordingMarks, TextValues } from '../recording-fields';
import type { ApiKey, Delivery, DemoCredentials, Integration, OutboxMail, Recording, StoredVideo, Subscription, Workspace } from '../model';
import { hashSecret, newSecret } from '../secrets';
import { CONTROL_CHARACTER, type HookProvider, type RecordingAnswer, type RecordingStatus } from '../wire';
import { openDatabase } from './database';
import { PageMemo } from './page-memo';
import { listQuery, type RecordingQuery } from './recording-list';

const DEFAULT_LIMITS = {
  outboxEntries: LIMITS.outboxEntries,
  deliveryLogEntries: LIMITS.deliveryLogEntries,
  listPageBytes: LIMITS.listPageMemoBytes,
};
export type StoreLimits = Record<keyof typeof DEFAULT_LIMITS, number>;

export type TokenResolution =
  | { kind: 'never-issued' }
  | { kind: 'replaced' }
  | { kind: 'current'; integration: Integration; workspace: Workspace };
export type CurrentToken = Extract<TokenResolution, { kind: 'current' }>;

/** An API key that was issued, and its workspace (undefined if the workspace is gone). */
type KeyAccess = { key: ApiKey; workspace: Workspace | undefined };

export type NewRecording = Pick<Recording, 'workspaceId' | 'direction'> &
  Partial<Pick<Recording, 'tags' | 'notifications'>> &
  TextValues &
  RecordingMarks;
const WORKSPACE_SETTINGS = ['name', 'apiAccess', 'subscription'] as const;

/** The whole state in SQLite (database.ts), a transaction a method; entities come back fresh (resolved credentials: frozen). */
export class Store {
  readonly signingKey: string;
  private readonly statements = new Map<string, StatementSync>();
  /** Resolved credentials by hash (each call needs one); emptied by each credential write, filled only outside a transaction. */
  private readonly currentTokens = new Map<string, CurrentToken>();
  private readonly issuedKeys = new Map<string, KeyAccess>();
  private readonly pages: PageMemo;

  private constructor(
    private readonly db: DatabaseSync,
    private readonly limits: StoreLimits,
  ) {
    this.pages = new PageMemo(limits.listPageBytes);
    const key = this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', 'signingKey')?.value;
    this.signingKey = key ?? newSecret('');
    if (key === undefined) this.run('INSERT INTO meta (key, value) VALUES (?, ?)', 'signingKey', this.signingKey);
  }

  /** The state in `dataFile` (created when missing), or a fresh one in memory. */
  static open(dataFile?: string, limits: Partial<StoreLimits> = {}): Store {
    return new Store(openDatabase(dataFile), { ...DEFAULT_LIMITS, ...limits });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Runs `change` as one transaction (one commit, however many writes), or inside the one already open. */
  transaction<T>(change: () => T): T {
    if (this.db.isTransaction) return change();
    // Prepared once, like every statement here: exec() would compile them again at each call.
    this.run('BEGIN IMMEDIATE');
    try {
      const result = change();
      this.run('COMMIT');
      return result;
    } catch (error) {
      this.run('ROLLBACK');
      throw error;
    }
  }

  addWorkspace(name: string): Workspace {
    const workspace: Workspace = { id: newId(), name, ownerUserId: newId(), apiAccess: false, subscription: 'ACTIVE' };
    this.forgetCredentials();
    this.run('INSERT INTO workspaces (id, data) VALUES (?, ?)', workspace.id, JSON.stringify(workspace));
    return workspace;
  }

  workspace(id: string): Workspace | undefined {
    return this.parsed<Workspace>('SELECT data FROM workspaces WHERE id = ?', id);
  }

  updateWorkspace(workspace: Workspace, patch: Partial<Pick<Workspace, (typeof WORKSPACE_SETTINGS)[number]>>): Workspace {
    Object.assign(workspace, setFields(patch, WORKSPACE_SETTINGS));
    this.forgetCredentials();
    this.run('UPDATE workspaces SET data = ? WHERE id = ?', JSON.stringify(workspace), workspace.id);
    return workspace;
  }

  addApiKey(workspaceId: string, expiresAt: string | null): { key: ApiKey; secret: string } {
    const secret = newSecret('srk_');
    const key: ApiKey = { id: newId(), workspaceId, hash: hashSecret(secret), expiresAt, revoked: false };
    this.forgetCredentials();
    this.run('INSERT INTO api_keys (id, hash, data) VALUES (?, ?, ?)', key.id, key.hash, JSON.stringify(key));
    return { key, secret };
  }

  /** The key with this secret and its workspace, if the key was ever issued (revoked and expired ones included). */
  apiKeyAccess(secret: string): KeyAccess | undefined {
    // Looked up by SHA-256 hash: timing can tell at most how a hash starts, which does not help find a key.
    const hash = hashSecret(secret);
    const known = this.issuedKeys.get(hash);
    if (known !== undefined) return known;
    const found = this.get<{ key: string; workspace: string | null }>(
      "SELECT k.data AS key, w.data AS workspace FROM api_keys AS k LEFT JOIN workspaces AS w ON w.id = k.data ->> '$.workspaceId' WHERE k.hash = ?",
      hash,
    );
    if (found === undefined) return undefined;
    const workspace = found.workspace === null ? undefined : (JSON.parse(found.workspace) as Workspace);
    return this.remember(this.issuedKeys, hash, { key: JSON.parse(found.key) as ApiKey, workspace });
  }

  revokeApiKey(workspaceId: string, keyId: string): boolean {
    const key = this.parsed<ApiKey>('SELECT data FROM api_keys WHERE id = ?', keyId);
    if (key === undefined || key.workspaceId !== workspaceId || key.revoked) return false;
    this.forgetCredentials();
    this.run('UPDATE api_keys SET data = ? WHERE id = ?', JSON.stringify({ ...key, revoked: true }), keyId);
    return true;
  }

  /** The Setup button: connects the integration, or rotates its token (the old one becomes "replaced"). */
  setupIntegration(workspaceId: string, provider: HookProvider): string {
    const token = newSecret('srt_');
    const hash = hashSecret(token);
    this.transaction(() => {
      this.run('INSERT INTO issued_tokens (hash, workspace_id, provider) VALUES (?, ?, ?)', hash, workspaceId, provider);
      this.putIntegration({ workspaceId, provider, currentTokenHash: hash, connected: true });
    });
    return token;
  }

  disconnectIntegration(workspaceId: string, provider: HookProvider): boolean {
    const sql = 'SELECT data FROM integrations WHERE workspace_id = ? AND provider = ?';
    const integration = this.parsed<Integration>(sql, workspaceId, provider);
    if (integration === undefined || !integration.connected) return false;
    this.putIntegration({ ...integration, connected: false });
    return true;
  }

  /** Every token ever issued is kept (as its hash), so that a replaced one can be told apart from one never issued. */
  resolveToken(provider: HookProvider, token: string): TokenResolution {
    const hash = hashSecret(token);
    const known = this.currentTokens.get(hash);
    if (known?.integration.provider === provider) return known;
    const found = this.get<{ provider: string; integration: string | null; workspace: string | null }>(
      'SELECT t.provider, i.data AS integration, w.data AS workspace FROM issued_tokens AS t LEFT JOIN integrations AS i USING (workspace_id, provider) LEFT JOIN workspaces AS w ON w.id = t.workspace_id WHERE t.hash = ?',
      hash,
    );
    if (found === undefined || found.provider !== provider) return { kind: 'never-issued' };
    const integration = found.integration === null ? undefined : (JSON.parse(found.integration) as Integration);
    if (integration === undefined || found.workspace === null || integration.currentTokenHash !== hash) return { kind: 'replaced' };
    return this.remember(this.currentTokens, hash, { kind: 'current', integration, workspace: JSON.parse(found.workspace) as Workspace });
  }

  private putIntegration(integration: Integration): void {
    this.forgetCredentials();
    const sql = 'INSERT OR REPLACE INTO integrations (workspace_id, provider, data) VALUES (?, ?, ?)';
    this.run(sql, integration.workspaceId, integration.provider, JSON.stringify(integration));
  }

  addRecording(input: NewRecording): Recording {
    const workspace = this.workspace(input.workspaceId);
    if (workspace === undefined) throw new Error(`no workspace ${input.workspaceId}`);
    // Creation order is createdDate order even if the clock steps back, so sorting by date keeps creation order.
    const last =
      this.get<{ last: number | null }>('SELECT max(created_ms) AS last FROM recordings WHERE workspace_id = ?', workspace.id)?.last ?? 0;
    const createdMs = Math.max(Date.now(), last);
    const recording: Recording = {
      id: newId(),
      workspaceId: workspace.id,
      userId: workspace.ownerUserId,
      direction: input.direction,
      status: 'NEW',
      tags: [...new Set(input.tags ?? [])],
      notifications: input.notifications ?? [],
      ...initialTexts(input),
      createdDate: new Date(createdMs).toISOString(),
      createdMs,
      ...setFields(input, MARK_NAMES),
    };
    this.pages.clear();
    const { id, workspaceId, userId, direction, status } = recording;
    const columns = [id, workspaceId, userId, direction, status, createdMs, JSON.stringify(recording), viewHead(recording)];
    const sql =
      'INSERT INTO recordings (id, workspace_id, user_id, direction, status, created_ms, data, view) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';
    this.run(sql, ...columns);
    return recording;
  }

  recording(id: string): Recording | undefined {
    return this.parsed<Recording>('SELECT data FROM recordings WHERE id = ?', id);
  }

  recordingCount(workspaceId: string): number {
    return this.get<{ count: number }>('SELECT recordings AS count FROM workspaces WHERE id = ?', workspaceId)?.count ?? 0;
  }

  /** A list page's bytes, joined by SQLite (one value, not a row a recording), kept until a recording changes (page-memo.ts). */
  listPage(workspaceId: string, query: RecordingQuery, pageBase: string): Uint8Array {
    const key = `${workspaceId} ${pageBase} ${JSON.stringify(query)}`;
    const kept = this.pages.get(key);
    if (kept !== undefined) return kept;
    const { count, page, parameters, pageParameters, pageSize } = listQuery(workspaceId, query);
    const totalElements = this.get<{ count: number }>(count, ...parameters)!.count;
    const totals = `],"totalElements":${totalElements},"totalPages":${Math.ceil(totalElements / pageSize)}}`;
    const sql = `SELECT CAST('{"content":[' || coalesce(group_concat(view || ? || id || '"}', ','), '') || ? AS BLOB) AS body FROM (${page})`;
    const body = this.get<{ body: Uint8Array }>(sql, `,"url":${pageBase}`, totals, ...parameters, ...pageParameters)!.body;
    if (!this.db.isTransaction) this.pages.keep(key, body);
    return body;
  }

  updateRecording(recording: Recording, changes: { tags?: string[] } & TextValues): Recording {
    if (changes.tags !== undefined) recording.tags = [...new Set(changes.tags)];
    Object.assign(recording, setFields(changes, TEXT_FIELD_NAMES));
    return this.saveRecording(recording);
  }

  /** Sets one of the recording's marks (recording-fields.ts), as an operation on the recording does. */
  markRecording<Name extends MarkName>(recording: Recording, name: Name, value: Required<RecordingMarks>[Name]): Recording {
    Object.assign(recording, { [name]: value });
    return this.saveRecording(recording);
  }

  setStatus(recording: Recording, status: RecordingStatus, video?: StoredVideo): Recording {
    recording.status = status;
    if (video !== undefined) recording.video = video;
    return this.saveRecording(recording);
  }

  /** The file names of every stored video (to tell leftovers apart at start). */
  videoFileNames(): string[] {
    const sql = "SELECT data ->> '$.video.fileName' AS name FROM recordings WHERE data ->> '$.video' IS NOT NULL";
    return this.all<{ name: string }>(sql).map((row) => row.name);
  }

  deleteRecording(recording: Recording): void {
    this.pages.clear();
    this.run('DELETE FROM recordings WHERE id = ?', recording.id);
  }

  /** Unique tags containing `query`, any case, sorted; a blank query, or one with a control character (no tag has one), finds none. */
  searchTags(workspaceId: string, query: string): string[] {
    const needle = query.trim().toLowerCase();
    if (needle === '' || CONTROL_CHARACTER.test(needle)) return [];
    // 3+ characters: the trigram index first (CROSS JOIN), then each one's workspace; fewer: every tag. JavaScript decides case.
    const candidates =
      needle.length >= 3
        ? this.all<{ tag: string }>(
            'SELECT w.tag FROM tag_search CROSS JOIN workspace_tags AS w ON w.rowid = tag_search.rowid WHERE tag_search MATCH ? AND w.workspace_id = ?',
            `"${needle.replaceAll('"', '""')}"`,
            workspaceId,
          )
        : this.all<{ tag: string }>('SELECT tag FROM workspace_tags WHERE workspace_id = ?', workspaceId);
    return candidates
      .map((row) => row.tag)
      .filter((tag) => tag.toLowerCase().includes(needle))
      .sort();
  }

  private saveRecording(recording: Recording): Recording {
    this.pages.clear();
    const sql = 'UPDATE recordings SET status = ?, data = ?, view = ? WHERE id = ?';
    this.run(sql, recording.status, JSON.stringify(recording), viewHead(recording), recording.id);
    return recording;
  }

  addSubscription(workspaceId: string, provider: HookProvider, callback: string): Subscription {
    const subscription: Subscription = { id: newId(), workspaceId, provider, callback };
    const sql = 'INSERT INTO subscriptions (id, workspace_id, provider, data) VALUES (?, ?, ?, ?)';
    this.run(sql, subscription.id, workspaceId, provider, JSON.stringify(subscription));
    return subscription;
  }

  subscriptionCount(workspaceId: string, provider: HookProvider): number {
    const sql = 'SELECT count(*) AS count FROM subscriptions WHERE workspace_id = ? AND provider = ?';
    return this.get<{ count: number }>(sql, workspaceId, provider)!.count;
  }

  /** Removes a subscription of this integration; false when it is unknown or belongs to another one. */
  removeSubscription(workspaceId: string, provider: HookProvider, subscriptionId: string): boolean {
    const sql = 'DELETE FROM subscriptions WHERE id = ? AND workspace_id = ? AND provider = ?';
    return this.run(sql, subscriptionId, workspaceId, provider).changes > 0;
  }

  /** After a 410: the subscription goes, and its deliveries not sent yet become DROPPED, with `reason` as their lastError. */
  dropSubscription(subscriptionId: string, reason: string): void {
    const drop = `UPDATE deliveries SET state = 'DROPPED', data = json_set(data, '$.state', 'DROPPED', '$.lastError', ?)
      WHERE state = 'PENDING' AND data ->> '$.subscriptionId' = ?`;
    this.transaction(() => {
      this.run('DELETE FROM subscriptions WHERE id = ?', subscriptionId);
      this.run(drop, reason, subscriptionId);
    });
  }

  hasSubscription(subscriptionId: string): boolean {
    return this.get('SELECT 1 FROM subscriptions WHERE id = ?', subscriptionId) !== undefined;
  }

  subscriptionsOf(workspaceId: string): Subscription[] {
    return this.parsedAll<Subscription>('SELECT data FROM subscriptions WHERE workspace_id = ? ORDER BY seq', workspaceId);
  }

  /** The newest `outboxEntries` mails, oldest first. */
  get outbox(): OutboxMail[] {
    return this.parsedAll<OutboxMail>('SELECT data FROM outbox ORDER BY seq');
  }

  mail(message: OutboxMail): void {
    this.transaction(() => {
      const { seq } = this.get<{ seq: number }>('INSERT INTO outbox (data) VALUES (?) RETURNING seq', JSON.stringify(message))!;
      this.run('DELETE FROM outbox WHERE seq <= ?', seq - this.limits.outboxEntries);
    });
  }

  get deliveries(): Delivery[] {
    return this.parsedAll<Delivery>('SELECT data FROM deliveries ORDER BY seq');
  }

  /** Keeps at most `deliveryLogEntries` deliveries: the oldest finished ones go first; pending ones are never dropped. */
  addDelivery(delivery: Delivery): void {
    this.transaction(() => {
      this.run('INSERT INTO deliveries (id, state, data) VALUES (?, ?, ?)', delivery.id, delivery.state, JSON.stringify(delivery));
      // Constant time however long the log: its size is kept by triggers, its finished entries are indexed.
      const excess = this.get<{ entries: number }>('SELECT entries FROM delivery_log_size')!.entries - this.limits.deliveryLogEntries;
      if (excess > 0)
        this.run("DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE state <> 'PENDING' ORDER BY seq LIMIT ?)", excess);
    });
  }

  /** A delivery dropped from the log while its attempt ran is not brought back. */
  updateDelivery(delivery: Delivery, changes: Partial<Pick<Delivery, 'attempts' | 'state' | 'lastError' | 'payload'>>): void {
    Object.assign(delivery, changes);
    this.run('UPDATE deliveries SET state = ?, data = ? WHERE id = ?', delivery.state, JSON.stringify(delivery), delivery.id);
  }

  get demo(): DemoCredentials | null {
    const value = this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', 'demo')?.value;
    return value === undefined ? null : (JSON.parse(value) as DemoCredentials);
  }

  setDemo(demo: DemoCredentials): void {
    this.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', 'demo', JSON.stringify(demo));
  }

  /** Keeps `value` (frozen, so no caller can change what the next one gets) unless a transaction is open. */
  private remember<T extends object>(memo: Map<string, T>, hash: string, value: T): T {
    if (this.db.isTransaction) return value;
    memo.set(hash, deepFreeze(value));
    return value;
  }

  private forgetCredentials(): void {
    this.currentTokens.clear();
    this.issuedKeys.clear();
  }

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  private run(sql: string, ...values: SQLInputValue[]) {
    return this.statement(sql).run(...values);
  }

  private get<T>(sql: string, ...values: SQLInputValue[]): T | undefined {
    return this.statement(sql).get(...values) as T | undefined;
  }

  private all<T>(sql: string, ...values: SQLInputValue[]): T[] {
    return this.statement(sql).all(...values) as T[];
  }

  private parsed<T>(sql: string, ...values: SQLInputValue[]): T | undefined {
    return this.parsedAll<T>(sql, ...values)[0];
  }

  private parsedAll<T>(sql: string, ...values: SQLInputValue[]): T[] {
    return this.all<{ data: string }>(sql, ...values).map((row) => JSON.parse(row.data) as T);
  }
}

/** A recording as every API answer shows it (wire.ts's RecordingAnswer), but for its page `url`. */
export function recordingView(recording: Recording): Omit<RecordingAnswer, 'url'> {
  const { id, direction, status, tags, notifications, createdDate, userId } = recording;
  const answeredAlways = setFields(recording, ALWAYS_ANSWERED_TEXTS);
  return { id, direction, status, tags, notifications, ...answeredAlways, createdDate, userId, ...setFields(recording, ANSWERED_WHEN_SET) };
}

/** The view's JSON but its closing brace, kept beside the recording: a list page joins these and each one's `url`. */
function viewHead(recording: Recording): string {
  return JSON.stringify(recordingView(recording)).slice(0, -1);
}

function deepFreeze<T extends object>(value: T): T {
  for (const member of Object.values(value)) if (typeof member === 'object' && member !== null) deepFreeze(member as object);
  return Object.freeze(value);
}
