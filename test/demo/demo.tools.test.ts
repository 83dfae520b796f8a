import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, VIDEO_LINK_MODES, type VideoLinkMode } from '../support/reference-server';
import { runProcess, type ProcessRun } from '../support/run-process';
import { DemoCheckFailed, Narrator, check } from './narrator';

jest.setTimeout(90_000);

/** `npm run demo` as written in the root package.json, minus its build step: `npm test` has just built everything. */
function demoCommandAfterBuild(): string {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [build, ...rest] = (scripts.demo ?? '').split(' && ');
  expect(build).toBe('turbo run build --output-logs=errors-only 1>&2');
  return rest.join(' && ');
}

/** What the demo left in the home and temporary folders it was given: both start empty. */
interface Leftovers {
  home: string[];
  tmp: string[];
}

async function run(command: string, videoLinks: VideoLinkMode): Promise<ProcessRun & { leftovers: Leftovers }> {
  const home = mkdtempSync(path.join(tmpdir(), 'demo-home-'));
  const tmp = mkdtempSync(path.join(tmpdir(), 'demo-tmp-'));
  // As from a user's shell: jest's NODE_ENV=test would hide what the demo must quiet itself.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    TMPDIR: tmp,
    VIDEO_LINKS: videoLinks,
    PATH: `${path.join(REPO_ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  delete env.NODE_ENV;
  try {
    const result = await runProcess('sh', ['-c', command], { cwd: REPO_ROOT, env });
    // tsx, which runs the demo, keeps its compile cache in the temporary folder (tsx-<uid>): the runner's, not the demo's.
    const tmpLeftovers = readdirSync(tmp)
      .map(String)
      .filter((name) => !/^tsx-\w+$/.test(name));
    return { ...result, leftovers: { home: readdirSync(home, { recursive: true }).map(String), tmp: tmpLeftovers } };
  } finally {
    for (const dir of [home, tmp]) rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(VIDEO_LINK_MODES)('npm run demo (VIDEO_LINKS=%s)', (videoLinks) => {
  it('walks the whole loop through Zapier and n8n in plain words, ends with the verdict and leaves no server and no file behind', async () => {
    const { exitCode, stdout, stderr, leftovers } = await run(demoCommandAfterBuild(), videoLinks);
    const service = videoLinks === 'service';
    const links = {
      service: 'links that name',
      storage: 'storage links that do not name',
      'storage-host': 'storage links on a host of their own that do not name',
    }[videoLinks];

    const lines = stdout.trimEnd().split('\n');
    expect({ exitCode, stderr, verdict: lines.at(-1) }).toEqual({
      exitCode: 0,
      stderr: '',
      verdict: expect.stringMatching(/^Demo: the whole loop works through Zapier and n8n \(13 steps, \d+\.\d s\)\.$/),
    });
    const steps = lines.filter((line) => /^[ \d]\d\. /.test(line));
    expect(steps.map((line) => line.slice(0, 4))).toEqual(Array.from({ length: 13 }, (_, index) => `${String(index + 1).padStart(2)}. `));
    // Each part of the loop the issue names is told: connect, create, record, video ready, download, unsubscribe.
    expect(steps).toEqual([
      expect.stringMatching(
        new RegExp(
          `^ 1\\. Started a fresh ScreenRec service at http://127\\.0\\.0\\.1:\\d+, with the workspace "Demo Workspace"; its video links are ${links} the recording\\.$`,
        ),
      ),
      expect.stringContaining('Zapier connected to ScreenRec: the connection test passed and the connection is labelled "Demo Workspace".'),
      expect.stringContaining(
        'n8n connected to ScreenRec: the ScreenRec account credential passes "Test connection" (backend token and API key; ScreenRec answered the ping for "Demo Workspace").',
      ),
      expect.stringContaining('A Zap starting with "Video Ready" was turned on'),
      expect.stringContaining('ScreenRec now has 2 subscriptions, one per app.'),
      expect.stringContaining('A Zap step "Create Recording" asked for a recording (reference "zap-ticket-101")'),
      expect.stringContaining('An n8n ScreenRec node "Create" asked for a recording (reference "n8n-ticket-202")'),
      expect.stringContaining('The participant opened both links and recorded their screen'),
      expect.stringContaining('2 notifications reached Zapier and 2 reached n8n.'),
      ...(service
        ? [
            expect.stringMatching(/The Zap fired with recording [0-9a-f-]{36}: reference "zap-ticket-101", status COMPLETED/),
            expect.stringMatching(
              /The n8n workflow started with recording [0-9a-f-]{36}: reference "n8n-ticket-202", status COMPLETED, .*identical to the recording\)\.$/,
            ),
            expect.stringMatching(
              /Zapier fetched the video through a fresh link and stored it as [0-9a-f-]{36}\.webm \(\d+ bytes, identical to the recording\)\.$/,
            ),
          ]
        : videoLinks === 'storage-host'
          ? [
              expect.stringMatching(
                /The Zap fired with the video's link, flagged unconfirmed, since it is on another host and names no recording \(".+"\)\.$/,
              ),
              expect.stringMatching(
                /The n8n workflow started with the video's link, flagged unconfirmed, and downloaded nothing from a host ScreenRec did not vouch for \(".+"\)\.$/,
              ),
              expect.stringMatching(
                /A later Zap step downloaded the video from the item's link \(\d+ bytes, identical to the recording\)\.$/,
              ),
            ]
          : [
              expect.stringMatching(
                /The Zap fired with the video's link; the link does not name its recording, so the item says so instead of guessing \(".+"\)\.$/,
              ),
              expect.stringMatching(
                /The n8n workflow started with the video's link and the video downloaded from ScreenRec's own host as screenrec-video\.webm \(\d+ bytes, identical to the recording\); the item says why the recording's details are missing\.$/,
              ),
              expect.stringMatching(
                /A later Zap step downloaded the video from the item's link \(\d+ bytes, identical to the recording\)\.$/,
              ),
            ]),
      expect.stringContaining('ScreenRec has no subscriptions left'),
    ]);
    // Nothing the Zapier test tool or n8n logs on its own gets between the lines.
    expect(lines.filter((line) => line !== '' && !steps.includes(line))).toEqual([
      'ScreenRec demo: a recording requested through Zapier and one through n8n, from connecting to the downloaded video.',
      lines.at(-1),
    ]);

    // The service it started is gone.
    const baseUrl = /at (http:\/\/127\.0\.0\.1:\d+),/.exec(steps[0]!)![1]!;
    await expect(fetch(`${baseUrl}/r/00000000-0000-4000-8000-000000000000`)).rejects.toThrow('fetch failed');
    // Nothing in the user's home (n8n-core would keep an encryption key in ~/.n8n/config), nothing left in the
    // temporary folder (n8n-core's folder for the run included).
    expect(leftovers).toEqual({ home: [], tmp: [] });
  });
});

describe('the demo narrator', () => {
  it('stops at the first failing step and gives a verdict that names it and says why', async () => {
    const lines: string[] = [];
    const narrator = new Narrator((line) => lines.push(line));
    await narrator.step('Connect Zapier', async () => 'Zapier connected.');
    const failing = narrator.step('"Video ready" arrives', async () => {
      check(false, 'no notification reached n8n within 10 s');
      return 'unreachable';
    });
    await expect(failing).rejects.toBeInstanceOf(DemoCheckFailed);

    expect(lines).toEqual([' 1. Zapier connected.', ' 2. ✗ "Video ready" arrives: no notification reached n8n within 10 s']);
    expect(narrator.verdict()).toMatch(
      /^Demo: FAILED at step 2 \("Video ready" arrives\) after \d+\.\d s: no notification reached n8n within 10 s$/,
    );
  });
});
