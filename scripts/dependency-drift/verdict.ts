import semver from 'semver';

// The decision of `npm run check:dependencies`, apart from the registry: does each declared range admit the major of
// the package's latest release, and is each allowance still needed? scripts/dependency-drift.ts asks the registry.

export const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
export type DependencyField = (typeof DEPENDENCY_FIELDS)[number];

/** One entry of one workspace's package.json. */
export interface Declaration {
  /** The package.json, relative to the repository root. */
  manifest: string;
  field: DependencyField;
  name: string;
  range: string;
}

/** A package that may stay on a major below its latest release's, and why. */
export interface Allowance {
  name: string;
  major: number;
  reason: string;
}

export const ALLOWANCES_FILE = 'scripts/dependency-drift/allowances.ts';

export interface Verdict {
  /** Each range behind, each allowance not kept or no longer needed: any of them fails the check. */
  problems: string[];
  /** Each range an allowance keeps behind, with its reason. */
  allowed: string[];
}

/**
 * Ranges that name no registry release line to compare: a workspace's own package, a path, a git or tarball URL, or
 * any version at all.
 */
export function isSkipped(range: string): boolean {
  const trimmed = range.trim();
  return trimmed === '' || trimmed === '*' || trimmed === 'x' || /^(workspace|file|link|git|git\+[a-z]+|github|https?):/.test(trimmed);
}

/**
 * The releases a consumer of `version`'s line takes without a breaking change: its major, or for 0.x its minor, as
 * npm's caret reads it.
 */
function lineOf(version: string): { range: string; label: string } {
  const parsed = semver.parse(version);
  if (parsed === null) throw new Error(`not a version: ${version}`);
  if (parsed.major > 0) return { range: `^${parsed.major}.0.0`, label: String(parsed.major) };
  if (parsed.minor > 0) return { range: `^0.${parsed.minor}.0`, label: `0.${parsed.minor}` };
  return { range: parsed.version, label: parsed.version };
}

const where = (declaration: Declaration) => `${declaration.name} ${declaration.range} (${declaration.manifest} ${declaration.field})`;

/** Each declaration against the latest release of its package, then each allowance against what needed it. */
export function judge(
  declarations: readonly Declaration[],
  latest: ReadonlyMap<string, string>,
  allowances: readonly Allowance[],
): Verdict {
  const problems: string[] = [];
  const allowed: string[] = [];
  const allowanceOf = new Map(allowances.map((allowance) => [allowance.name, allowance]));
  const neededAllowance = new Set<string>();
  for (const declaration of declarations) {
    if (isSkipped(declaration.range)) continue;
    if (semver.validRange(declaration.range) === null) {
      problems.push(`${where(declaration)}: not a semver range this check can compare`);
      continue;
    }
    const release = latest.get(declaration.name);
    if (release === undefined || semver.valid(release) === null) {
      problems.push(`${where(declaration)}: no latest release known`);
      continue;
    }
    const line = lineOf(release);
    if (semver.intersects(declaration.range, line.range)) continue;
    const allowance = allowanceOf.get(declaration.name);
    if (allowance === undefined) {
      problems.push(
        `${where(declaration)} does not admit ${line.label}, the major of the latest release (${release}): move to ${line.label}, or add an allowance with the reason to ${ALLOWANCES_FILE}`,
      );
      continue;
    }
    neededAllowance.add(allowance.name);
    if (semver.intersects(declaration.range, `^${allowance.major}.0.0`)) {
      allowed.push(`${where(declaration)} stays on ${allowance.major} (latest ${release}): ${allowance.reason}`);
    } else {
      problems.push(
        `${where(declaration)} does not admit ${allowance.major}, the major its allowance stays on (latest ${release}): move to ${allowance.major}`,
      );
    }
  }
  for (const allowance of allowances) {
    if (neededAllowance.has(allowance.name)) continue;
    const declared = declarations.some((declaration) => declaration.name === allowance.name && !isSkipped(declaration.range));
    const why = declared
      ? `every range of ${allowance.name} admits its latest release (${latest.get(allowance.name) ?? 'unknown'})`
      : `no workspace declares ${allowance.name}`;
    problems.push(
      `the allowance for ${allowance.name} (stay on ${allowance.major}) is no longer needed: ${why}; remove it from ${ALLOWANCES_FILE}`,
    );
  }
  return { problems, allowed };
}
