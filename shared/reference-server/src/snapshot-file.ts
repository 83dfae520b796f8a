import { existsSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import type { Snapshot } from './store';

/** Reads the snapshot a previous run left, or undefined when there is none yet. */
export function readSnapshot(path: string): Snapshot | undefined {
  if (!existsSync(path)) return undefined;
  const snapshot = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  if (snapshot.version !== 1) throw new Error(`${path} is not a ScreenRec reference-server data file (version ${String(snapshot.version)})`);
  return snapshot;
}

/**
 * Writes the whole state to one file, atomically: a temp file beside it, fsync, rename. Changes are
 * counted; `flush()` resolves once a write that started after the latest change has landed, and writes
 * requested while one is running are folded into the next.
 */
export class SnapshotFile {
  private changes = 0;
  private written = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly path: string,
    private readonly takeSnapshot: () => Snapshot,
  ) {}

  markChanged(): void {
    this.changes++;
  }

  async flush(): Promise<void> {
    const target = this.changes;
    while (this.written < target) {
      if (this.running === undefined) {
        this.running = this.write().finally(() => {
          this.running = undefined;
        });
      }
      await this.running;
    }
  }

  private async write(): Promise<void> {
    const covers = this.changes;
    const text = JSON.stringify(this.takeSnapshot());
    const temp = join(dirname(this.path), `.${basename(this.path)}.${process.pid}.tmp`);
    const file = await open(temp, 'w', 0o600);
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, this.path);
    await syncDirectory(dirname(this.path));
    this.written = covers;
  }
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
