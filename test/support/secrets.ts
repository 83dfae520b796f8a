import { inspect } from 'node:util';

/** Fails unless no value, written out every way (inspect with hidden fields, JSON, String, stack), holds a secret. */
export function expectNoSecretsIn(values: readonly unknown[], secrets: readonly string[]): void {
  for (const value of values) {
    const forms = [inspect(value, { showHidden: true, depth: Infinity }), JSON.stringify(value) ?? '', String(value)];
    if (value instanceof Error) forms.push(value.message, value.stack ?? '');
    for (const text of forms) for (const secret of secrets) expect(text).not.toContain(secret);
  }
}
