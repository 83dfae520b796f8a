import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HookClient } from 'screenrec';
import { DOWNLOAD_CANCELLED } from '../../packages/n8n-nodes-screenrec/lib/video';
import { runScreenRecNode, shutDownN8nContexts, useFilesystemBinaryData } from '../support/n8n-contexts';
import { failureOf, startN8nE2E, type N8nE2E, type N8nWorkspace } from './n8n/environment';
import { openRecordingPage } from './zapier/recording-page';
import { smallWebm } from './zapier/webm';

// A 500 MB video goes from the service into n8n's binary data (filesystem mode, n8n 2.x's default) as a stream:
// the n8n process never holds it in memory. Measured as heap growth while the node runs.

jest.setTimeout(300_000);

const VIDEO_BYTES = 500_000_000;
const MAX_HEAP_GROWTH = 100 * 1024 * 1024;
const CHUNK = 1024 * 1024;

let e2e: N8nE2E;
let binaryFolder: string;
let workspace: N8nWorkspace;
let recordingId: string;

/** The participant uploads a 500 MB WebM from the recording page, sent as a stream (never whole in this process). */
async function uploadLargeVideo(pageUrl: string): Promise<void> {
  const page = await openRecordingPage(pageUrl);
  const header = smallWebm();
  const filler = Buffer.alloc(CHUNK);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= VIDEO_BYTES) return controller.close();
      const chunk =
        sent === 0 ? Buffer.concat([header, filler.subarray(header.length)]) : filler.subarray(0, Math.min(CHUNK, VIDEO_BYTES - sent));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(new URL(page.config.uploadUrl, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'video/webm', 'content-length': String(VIDEO_BYTES) },
    body,
    duplex: 'half',
  } as RequestInit);
  expect([response.status, await response.json()]).toEqual([200, { status: 'COMPLETED' }]);
}

/** Every file below a folder, with its size. */
function filesIn(folder: string): Array<{ path: string; size: number }> {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, size: statSync(path).size };
    });
}

beforeAll(async () => {
  [e2e, binaryFolder] = await Promise.all([startN8nE2E('service'), useFilesystemBinaryData()]);
  workspace = await e2e.connectWorkspace('n8n Large Video Workspace');
  const hook = new HookClient({ baseUrl: e2e.server.baseUrl, backendToken: workspace.backendToken, provider: 'N8N' });
  const { url } = await hook.createRecordingLink({ externalReference: 'large-video' });
  recordingId = url.split('/').pop()!;
  await uploadLargeVideo(url);
});

afterAll(async () => {
  shutDownN8nContexts();
  await e2e?.stop();
  if (binaryFolder !== undefined) rmSync(binaryFolder, { recursive: true, force: true });
});

const download = (abortSignal?: AbortSignal) =>
  runScreenRecNode(
    { credential: workspace.credential, webhookBaseUrl: 'https://n8n.example.com/webhook' },
    { resource: 'recording', operation: 'getVideoUrl', recordingId: { __rl: true, mode: 'id', value: recordingId }, download: true },
    { abortSignal },
  );

it('Get Video URL with Download streams a 500 MB video into binary data with under 100 MB of heap growth', async () => {
  const before = filesIn(binaryFolder).length;
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  let item;
  try {
    [item] = await download();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed);

  expect(item?.binary?.data).toMatchObject({
    mimeType: 'video/webm',
    fileName: `screenrec-${recordingId}.webm`,
    id: expect.stringMatching(/^filesystem/),
  });
  const stored = filesIn(binaryFolder).filter((file) => file.size === VIDEO_BYTES);
  expect(stored).toHaveLength(1);
  expect(filesIn(binaryFolder).length).toBeGreaterThan(before);
  expect(peak - baseline).toBeLessThan(MAX_HEAP_GROWTH);
});

it('Stop during the download aborts the transfer mid-stream', async () => {
  const filesBefore = filesIn(binaryFolder).map((file) => file.path);
  const controller = new AbortController();
  // Stop once the transfer is under way: some bytes of the new file have reached the binary data folder.
  const watcher = setInterval(() => {
    if (filesIn(binaryFolder).some((file) => !filesBefore.includes(file.path) && file.size > 0)) controller.abort();
  }, 10);
  try {
    const error = await failureOf(workspace, () => download(controller.signal));
    expect(error.message).toBe(DOWNLOAD_CANCELLED);
  } finally {
    clearInterval(watcher);
  }
  // What arrived before Stop stays with the stopped execution's binary data (n8n deletes it with the execution):
  // a node may not touch the file system itself. It is a fraction of the video, so the transfer did stop.
  const partial = filesIn(binaryFolder).filter((file) => !filesBefore.includes(file.path) && !file.path.endsWith('.metadata'));
  expect(partial).toHaveLength(1);
  expect(partial[0]!.size).toBeLessThan(VIDEO_BYTES);
});
