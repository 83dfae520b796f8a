/**
 * Follows a recording's status through the REST API while the participant works, noting every status it shows
 * in the order seen, so a skipped, repeated or backwards step is visible.
 */
export class StatusWalk {
  readonly seen: string[] = [];
  private running = true;
  private readonly loop: Promise<void>;
  private failure: unknown;

  constructor(private readonly read: () => Promise<string>) {
    this.loop = this.follow();
  }

  private async follow(): Promise<void> {
    while (this.running) {
      try {
        const status = await this.read();
        if (this.seen.at(-1) !== status) this.seen.push(status);
        if (status === 'COMPLETED') return;
      } catch (error) {
        this.failure = error;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops following (after one last read) and resolves with the statuses seen. */
  async finish(): Promise<string[]> {
    this.running = false;
    await this.loop;
    if (this.failure !== undefined) throw this.failure;
    if (this.seen.at(-1) !== 'COMPLETED') {
      const status = await this.read();
      if (this.seen.at(-1) !== status) this.seen.push(status);
    }
    return this.seen;
  }
}
