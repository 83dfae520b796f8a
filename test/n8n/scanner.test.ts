import { PACKAGE_DIR, scanAll, type ScanReport } from './scanner/run-scan';

// n8n's verification gate, run as n8n runs it (its own analyzePackage and ESLint configuration, offline): the sources
// and the packed tarball must have no error and no warning, so CI fails on any regression.
// That the scanner still finds a regression is checked in `npm run test:tools` (scanner-regression.tools.test.ts).

jest.setTimeout(240_000);

// dist/ is what the package's build task wrote: the jest task runs after it (turbo.json), and `npm run build` first
// when a suite runs on its own.

let source: ScanReport;
let tarball: ScanReport;
beforeAll(() => {
  [source, tarball] = scanAll(['source', 'tarball'], PACKAGE_DIR) as [ScanReport, ScanReport];
});

it('the sources pass with 0 errors and 0 warnings', () => {
  expect(source.messages).toEqual([]);
  expect(source).toMatchObject({ passed: true, errorCount: 0, warningCount: 0 });
  expect(source.files).toBeGreaterThan(10);
});

it('the packed tarball passes with 0 errors and 0 warnings', () => {
  expect(tarball.messages).toEqual([]);
  expect(tarball).toMatchObject({ passed: true, errorCount: 0, warningCount: 0 });
});
