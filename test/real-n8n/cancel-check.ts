import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROCESS_WAIT, expectThat } from '../support/checks';
import { waitUntil } from '../support/wait';
import { createRecording, executionsOf, type SuiteContext } from './context';
import { CANCEL_WEBHOOK_PATH, CANCEL_WORKFLOW_ID } from './workflows';

/** A stopped execution aborts the download in flight within this long. */
const CLOSE_WITHIN_MS = 1_000;

/** Every file under the given folders (the ones that exist), as absolute paths. */
function filesUnder(folders: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      if (statSync(entry).isDirectory()) visit(entry);
      else files.add(entry);
    }
  };
  for (const folder of folders) if (existsSync(folder)) visit(folder);
  return files;
}

/**
 * A workflow downloads a video that the service dribbles a byte at a time; the execution is
 * stopped through n8n's API; the service must see n8n's connection close within 1 s, no temporary file may be left,
 * and the partial video n8n may keep in the stopped execution's binary data goes when the execution is deleted.
 */
export async function cancelCheck({ checks, demo, server, service, instance, n8n }: SuiteContext): Promise<void> {
  let closedAfterMs: number | undefined;
  await checks.check(
    "stopping an execution through n8n's API closes the dribbled download within 1 s and leaves no file behind",
    async () => {
      const recordingId = await createRecording(demo, 'real-n8n-cancel');
      const completed = await server.admin('POST', `/admin/recordings/${recordingId}/status`, { status: 'COMPLETED' });
      expectThat(completed.status === 200, `completing the recording answered ${completed.status}`);
      const watched = [
        instance.tempFolder,
        path.join(instance.userFolder, '.n8n', 'binaryData'),
        path.join(instance.userFolder, '.n8n', 'storage'),
      ];
      const filesBefore = filesUnder(watched);

      service.dribbleVideos(true);
      try {
        const started = await fetch(`${instance.webhookUrl}webhook/${CANCEL_WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ recordingId }),
        });
        expectThat(started.status === 200, `the workflow's webhook answered ${started.status}: ${await started.text()}`);
        const video = await waitUntil(
          'n8n to start downloading the video',
          () => service.dribbled().find((item) => item.path.includes(recordingId) && item.bytesSent >= 2),
          PROCESS_WAIT,
        );
        const execution = await waitUntil(
          'the download execution to be listed as running',
          async () => (await executionsOf(n8n, CANCEL_WORKFLOW_ID)).find((item) => item.status === 'running'),
          PROCESS_WAIT,
        );

        const stoppedAt = Date.now();
        const stop = await n8n.rest('POST', `/executions/${execution.id}/stop`, {});
        expectThat(stop.status === 200, `stopping execution ${execution.id} answered ${stop.status}: ${JSON.stringify(stop.body)}`);
        const closedAt = await waitUntil("n8n to close the download's connection", async () => video.closedAt, {
          ...PROCESS_WAIT,
          timeoutMs: 5_000,
        }).catch(() => undefined);
        expectThat(
          closedAt !== undefined,
          `the download's connection was still open 5 s after the stop (${video.bytesSent} of ${video.totalBytes} bytes sent)`,
        );
        closedAfterMs = closedAt! - stoppedAt;
        expectThat(
          closedAfterMs <= CLOSE_WITHIN_MS,
          `the download's connection closed ${closedAt! - stoppedAt} ms after the stop, not within ${CLOSE_WITHIN_MS} ms`,
        );
        expectThat(video.bytesSent < video.totalBytes, 'the whole video was sent: the download was not stopped');

        const status = await waitUntil(
          'the execution to end',
          async () => {
            const found = (await executionsOf(n8n, CANCEL_WORKFLOW_ID)).find((item) => item.id === execution.id);
            return found !== undefined && found.status !== 'running' ? found.status : undefined;
          },
          { ...PROCESS_WAIT, timeoutMs: 10_000 },
        );
        expectThat(status === 'canceled', `the stopped execution ended as "${status}", not "canceled"`);

        // The package's own temporary files would land in n8n's TMPDIR: none may be left.
        const newFiles = () => [...filesUnder(watched)].filter((file) => !filesBefore.has(file));
        const temporary = newFiles().filter((file) => file.startsWith(instance.tempFolder + path.sep));
        expectThat(
          temporary.length === 0,
          `the stopped download left ${temporary.map((file) => path.relative(instance.userFolder, file)).join(', ')}`,
        );
        // n8n's own binary-data write of the stream may keep the partial file, but only as the stopped execution's
        // data, which n8n removes with the execution: nothing may be left once the execution is deleted.
        const foreign = newFiles().filter((file) => !file.includes(`${path.sep}executions${path.sep}${execution.id}${path.sep}`));
        expectThat(
          foreign.length === 0,
          `the stopped download left files outside its execution's data: ${foreign.map((file) => path.relative(instance.userFolder, file)).join(', ')}`,
        );
        const deleted = await n8n.rest('POST', '/executions/delete', { ids: [execution.id] });
        expectThat(
          deleted.status === 200,
          `deleting execution ${execution.id} answered ${deleted.status}: ${JSON.stringify(deleted.body)}`,
        );
        const leftBehind = await waitUntil(
          "the stopped execution's files to be removed",
          async () => (newFiles().length === 0 ? [] : undefined),
          { ...PROCESS_WAIT, timeoutMs: 5_000 },
        ).catch(newFiles);
        expectThat(
          leftBehind.length === 0,
          `deleting the stopped execution left ${leftBehind.map((file) => path.relative(instance.userFolder, file)).join(', ')}`,
        );
      } finally {
        service.dribbleVideos(false);
      }
    },
  );
  if (closedAfterMs !== undefined) console.log(`     (n8n closed the download's connection ${closedAfterMs} ms after the stop request)`);
}
