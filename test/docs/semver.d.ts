// The two functions of semver (the version npm's own tools hoist to the root, which ships no types) that the engines
// test uses.
declare module 'semver' {
  interface SemVer {
    version: string;
  }
  const semver: {
    minVersion(range: string): SemVer | null;
    satisfies(version: string, range: string): boolean;
  };
  export default semver;
}
