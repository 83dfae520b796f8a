import { NOT_FOUND_RECORDING, exampleRecording } from 'screenrec';
import { RECORDING_ID, failureOf, restClient, sleeps } from './fixtures';
import { restPath, restScope, setUpNock } from './nock-setup';

// A retried call whose first answer was lost: the service may have carried the first attempt out (the connection
// failed after it had acted), so the retry's answer describes what the first attempt did. A DELETE retried that way
// is answered 404: the recording is gone, as asked, and the user is told it was deleted, not that it never existed.

setUpNock();

const recording = exampleRecording({ id: RECORDING_ID, status: 'COMPLETED' });
const recordingPath = restPath(`/recordings/${RECORDING_ID}`);

/** The read deleteRecording makes first: the recording is there. */
function recordingIsThere(): void {
  restScope()
    .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
    .reply(200, { content: [recording], totalElements: 1, totalPages: 1 });
}

describe('a DELETE whose answer was lost', () => {
  it('retried and answered 404: deleted, the recording returned as it was (not NOT_FOUND)', async () => {
    recordingIsThere();
    // The connection fails with no answer, as when ScreenRec deleted the recording and the 204 never arrived.
    const lost = restScope().delete(recordingPath).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const retry = restScope().delete(recordingPath).reply(404, { message: 'Recording not found' });
    await expect(restClient().deleteRecording(RECORDING_ID)).resolves.toEqual(recording);
    expect([lost.isDone(), retry.isDone()]).toEqual([true, true]);
    expect(sleeps).toHaveLength(1);
  });

  it('a timed-out attempt is a lost answer too: its retry answered 404 is the deletion done', async () => {
    recordingIsThere();
    restScope().delete(recordingPath).delay(500).reply(204);
    restScope().delete(recordingPath).reply(404, { message: 'Recording not found' });
    await expect(restClient({ timeoutMs: 100 }).deleteRecording(RECORDING_ID)).resolves.toEqual(recording);
  });

  it('retried and answered 204: deleted, as any DELETE', async () => {
    recordingIsThere();
    restScope().delete(recordingPath).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    restScope().delete(recordingPath).reply(204);
    await expect(restClient().deleteRecording(RECORDING_ID)).resolves.toEqual(recording);
  });

  it('lost on every attempt: NETWORK, since nothing says whether it was deleted', async () => {
    recordingIsThere();
    restScope().delete(recordingPath).times(4).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const error = await failureOf(restClient().deleteRecording(RECORDING_ID));
    expect([error.code, error.retryable]).toEqual(['NETWORK', true]);
    expect(sleeps).toHaveLength(3);
  });
});

describe('a 404 that no lost answer explains stays NOT_FOUND', () => {
  it('a DELETE answered 404 at its first attempt (the recording went between the read and the DELETE)', async () => {
    recordingIsThere();
    restScope().delete(recordingPath).reply(404, { message: 'Recording not found' });
    const error = await failureOf(restClient().deleteRecording(RECORDING_ID));
    expect([error.code, error.status, error.message]).toEqual(['NOT_FOUND', 404, NOT_FOUND_RECORDING]);
  });

  it('a DELETE answered 503, then 404: the 503 was an answer (ScreenRec said it failed), so the 404 is its own', async () => {
    recordingIsThere();
    restScope().delete(recordingPath).reply(503);
    restScope().delete(recordingPath).reply(404, { message: 'Recording not found' });
    const error = await failureOf(restClient().deleteRecording(RECORDING_ID));
    expect([error.code, error.status]).toEqual(['NOT_FOUND', 404]);
  });

  it('an update whose answer was lost, answered 404 on retry: an update removes nothing, so the recording is not there', async () => {
    restScope().put(recordingPath).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    restScope().put(recordingPath).reply(404, { message: 'Recording not found' });
    const error = await failureOf(restClient().updateRecording(RECORDING_ID, { comment: 'checked' }));
    expect([error.code, error.status, error.message]).toEqual(['NOT_FOUND', 404, NOT_FOUND_RECORDING]);
  });
});
