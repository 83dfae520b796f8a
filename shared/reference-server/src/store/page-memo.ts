/** List pages as last answered, by all their bytes depend on; emptied at each change (bench #2); past `limitBytes`, oldest go. */
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
