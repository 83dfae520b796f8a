import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_DIR, scan } from './scanner/run-scan';

// n8n's verification gate still fails a package that breaks its rules, so its passes in scanner.test.ts mean
// something. A copy of the package is packed and scanned: too long for `npm test`.

jest.setTimeout(240_000);

it('would catch a regression: a restricted global in shipped code fails the tarball scan', () => {
  const copy = mkdtempSync(join(tmpdir(), 'n8n-scan-regression-'));
  try {
    cpSync(PACKAGE_DIR, copy, { recursive: true, filter: (path) => !path.includes('node_modules') });
    appendFileSync(join(copy, 'dist/screenrec.js'), '\nsetTimeout(() => undefined, 1);\n');
    const report = scan('tarball', copy);
    expect(report.passed).toBe(false);
    expect(report.messages).toEqual([
      expect.stringMatching(/^dist\/screenrec\.js:\d+ error @n8n\/community-nodes\/no-restricted-globals /),
    ]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
