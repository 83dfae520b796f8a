import { runDemo } from './demo';
import { VIDEO_LINK_MODES } from '../support/reference-server';
import { useTemporaryN8nFolder } from './n8n-folder';

// `npm run demo`: builds everything, then walks the whole loop through both apps against a fresh service.

// The Zapier app runs under zapier-platform-core's appTester, which prints a memory report after every call
// unless it knows it is testing: the narration is for people, so it is told.
process.env.NODE_ENV ||= 'test';
useTemporaryN8nFolder();

// VIDEO_LINKS=storage runs the loop with object-store style video links that do not name the recording, and
// VIDEO_LINKS=storage-host with those links on a host of their own.
const videoLinks = VIDEO_LINK_MODES.find((mode) => mode === process.env.VIDEO_LINKS) ?? 'service';

runDemo((line) => process.stdout.write(`${line}\n`), videoLinks).then(
  ({ ok }) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    process.stdout.write(`Demo: FAILED before it could finish: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
