import { readFileSync } from 'node:fs';
import { REST_CALLS } from '../../packages/core/src/wire/protocol';
import { openApiDocument, openApiText } from '../../scripts/openapi-document';
import { DOCUMENT, redoclyLint } from './redocly-lint';

// docs/openapi.json is made by `npm run docs:openapi` from core's schemas and protocol tables: it must be what the
// script makes now, and Redocly's linter (with the rules of redocly.yaml) must pass it. The linter is installed on
// first use into .cache/ (redocly.mjs). That the linter still finds a broken document is checked in
// `npm run test:tools` (openapi-regression.tools.test.ts).

jest.setTimeout(180_000);

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
  const restCalls = Object.entries(REST_CALLS).map(
    ([name, call]) => `${call.method} /public/integration/{workspaceId}${call.path} ${name}`,
  );
  expect(operations.sort()).toEqual([...restCalls, 'POST /public/webhooks/{provider} hookAction'].sort());
  expect(Object.keys(document.webhooks)).toEqual(['videoReady']);
});

describe('redocly lint', () => {
  it('passes docs/openapi.json with no problem', () => {
    const { status, output } = redoclyLint(DOCUMENT);
    expect(output).toContain('Woohoo! Your API description is valid.');
    expect(output).not.toMatch(/warning|error/i);
    expect(status).toBe(0);
  });
});
