// Runs once before any suite of a jest run. Builds what several suites read and none may rebuild while another
// reads it (suites run in parallel workers): the n8n package's dist/, built from the sources as they are now, exactly
// as `npm run build` builds it, so the package, release and scanner suites check what the sources build to now.
// A dist/ written after every file it is built from changed (as `npm test` leaves it, having just built) is kept:
// the build takes seconds, and the result would be the same.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const REPO_ROOT = join(__dirname, '../..');
const PACKAGE_DIR = join(REPO_ROOT, 'packages/n8n-nodes-screenrec');

/** Everything build.mjs reads: the package but its output and prose, core's sources, the compiler settings, the lockfile. */
const INPUTS = [PACKAGE_DIR, join(REPO_ROOT, 'packages/core/src'), join(REPO_ROOT, 'tsconfig.json'), join(REPO_ROOT, 'package-lock.json')];
const NOT_INPUTS = new Set(['node_modules', 'dist', 'docs']);

/** Every file's modification time under `path` (a file or a folder), skipping NOT_INPUTS folders. */
function modificationTimes(path, skip = NOT_INPUTS) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && skip.has(entry.name)) && !entry.name.endsWith('.md'))
    .flatMap((entry) => modificationTimes(join(path, entry.name), skip));
}

function distIsCurrent() {
  const dist = join(PACKAGE_DIR, 'dist');
  if (!existsSync(dist)) return false;
  const built = modificationTimes(dist, new Set());
  if (built.length === 0) return false;
  return Math.max(...INPUTS.flatMap((input) => modificationTimes(input))) < Math.min(...built);
}

module.exports = async function globalSetup() {
  if (distIsCurrent()) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: PACKAGE_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
};
