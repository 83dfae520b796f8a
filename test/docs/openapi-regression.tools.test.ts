import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT, redoclyLint } from './redocly-lint';

// Redocly's linter still refuses a broken document, so its pass in openapi.test.ts means something.

jest.setTimeout(180_000);

it('would catch a regression: an example its schema refuses, and an operation without a description', () => {
  const broken = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
  const hook = broken.paths['/public/webhooks/{provider}'].post;
  hook.requestBody.content['application/json'].examples.PING.value = { action: 'PING', extra: true };
  delete hook.description;
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(broken, null, 2));
    const { status, output } = redoclyLint(file);
    expect(status).toBe(1);
    expect(output).toContain('no-invalid-media-type-examples');
    expect(output).toContain('operation-description');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
