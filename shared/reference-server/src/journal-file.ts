import { existsSync, readFileSync } from 'node:fs';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Snapshot, StoreChange } from './store';

export interface JournalContents {
  snapshot: Snapshot;
  changes: StoreChange[];
}

/**
 * Reads what a previous run left: the snapshot on the first line, then one change per line. A last line cut short
 * by a crash (no newline, or not JSON) is a write that was never acknowledged, and is ignored; anything else that
 * does not parse means the file is not ours or is damaged, and the server refuses to start rather than guess.
 */
export function readJournal(path: string): JournalContents | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const snapshot = JSON.parse(lines[0]!) as Snapshot;
  if (snapshot.version !== 1 && snapshot.version !== 2) {
    throw new Error(`${path} is not a ScreenRec reference-server data file (version ${String(snapshot.version)})`);
  }
  const changes: StoreChange[] = [];
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '') continue;
    const last = index === lines.length - 1;
    try {
      changes.push(JSON.parse(line) as StoreChange);
    } catch (error) {
      if (last) break;
      throw new Error(`${path} is damaged at line ${index + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { snapshot, changes };
}

/**
 * The data file as an append-only journal: a change costs one line and one fdatasync, whatever the size of the
 * state. Lines recorded while a write runs are folded into the next one (group commit), and `flush()` resolves
 * once everything recorded before the call is on disk. When the lines appended since the last snapshot outweigh
 * the snapshot itself (and at start), the file is compacted: the whole state is written to a temp file, fsynced
 * and renamed over it, so the cost of compaction stays proportional to the writes that caused it.
 */
export class JournalFile {
  private pending: string[] = [];
  private recorded = 0;
  private durable = 0;
  private queue: Promise<void> = Promise.resolve();
  private handle: FileHandle | undefined;
  private appendedBytes = 0;
  private snapshotBytes = 0;

  constructor(
    private readonly path: string,
    private readonly takeSnapshot: () => Snapshot,
    private readonly minCompactionBytes = 4 * 1024 * 1024,
  ) {}

  /** Writes a fresh snapshot now (at start: drops replayed lines and any torn tail) and opens the file for appends. */
  async start(): Promise<void> {
    await this.exclusive(() => this.compact());
  }

  record(change: StoreChange): void {
    this.pending.push(`${JSON.stringify(change)}\n`);
    this.recorded++;
  }

  /** True when every change recorded so far is on disk. */
  isDurable(): boolean {
    return this.durable >= this.recorded;
  }

  async flush(): Promise<void> {
    const target = this.recorded;
    while (this.durable < target) await this.exclusive(() => this.writePending());
  }

  async close(): Promise<void> {
    await this.flush();
    await this.exclusive(async () => {
      await this.handle?.close();
      this.handle = undefined;
    });
  }

  /** One file operation at a time, in the order asked (a queue: many waiting callers cost one link each). */
  private exclusive(operation: () => Promise<void>): Promise<void> {
    const run = this.queue.then(operation);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async writePending(): Promise<void> {
    // Nothing pending while nothing else runs: every recorded change is on disk already.
    if (this.pending.length === 0) {
      this.durable = this.recorded;
      return;
    }
    if (this.appendedBytes > Math.max(this.minCompactionBytes, this.snapshotBytes)) {
      await this.compact();
      return;
    }
    // Lines leave `pending` only once written: a failed write is retried by the next flush.
    const covers = this.recorded;
    const count = this.pending.length;
    const text = this.pending.join('');
    const handle = await this.openForAppend();
    await handle.appendFile(text, 'utf8');
    await handle.datasync();
    this.pending.splice(0, count);
    this.appendedBytes += Buffer.byteLength(text);
    this.durable = covers;
  }

  /** The snapshot covers every change recorded so far, so the lines still pending are dropped, not appended. */
  private async compact(): Promise<void> {
    const covers = this.recorded;
    const count = this.pending.length;
    const text = `${JSON.stringify(this.takeSnapshot())}\n`;
    const temp = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.tmp`);
    const file = await open(temp, 'w', 0o600);
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await this.handle?.close();
    this.handle = undefined;
    await rename(temp, this.path);
    await syncDirectory(dirname(this.path));
    this.pending.splice(0, count);
    this.snapshotBytes = Buffer.byteLength(text);
    this.appendedBytes = 0;
    this.durable = covers;
  }

  private async openForAppend(): Promise<FileHandle> {
    this.handle ??= await open(this.path, 'a', 0o600);
    return this.handle;
  }
}

/** Temp files a run killed mid-compaction left beside the data file. */
export function isJournalTemp(dataFile: string, name: string): boolean {
  return name.startsWith(`.${basename(dataFile)}.`) && name.endsWith('.tmp');
}

/** Makes the rename itself durable; not every platform lets a directory be opened, and then it is skipped. */
async function syncDirectory(path: string): Promise<void> {
  let directory;
  try {
    directory = await open(path, 'r');
  } catch {
    return;
  }
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
