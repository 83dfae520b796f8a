import { RECORDING_STATUSES, invalidInputMessage } from 'screenrec';
import { perform } from '../src/triggers/new-recording';
import { UNKNOWN_RECORDING } from '../src/recording';
import { perform as listTags } from '../src/triggers/tag-list';
import { OTHER_RECORDING_ID, RECORDING_ID, appError, runWithHookOnly, runWithRest, useNock, zapierFailure } from './harness';
import { newestListed, newestPage, page, recordingsList, serviceRecording } from './recordings-api';

useNock();

describe('New Recording (polling)', () => {
  it('lists newest first, one page of 100, and outputs each recording with every field', async () => {
    const sparse = { id: OTHER_RECORDING_ID, status: 'NEW', tags: [], comment: null };
    newestListed([sparse, serviceRecording()]);

    await expect(runWithRest(perform, { inputData: {} })).resolves.toEqual([
      { ...UNKNOWN_RECORDING, id: OTHER_RECORDING_ID, status: 'NEW' },
      serviceRecording(),
    ]);
  });

  it('sends the direction, status and tag filters, skipping blank list rows', async () => {
    recordingsList({
      directions: ['RESPONSE'],
      statuses: ['NEW', 'COMPLETED'],
      tags: ['support'],
      ...newestPage(),
    }).reply(200, page([]));

    const items = await runWithRest(perform, {
      inputData: { direction: 'RESPONSE', statuses: ['NEW', 'COMPLETED'], tags: ['support', ' '] },
    });

    expect(items).toEqual([]);
  });

  it('outputs a recording once even when it shows up twice while paging', async () => {
    newestListed([serviceRecording(), serviceRecording({ status: 'PROCESSING' })]);

    const items = await runWithRest(perform, { inputData: {} });

    expect(items.map(({ id, status }) => ({ id, status }))).toEqual([{ id: RECORDING_ID, status: 'COMPLETED' }]);
  });

  it('rejects an unknown state before sending anything, naming the field and its entry as the user sees them', async () => {
    const error = await zapierFailure(runWithRest(perform, { inputData: { statuses: ['DONE'] } }));

    expect(error).toEqual(
      appError(
        'INVALID_INPUT',
        invalidInputMessage(
          `"Statuses" (entry 1): Invalid option: expected one of ${RECORDING_STATUSES.map((status) => `"${status}"`).join('|')}`,
        ),
      ),
    );
  });
});

describe('Tags in Use (hidden trigger behind the Tags dropdowns)', () => {
  it('offers the distinct tags of the latest recordings, sorted', async () => {
    newestListed([serviceRecording({ tags: ['support', 'bug'] }), serviceRecording({ id: OTHER_RECORDING_ID, tags: ['bug'] })]);

    await expect(runWithRest(listTags)).resolves.toEqual([
      { id: 'bug', name: 'bug' },
      { id: 'support', name: 'support' },
    ]);
  });

  it('is empty without REST credentials, so tags are typed in', async () => {
    await expect(runWithHookOnly(listTags)).resolves.toEqual([]);
  });
});
