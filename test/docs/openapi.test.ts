import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument, openApiText } from '../../scripts/openapi-document';

// docs/openapi.json is made by `npm run docs:openapi` from core's schemas and protocol tables: it must be what the
// script makes now, and Redocly's linter (with the rules of redocly.yaml) must pass it. The linter is installed on
// first use into .cache/ (redocly.mjs).

jest.setTimeout(180_000);

const REPO_ROOT = join(__dirname, '../..');
const DOCUMENT = join(REPO_ROOT, 'docs/openapi.json');
const REDOCLY = join(__dirname, 'redocly.mjs');
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function lint(file: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [REDOCLY, 'lint', '--format=stylish', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.replace(COLOURS, '') };
}

it('docs/openapi.json is what `npm run docs:openapi` makes from core (run it after changing a schema or a path)', () => {
  expect(readFileSync(DOCUMENT, 'utf8')).toBe(openApiText());
});

it('names every REST call and the hook endpoint, with the outgoing notification as a webhook', () => {
  const document = openApiDocument() as {
    paths: Record<string, Record<string, { operationId?: string }>>;
    webhooks: Record<string, unknown>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
  );
  expect(operations.sort()).toEqual([
    'DELETE /public/integration/{workspaceId}/recordings/{id} deleteRecording',
    'GET /public/integration/{workspaceId}/recordings/tags searchTags',
    'GET /public/integration/{workspaceId}/recordings/{id}/presign getVideoUrl',
    'POST /public/integration/{workspaceId}/recordings requestRecording',
    'POST /public/integration/{workspaceId}/recordings/list listRecordings',
    'POST /public/webhooks/{provider} hookAction',
    'PUT /public/integration/{workspaceId}/recordings/{id} updateRecording',
  ]);
  expect(Object.keys(document.webhooks)).toEqual(['videoReady']);
});

describe('redocly lint', () => {
  it('passes docs/openapi.json with no problem', () => {
    const { status, output } = lint(DOCUMENT);
    expect(output).toContain('Woohoo! Your API description is valid.');
    expect(output).not.toMatch(/warning|error/i);
    expect(status).toBe(0);
  });

  it('would catch a regression: an example its schema refuses, and an operation without a description', () => {
    const broken = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
    const hook = broken.paths['/public/webhooks/{provider}'].post;
    hook.requestBody.content['application/json'].examples.PING.value = { action: 'PING', extra: true };
    delete hook.description;
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(broken, null, 2));
      const { status, output } = lint(file);
      expect(status).toBe(1);
      expect(output).toContain('no-invalid-media-type-examples');
      expect(output).toContain('operation-description');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
