import { HINT_CHECK_SERVICE, deadlineMessage, retryPastDeadlineReason } from 'screenrec';
import nock from 'nock';
import { serveOnLoopback, stopServer } from '@screenrec/test-support/loopback';
import { useNock } from '@screenrec/test-support/nock';
import { RECORDING_ID, REST_ENV, callTool, connectClient, restPath, restScope } from './harness';

useNock();

const presign = () => restScope().get(restPath(`/recordings/${RECORDING_ID}/presign`));

describe('a tool call is bounded by its deadline and by the client cancelling it', () => {
  it('ends with core DEADLINE at once when a wait would pass SCREENREC_TOOL_TIMEOUT_SECONDS', async () => {
    // A 20 s limit that jest's own 5 s timeout ends first: however slow the machine, the first answer comes in time
    // and only the wait it asks for (50 s, under core's 60 s cap on Retry-After) is past the deadline.
    const { client, close } = await connectClient({ ...REST_ENV, SCREENREC_TOOL_TIMEOUT_SECONDS: '20' });
    try {
      presign().reply(429, { message: 'Too many requests' }, { 'retry-after': '50' });
      expect(await callTool(client, 'get_video_url', { recordingId: RECORDING_ID })).toEqual({
        content: [
          {
            type: 'text',
            text: deadlineMessage('fetching a link to the video', 20_000, HINT_CHECK_SERVICE, retryPastDeadlineReason(50_000, 429)),
          },
        ],
        isError: true,
      });
    } finally {
      await close();
    }
  });

  it('stops the call and its request with CANCELLED when the MCP client cancels it', async () => {
    // A service that takes the request and never answers: the client gives up while the request is in flight. The test
    // waits for each event itself (the request arriving, its connection closing, the log line), with jest's timeout
    // as the only limit, so a slow machine only makes it slower.
    let requestArrived!: () => void;
    const requested = new Promise<void>((resolve) => (requestArrived = resolve));
    let connectionClosed!: () => void;
    const closed = new Promise<void>((resolve) => (connectionClosed = resolve));
    const silent = await serveOnLoopback((request) => {
      requestArrived();
      request.socket.on('close', connectionClosed);
    });
    nock.enableNetConnect('127.0.0.1');
    const { client, close, logged } = await connectClient({ ...REST_ENV, SCREENREC_BASE_URL: silent.url });
    try {
      const controller = new AbortController();
      const pending = client.callTool({ name: 'get_video_url', arguments: { recordingId: RECORDING_ID } }, undefined, {
        signal: controller.signal,
      });
      await requested;
      controller.abort('the user pressed Stop');
      await expect(pending).rejects.toThrow('the user pressed Stop');
      const [logs] = await Promise.all([logged(1), closed]);
      expect(logs).toEqual([expect.stringMatching(/^get_video_url: CANCELLED after \d+ ms$/)]);
    } finally {
      await close();
      nock.disableNetConnect();
      await stopServer(silent.server);
    }
  });

  it('ends with core DEADLINE, and ends its request, when the service never answers within SCREENREC_TOOL_TIMEOUT_SECONDS', async () => {
    // Core alone bounds the call: its request's timeout is cut to the time left, and the answer is core's DEADLINE.
    let connectionClosed!: () => void;
    const closed = new Promise<void>((resolve) => (connectionClosed = resolve));
    const silent = await serveOnLoopback((request) => request.socket.on('close', connectionClosed));
    nock.enableNetConnect('127.0.0.1');
    const { client, close, logs } = await connectClient({
      ...REST_ENV,
      SCREENREC_BASE_URL: silent.url,
      SCREENREC_TOOL_TIMEOUT_SECONDS: '1',
    });
    try {
      const result = await callTool(client, 'get_video_url', { recordingId: RECORDING_ID });
      // The message names the budget the user set, however much of it the call had used before core's operation began.
      const text = deadlineMessage('fetching a link to the video', 1_000, HINT_CHECK_SERVICE);
      expect(result).toEqual({ content: [{ type: 'text', text }], isError: true });
      expect(logs).toEqual([expect.stringMatching(/^get_video_url: DEADLINE after \d+ ms$/)]);
      // The request ends with the call: its connection closes (jest's timeout is the only limit on seeing it).
      await closed;
    } finally {
      await close();
      nock.disableNetConnect();
      await stopServer(silent.server);
    }
  });
});
