// The functions of semver (the version npm's own tools hoist to the root, which ships no types) that the engines test
// and scripts/dependency-drift use.
declare module 'semver' {
  interface SemVer {
    version: string;
    major: number;
    minor: number;
    patch: number;
  }
  const semver: {
    minVersion(range: string): SemVer | null;
    satisfies(version: string, range: string): boolean;
    parse(version: string): SemVer | null;
    valid(version: string): string | null;
    validRange(range: string): string | null;
    intersects(range1: string, range2: string): boolean;
  };
  export default semver;
}
