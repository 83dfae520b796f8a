import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';

/** Written into every database this server creates, so a SQLite file of another application is told apart. */
const APPLICATION_ID = 0x53524543; // "SREC"
const SQLITE_HEADER = 'SQLite format 3\0';

/** A recording's tags (`new`) entering recording_tags and the workspace's counts, or (`old`) leaving them. */
const TAGS_ADDED = `INSERT INTO recording_tags (workspace_id, tag, status, seq, id, user_id, direction, created_ms)
    SELECT new.workspace_id, value, new.status, new.seq, new.id, new.user_id, new.direction, new.created_ms FROM json_each(new.data, '$.tags');
  INSERT INTO workspace_tags (workspace_id, tag, uses) SELECT new.workspace_id, value, 1 FROM json_each(new.data, '$.tags') WHERE true
    ON CONFLICT DO UPDATE SET uses = uses + 1;`;
const TAGS_REMOVED = `DELETE FROM recording_tags WHERE seq = old.seq;
  UPDATE workspace_tags SET uses = uses - 1 WHERE workspace_id = old.workspace_id AND tag IN (SELECT value FROM json_each(old.data, '$.tags'));
  DELETE FROM workspace_tags WHERE workspace_id = old.workspace_id AND tag IN (SELECT value FROM json_each(old.data, '$.tags')) AND uses <= 0;`;

/** The tables (README.md, "The `--data` file"); triggers keep tag tables and counts in step: a recording's change is one statement. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS workspaces (id TEXT PRIMARY KEY, data TEXT NOT NULL, recordings INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE IF NOT EXISTS api_keys (id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, data TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS issued_tokens (hash TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, provider TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS integrations (workspace_id TEXT NOT NULL, provider TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (workspace_id, provider)) STRICT;
CREATE TABLE IF NOT EXISTS recordings (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, workspace_id TEXT NOT NULL, user_id TEXT NOT NULL, direction TEXT NOT NULL,
  status TEXT NOT NULL, created_ms INTEGER NOT NULL, data TEXT NOT NULL, view TEXT NOT NULL) STRICT;
CREATE INDEX IF NOT EXISTS recordings_by_date ON recordings (workspace_id, created_ms);
CREATE INDEX IF NOT EXISTS recordings_by_status ON recordings (workspace_id, status, created_ms);
CREATE TABLE IF NOT EXISTS recording_tags (
  workspace_id TEXT NOT NULL, tag TEXT NOT NULL, status TEXT NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL, user_id TEXT NOT NULL,
  direction TEXT NOT NULL, created_ms INTEGER NOT NULL, PRIMARY KEY (workspace_id, tag, status, seq)) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS recording_tags_of ON recording_tags (seq);
CREATE TABLE IF NOT EXISTS workspace_tags (rowid INTEGER PRIMARY KEY, workspace_id TEXT NOT NULL, tag TEXT NOT NULL, uses INTEGER NOT NULL, UNIQUE (workspace_id, tag)) STRICT;
CREATE VIRTUAL TABLE IF NOT EXISTS tag_search USING fts5 (tag, content = 'workspace_tags', content_rowid = 'rowid', tokenize = 'trigram');
CREATE TRIGGER IF NOT EXISTS tag_search_add AFTER INSERT ON workspace_tags BEGIN
  INSERT INTO tag_search (rowid, tag) VALUES (new.rowid, new.tag);
END;
CREATE TRIGGER IF NOT EXISTS tag_search_remove AFTER DELETE ON workspace_tags BEGIN
  INSERT INTO tag_search (tag_search, rowid, tag) VALUES ('delete', old.rowid, old.tag);
END;
CREATE TRIGGER IF NOT EXISTS recording_added AFTER INSERT ON recordings BEGIN
  ${TAGS_ADDED}
  UPDATE workspaces SET recordings = recordings + 1 WHERE id = new.workspace_id;
END;
CREATE TRIGGER IF NOT EXISTS recording_removed AFTER DELETE ON recordings BEGIN
  ${TAGS_REMOVED}
  UPDATE workspaces SET recordings = recordings - 1 WHERE id = old.workspace_id;
END;
CREATE TRIGGER IF NOT EXISTS recording_status_changed AFTER UPDATE OF status ON recordings WHEN old.status IS NOT new.status BEGIN
  UPDATE recording_tags SET status = new.status WHERE seq = new.seq;
END;
CREATE TRIGGER IF NOT EXISTS recording_retagged AFTER UPDATE OF data ON recordings WHEN old.data ->> '$.tags' IS NOT new.data ->> '$.tags' BEGIN
  ${TAGS_REMOVED}
  ${TAGS_ADDED}
END;
CREATE TABLE IF NOT EXISTS subscriptions (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, workspace_id TEXT NOT NULL, provider TEXT NOT NULL, data TEXT NOT NULL) STRICT;
CREATE INDEX IF NOT EXISTS subscriptions_of ON subscriptions (workspace_id, provider);
CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY, data TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS deliveries (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, state TEXT NOT NULL, data TEXT NOT NULL) STRICT;
CREATE INDEX IF NOT EXISTS deliveries_finished ON deliveries (seq) WHERE state <> 'PENDING';
CREATE TABLE IF NOT EXISTS delivery_log_size (entries INTEGER NOT NULL) STRICT;
INSERT INTO delivery_log_size SELECT count(*) FROM deliveries WHERE NOT EXISTS (SELECT 1 FROM delivery_log_size);
CREATE TRIGGER IF NOT EXISTS delivery_added AFTER INSERT ON deliveries BEGIN UPDATE delivery_log_size SET entries = entries + 1; END;
CREATE TRIGGER IF NOT EXISTS delivery_removed AFTER DELETE ON deliveries BEGIN UPDATE delivery_log_size SET entries = entries - 1; END;
`;

/** Loaded here, not imported, so that a Node without node:sqlite (before 22.5) is told what to run instead. */
function loadSqlite(): typeof import('node:sqlite') {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('node:sqlite') as typeof import('node:sqlite');
  } catch {
    throw new Error(
      `the reference server keeps its state in node:sqlite, which needs Node 22.5 or newer, and this is Node ${process.versions.node}. ` +
        'Start it with `npm start` or `npx screenrec-reference-server` from the repository (they run the Node 22 it pins), or with node_modules/.bin/node.',
    );
  }
}

/** In memory, or `path` in WAL mode, synchronous = NORMAL: an answered write survives a kill (README.md, "The `--data` file"). */
export function openDatabase(path: string | undefined): DatabaseSync {
  if (path !== undefined) refuseForeignFile(path);
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(path ?? ':memory:');
  try {
    const applicationId = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id;
    const tables = (db.prepare("SELECT count(*) AS count FROM sqlite_schema WHERE type = 'table'").get() as { count: number }).count;
    if (applicationId !== APPLICATION_ID && tables > 0)
      throw new Error(`${path} is a SQLite database of another application, not a ScreenRec reference-server data file`);
    if (path !== undefined) db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}; ${SCHEMA}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A file that is not SQLite (an earlier server's JSON journal, or anything else) is refused, and left untouched. */
function refuseForeignFile(path: string): void {
  if (!existsSync(path) || statSync(path).size === 0) return;
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === SQLITE_HEADER) return;
  if (head[0] === '{'.charCodeAt(0)) {
    throw new Error(
      `${path} is a data file of an earlier reference server (JSON lines), which this one cannot read: it keeps its state in SQLite. ` +
        `Move the file (and ${path}.videos) aside to start afresh with new demo credentials, or keep using the earlier server with it.`,
    );
  }
  throw new Error(
    `${path} is not a ScreenRec reference-server data file (not a SQLite database); give --data a new file name or move this one aside`,
  );
}
