// Runs once before any suite of a jest run. Builds what several suites read and none may rebuild while another
// reads it (suites run in parallel workers): the n8n package's dist/, built from the sources as they are now, exactly
// as `npm run build` builds it, so the package, release and scanner suites check what the sources build to now.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async function globalSetup() {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: join(__dirname, '../../packages/n8n-nodes-screenrec'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
};
