// The jest configuration of one package's own suites, in <package>/test/: each package's jest.config.js is
// `module.exports = require('@screenrec/test-support/jest-config')(__dirname)`, so `npm test` in its folder runs them
// (the *.tools.test.ts files with `npm run test:tools`). Core is mapped to its TypeScript sources, as the packages'
// builds bundle it; ts-jest only transpiles, since each package's typecheck checks its test/ folder.
const { join } = require('node:path');

const REPO_ROOT = join(__dirname, '../..');

/** @param {string} packageDir @param {{ tools?: boolean }} [options] */
function packageJestConfig(packageDir, { tools = false } = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'node',
    cacheDirectory: join(REPO_ROOT, '.cache/jest'),
    maxWorkers: 2,
    roots: ['<rootDir>/test'],
    testMatch: [tools ? '**/*.tools.test.ts' : '**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', ...(tools ? [] : ['\\.tools\\.test\\.ts$'])],
    moduleNameMapper: {
      // Core's sources name each import's .js file (as ESM requires of its published build); jest finds the .ts.
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '^screenrec$': join(REPO_ROOT, 'packages/core/src/index.ts'),
      '^screenrec/portable$': join(REPO_ROOT, 'packages/core/src/portable.ts'),
    },
    transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
    reporters: [join(__dirname, 'default-reporter.js'), join(__dirname, 'summary-reporter.js')],
    setupFiles: [join(__dirname, 'pristine-http.js')],
  };
}

module.exports = packageJestConfig;
