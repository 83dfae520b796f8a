// Runs a shell command unless it already succeeded on exactly these files: for npm test's steps whose result depends
// only on the repository's files (building, type-checking, linting), so that a second run with nothing changed costs
// a hash instead of a minute. The stamp, in the git-ignored .cache/when-changed/<name>.json, holds a hash of the command,
// of every file git sees (tracked or not ignored: the sources, never what builds write) and of the installed
// packages (node_modules/.package-lock.json); with --outputs, also a hash of what the command wrote, so a deleted or
// edited dist/ runs it again. Only a success is stamped: a failing step fails again on every run.
// Usage: node test/support/when-changed.js <name> [--outputs <dir> …] -- '<command>' (one shell command line)
// An output <dir> may end in `*/<name>` to mean that folder in every subfolder (`packages/*/dist`).
const { createHash } = require('node:crypto');
const { execFileSync, spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

// Run at the repository's root, as npm runs scripts.
const REPO_ROOT = process.cwd();
const STAMPS = join(REPO_ROOT, '.cache/when-changed');

function parseArguments(argv) {
  const separator = argv.indexOf('--');
  const [name, ...options] = argv.slice(0, separator === -1 ? argv.length : separator);
  const [command, ...extra] = separator === -1 ? [] : argv.slice(separator + 1);
  const outputs = options[0] === '--outputs' ? options.slice(1) : [];
  const badOptions = options.length > 0 && options[0] !== '--outputs';
  if (name === undefined || !/^[\w.-]+$/.test(name) || !command || extra.length > 0 || badOptions) {
    process.stderr.write("usage: node test/support/when-changed.js <name> [--outputs <dir> …] -- '<command>'\n");
    process.exit(2);
  }
  return { name, outputs, command };
}

/** Hashes each path's relative name and content (a missing file hashes as missing), in the order given. */
function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    hash.update(`${relative(REPO_ROOT, path)}\0`);
    hash.update(existsSync(path) && statSync(path).isFile() ? readFileSync(path) : '\0missing\0');
  }
  return hash.digest('hex');
}

/** The files git sees (tracked, or new and not ignored), or undefined outside a git checkout. */
function sourceFiles() {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(listed.split('\0').filter(Boolean))].sort().map((path) => join(REPO_ROOT, path));
  } catch {
    return undefined;
  }
}

function inputsHash(command) {
  const files = sourceFiles();
  if (files === undefined) return undefined;
  const installed = join(REPO_ROOT, 'node_modules/.package-lock.json');
  return createHash('sha256')
    .update(`${command}\0${process.version}\0${hashFiles([...files, installed])}`)
    .digest('hex');
}

/** Every file under a folder, sorted (a missing folder has none). */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The output folders, `*` expanded to every subfolder of the repository that has one. */
function outputFolders(patterns) {
  return patterns.flatMap((pattern) => {
    const [parent, child] = pattern.split('/*/');
    if (child === undefined) return [join(REPO_ROOT, pattern)];
    const base = join(REPO_ROOT, parent);
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(base, entry.name, child)))
      .map((entry) => join(base, entry.name, child))
      .sort();
  });
}

const outputsHash = (patterns) => hashFiles(outputFolders(patterns).flatMap(filesUnder));

function readStamp(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const { name, outputs, command } = parseArguments(process.argv.slice(2));
const stampPath = join(STAMPS, `${name}.json`);
const inputs = inputsHash(command);
const stamp = readStamp(stampPath);
if (inputs !== undefined && stamp?.inputs === inputs && stamp.outputs === outputsHash(outputs)) {
  process.stderr.write(`${name}: unchanged since it last passed, skipped\n`);
  process.exit(0);
}
rmSync(stampPath, { force: true });
const { status, signal } = spawnSync(command, { shell: true, stdio: 'inherit' });
if (status !== 0) process.exit(status ?? (signal === null ? 1 : 128));
if (inputs !== undefined) {
  // Hashed before the run: a file edited while it ran leaves a stamp that no longer matches, so the next run runs.
  mkdirSync(STAMPS, { recursive: true });
  const written = `${stampPath}.${process.pid}`;
  writeFileSync(written, `${JSON.stringify({ inputs, outputs: outputsHash(outputs) })}\n`);
  renameSync(written, stampPath);
}
