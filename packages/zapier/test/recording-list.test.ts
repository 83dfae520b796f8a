import { perform as listRecordings } from '../src/triggers/recording-list';
import { perform as listTags } from '../src/triggers/tag-list';
import { OTHER_RECORDING_ID, RECORDING_ID, runWithHookOnly, runWithRest, useNock } from './harness';
import { newestListed, serviceRecording } from './recordings-api';

useNock();

describe('Newest Recordings (hidden trigger behind every Recording ID dropdown)', () => {
  it("lists one page of the newest recordings, each labelled by reference, state, time in the Zap's zone, tags and ID", async () => {
    const fromComment = serviceRecording({
      id: OTHER_RECORDING_ID,
      externalReference: undefined,
      comment: 'Customer reports a broken export\nmore',
      tags: [],
      status: 'NEW',
    });
    newestListed([serviceRecording({ tags: ['support', 'vip'] }), fromComment]);

    const choices = await runWithRest(listRecordings, {
      meta: { timezone: 'Europe/Berlin', isFillingDynamicDropdown: true },
    });

    expect(choices).toEqual([
      { id: RECORDING_ID, label: 'ticket-4711 · Completed · 21 Nov 2026, 10:30 CET · support, vip · ID 3f2b6c1e' },
      { id: OTHER_RECORDING_ID, label: 'Customer reports a broken export · New · 21 Nov 2026, 10:30 CET · ID 5d4c3b2a' },
    ]);
  });

  it('tells apart recordings that share reference, state, minute and tags', async () => {
    newestListed([serviceRecording(), serviceRecording({ id: OTHER_RECORDING_ID, createdDate: '2026-11-21T09:30:40.000Z' })]);

    const labels = (await runWithRest(listRecordings, { meta: { isFillingDynamicDropdown: true } })).map((choice) => choice.label);

    expect(new Set(labels).size).toBe(2);
  });

  it('says UTC when Zapier gives no time zone, and names a recording without reference or comment by its state, time and ID', async () => {
    newestListed([serviceRecording({ externalReference: undefined, comment: '', tags: [] })]);

    await expect(runWithRest(listRecordings)).resolves.toEqual([
      { id: RECORDING_ID, label: 'Completed · 21 Nov 2026, 09:30 UTC · ID 3f2b6c1e' },
    ]);
  });

  it('gives the next page when Zapier asks for more', async () => {
    newestListed([], { first: 200 });

    await expect(runWithRest(listRecordings, { meta: { page: 2 } })).resolves.toEqual([]);
  });

  it('is empty without REST credentials, so IDs are mapped or typed', async () => {
    await expect(runWithHookOnly(listRecordings)).resolves.toEqual([]);
  });
});

describe('Tags in Use', () => {
  it.each([
    ['while a dropdown is filled', { isFillingDynamicDropdown: true }],
    ['when run otherwise', {}],
  ])('%s: the tags of one page of the newest recordings, the same answer either way', async (_when, meta) => {
    newestListed(
      Array.from({ length: 100 }, (_, n) =>
        serviceRecording({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, tags: ['support'] }),
      ),
      { total: 5_000 },
    );

    await expect(runWithRest(listTags, { meta })).resolves.toEqual([{ id: 'support', name: 'support' }]);
  });
});
