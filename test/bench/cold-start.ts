/**
 * Run in a fresh node process by the #5 and #6 benchmarks (never imported). Each mode's last line on stdout is a
 * ColdStart (commands.ts) in JSON:
 *   zapier DIR [definition]
 *                    loads DIR/zapierwrapper.js as Zapier's runtime does and runs the app's schema validation, or
 *                    with `definition` the command that compiles the app as every step does before its perform (no
 *                    schema validation: Zapier validates at build and push); prints the process's CPU time from its
 *                    start (the parent times the whole process)
 *   n8n FILE…        requires each node or credential file and instantiates its classes, as n8n's loader does;
 *                    prints the milliseconds and the CPU time that took
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (event: object, context: object) => Promise<{ results: unknown }>;

async function startZapierApp(dir: string, command: 'validate' | 'definition'): Promise<void> {
  const wrapper = (await import(pathToFileURL(join(dir, 'zapierwrapper.js')).href)) as { handler?: Handler; default?: { handler: Handler } };
  const handler = wrapper.handler ?? wrapper.default!.handler;
  const { results } = await handler({ command, calledFromCli: true }, {});
  if (command === 'definition' && (typeof results !== 'object' || results === null)) throw new Error('the app gave no definition');
  if (command === 'validate' && (!Array.isArray(results) || results.length > 0)) throw new Error(`the app does not validate: ${JSON.stringify(results)}`);
}

/** This process's CPU time, user and system, over all its threads (the compiler's and the GC's too), in ms. */
function cpuMs(since?: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}

function loadN8nFiles(files: string[]): { ms: number; cpuMs: number } {
  const load = createRequire(__filename);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const file of files) {
    const exported = load(file) as Record<string, unknown>;
    for (const value of Object.values(exported)) if (typeof value === 'function') new (value as new () => unknown)();
  }
  return { ms: performance.now() - started, cpuMs: cpuMs(cpuBefore) };
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'zapier') {
  startZapierApp(args[0]!, args[1] === 'definition' ? 'definition' : 'validate').then(
    () => process.stdout.write(`\n${JSON.stringify({ cpuMs: cpuMs() })}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
} else {
  process.stdout.write(`${JSON.stringify(loadN8nFiles(args))}\n`);
}
