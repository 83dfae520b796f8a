import { inspect } from 'node:util';

/** Fails unless no value, written out every way (inspect with hidden fields, JSON, String, stack), holds a secret. */
export function expectNoSecretsIn(values: readonly unknown[], secrets: readonly string[]): void {
  for (const value of values) {
    const forms = [inspect(value, { showHidden: true, depth: Infinity }), JSON.stringify(value) ?? '', String(value)];
    if (value instanceof Error) forms.push(value.message, value.stack ?? '');
    for (const text of forms) for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

/** What a suite produced (errors, outputs), kept so that one check at its end proves no secret leaked into any. */
export class SecretWatch {
  private readonly seen: unknown[] = [];

  constructor(private readonly secrets: readonly string[]) {}

  /** Keeps `value` for the closing check and hands it back, so a call site can wrap an expression. */
  readonly remember = <T>(value: T): T => {
    this.seen.push(value);
    return value;
  };

  /** Fails unless nothing remembered holds a secret. */
  readonly expectNoneLeaked = (): void => expectNoSecretsIn(this.seen, this.secrets);
}
