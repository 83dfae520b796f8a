import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * n8n-core keeps an instance's settings (its encryption key) in `<N8N_USER_FOLDER>/.n8n/config`, the home directory
 * by default, and writes them on first use. The demo is no n8n installation: it gives n8n-core a folder and a key of
 * its own for the run, so `npm run demo` writes nothing into the user's home. The folder is removed when the process
 * exits.
 */
export function useTemporaryN8nFolder(): void {
  const folder = mkdtempSync(join(tmpdir(), 'screenrec-demo-n8n-'));
  process.env.N8N_USER_FOLDER = folder;
  process.env.N8N_ENCRYPTION_KEY = randomBytes(24).toString('base64');
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
}
