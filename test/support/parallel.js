// Runs shell commands at the same time and exits with the first failing one's status (0 when all pass), for npm
// scripts whose steps do not depend on each other (type-checking and linting): on a 2-core machine that halves their
// wall time. Each command's output is held back and printed whole, in the order given, so the log reads as if they
// had run one after the other. Usage: node test/support/parallel.js '<command>' '<command>' …
const { Buffer } = require('node:buffer');
const { spawn } = require('node:child_process');

const commands = process.argv.slice(2);
if (commands.length === 0) {
  process.stderr.write("usage: node test/support/parallel.js '<command>' '<command>' …\n");
  process.exit(2);
}

const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const chunks = [];
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => chunks.push(['stdout', chunk]));
      child.stderr.on('data', (chunk) => chunks.push(['stderr', chunk]));
      child.on('error', (error) => chunks.push(['stderr', Buffer.from(`${error.message}\n`)]));
      child.on('close', (code, signal) => resolve({ command, chunks, status: code ?? (signal === null ? 1 : 128) }));
    }),
);

(async () => {
  let failed;
  for (const run of runs) {
    const { command, chunks, status } = await run;
    for (const [stream, chunk] of chunks) process[stream].write(chunk);
    if (status !== 0) {
      process.stderr.write(`\`${command}\` failed (exit ${status})\n`);
      failed ??= status;
    }
  }
  process.exit(failed ?? 0);
})();
