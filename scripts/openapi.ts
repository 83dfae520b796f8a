// Writes docs/openapi.json, the OpenAPI document of ScreenRec's API, from core (scripts/openapi-document.ts):
// `npm run docs:openapi`. test/docs/openapi.test.ts fails when the committed document differs from what this writes.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiText } from './openapi-document';

// Bundled into .cache/ by the npm script, so the repository is one folder up.
const target = resolve(__dirname, '..', 'docs', 'openapi.json');
writeFileSync(target, openApiText());
process.stdout.write(`wrote ${target}\n`);
