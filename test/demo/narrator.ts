import { since } from '../support/checks';

/** Thrown by a step whose outcome is not what a user would expect; its message is the plain-words reason. */
export class DemoCheckFailed extends Error {
  override name = 'DemoCheckFailed';
}

/** Fails the current step with `reason` unless `condition` holds. */
export function check(condition: boolean, reason: string): asserts condition {
  if (!condition) throw new DemoCheckFailed(reason);
}

export interface StepFailure {
  step: number;
  title: string;
  reason: string;
}

/**
 * Runs the demo's steps one after another and tells each one in plain words: a step's function returns the
 * sentence that says what happened. The first failing step stops the walk and is remembered for the verdict.
 */
export class Narrator {
  private steps = 0;
  private readonly startedAt = Date.now();
  failure: StepFailure | undefined;

  constructor(private readonly write: (line: string) => void) {}

  say(line: string): void {
    this.write(line);
  }

  async step(title: string, run: () => Promise<string>): Promise<void> {
    const number = ++this.steps;
    try {
      const told = await run();
      this.write(`${String(number).padStart(2)}. ${told}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failure = { step: number, title, reason };
      this.write(`${String(number).padStart(2)}. ✗ ${title}: ${reason}`);
      throw error;
    }
  }

  /** The one-line verdict: what worked, or where and why it stopped. */
  verdict(): string {
    const took = since(this.startedAt);
    if (this.failure === undefined) return `Demo: the whole loop works through Zapier and n8n (${this.steps} steps, ${took}).`;
    const { step, title, reason } = this.failure;
    return `Demo: FAILED at step ${step} (${title}) after ${took}: ${reason}`;
  }
}
