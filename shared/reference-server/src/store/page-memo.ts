/**
 * List pages as last answered, each under a key naming all its bytes depend on (workspace, links base, query). The store empties it at every
 * change to a recording, so a kept page is always what SQLite would give again; a poll that finds nothing new then
 * costs a map lookup, not an index read and a join of a hundred views (most of a page's CPU, bench #2). Pages past
 * `limitBytes` in all (keys counted too: a list of ids can make one long) are dropped oldest first, so it stays
 * bounded however large the pages.
 */
export class PageMemo {
  private readonly pages = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly limitBytes: number) {}

  get(key: string): Uint8Array | undefined {
    return this.pages.get(key);
  }

  keep(key: string, page: Uint8Array): void {
    const replaced = this.pages.get(key);
    if (replaced !== undefined) this.bytes -= size(key, replaced);
    this.pages.set(key, page);
    this.bytes += size(key, page);
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= this.limitBytes) break;
      this.pages.delete(oldest);
      this.bytes -= size(oldest, kept);
    }
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }
}

function size(key: string, page: Uint8Array): number {
  return key.length + page.byteLength;
}
