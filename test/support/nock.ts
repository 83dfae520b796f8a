import { inspect } from 'node:util';
import nock from 'nock';

/**
 * nock for one suite: no real network, every mock consumed by the end of its test, and Node's shared http
 * module handed back afterwards for the suites jest runs next in the same worker.
 */
export function useNock(): void {
  beforeAll(() => {
    // A suite before this one in the same worker may have restored (unpatched) http: patch it again.
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    expect(pending).toEqual([]);
  });
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}

/** Fails unless no value, written out every way (inspect with hidden fields, JSON, String, stack), holds a secret. */
export function expectNoSecretsIn(values: readonly unknown[], secrets: readonly string[]): void {
  for (const value of values) {
    const forms = [inspect(value, { showHidden: true, depth: Infinity }), JSON.stringify(value) ?? '', String(value)];
    if (value instanceof Error) forms.push(value.message, value.stack ?? '');
    for (const text of forms) for (const secret of secrets) expect(text).not.toContain(secret);
  }
}
