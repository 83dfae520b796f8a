/**
 * Run in a fresh node process by the #5 and #6 benchmarks (never imported):
 *   zapier DIR       loads DIR/zapierwrapper.js as Zapier's runtime does and runs the app's schema validation
 *   n8n FILE…        requires each node or credential file and instantiates its classes, as n8n's loader does;
 *                    prints the milliseconds that took
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (event: object, context: object) => Promise<{ results: unknown }>;

async function validateZapierApp(dir: string): Promise<void> {
  const wrapper = (await import(pathToFileURL(join(dir, 'zapierwrapper.js')).href)) as { handler?: Handler; default?: { handler: Handler } };
  const handler = wrapper.handler ?? wrapper.default!.handler;
  const { results } = await handler({ command: 'validate', calledFromCli: true }, {});
  if (!Array.isArray(results) || results.length > 0) throw new Error(`the app does not validate: ${JSON.stringify(results)}`);
}

function loadN8nFiles(files: string[]): number {
  const load = createRequire(__filename);
  const started = performance.now();
  for (const file of files) {
    const exported = load(file) as Record<string, unknown>;
    for (const value of Object.values(exported)) if (typeof value === 'function') new (value as new () => unknown)();
  }
  return performance.now() - started;
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'zapier') {
  validateZapierApp(args[0]!).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
} else {
  process.stdout.write(`${loadN8nFiles(args)}\n`);
}
