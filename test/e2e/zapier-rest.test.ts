import { NOT_FOUND_RECORDING } from 'screenrec';
import type { CreatedRecording } from '../../packages/zapier/src/creates/create-recording';
import type { RecordingOutput } from '../../packages/zapier/src/recording';
import type { VideoReadyItem } from '../../packages/zapier/src/triggers/video-ready';
import { VIDEO_LINK_MODES, type VideoLinkMode } from '../support/reference-server';
import { startZapierE2E, type Connection, type ZapierE2E } from './zapier/environment';
import { zapierFailure } from '../support/zapier-failure';
import { ISO_INSTANT, requestRecordingOutput } from './zapier-recording';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Meta = NonNullable<Parameters<ZapierE2E['run']>[1]['meta']>;

/** Steps a Zap runs with one connection; every call goes through the built app under appTester. */
function zapSteps(e2e: ZapierE2E, connection: Connection) {
  const { authData } = connection;
  const step = <T>(kind: 'triggers' | 'creates' | 'searches', key: string, inputData: Record<string, unknown> = {}, meta?: Meta) =>
    e2e.run<T>(e2e.operation(kind, key).perform, { authData, inputData, ...(meta === undefined ? {} : { meta }) });
  return {
    step,
    createRecording: async (inputData: Record<string, unknown>) => {
      const created = await step<CreatedRecording>('creates', 'createRecording', inputData);
      if (created.recordingId === null) throw new Error(`Create Recording Link gave no recordingId: ${JSON.stringify(created)}`);
      return created.recordingId;
    },
    requestRecording: (inputData: Record<string, unknown>) => step<RecordingOutput>('creates', 'requestRecording', inputData),
    findRecording: (inputData: Record<string, unknown>) => step<RecordingOutput[]>('searches', 'findRecording', inputData),
    newRecordingIds: async (inputData: Record<string, unknown> = {}, meta?: { limit: number }) =>
      (await step<RecordingOutput[]>('triggers', 'newRecording', inputData, meta)).map((recording) => recording.id),
  };
}

/** createdDate has millisecond precision: keep "newest first" unambiguous between recordings made in a row. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 5));

describe.each(VIDEO_LINK_MODES)('video links handed out by the %s', (mode: VideoLinkMode) => {
  let e2e: ZapierE2E;

  beforeAll(async () => {
    e2e = await startZapierE2E(mode);
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  describe('Zapier REST features against the reference server', () => {
    let connection: Connection;
    let zap: ReturnType<typeof zapSteps>;
    let hookMade: string;
    let invited: RecordingOutput;
    let finished: RecordingOutput;

    beforeAll(async () => {
      connection = await e2e.connectWorkspace('REST Workspace');
      zap = zapSteps(e2e, connection);
      hookMade = await zap.createRecording({ externalReference: 'ticket-1', tags: ['support'] });
      await nextMillisecond();
      invited = await zap.requestRecording({
        direction: 'RESPONSE',
        email: 'ana@example.com',
        tags: ['Super-urgent', 'demo'],
        notificationEmails: ['team@example.com', ''],
        comment: 'Escalated by Tom',
      });
      await nextMillisecond();
      finished = await zap.requestRecording({ direction: 'REQUEST', tags: ['billing'] });
      await e2e.adminOk(200, 'POST', `/admin/recordings/${finished.id}/status`, { status: 'COMPLETED' });
    });

    it('Request Recording creates the recording with every field and e-mails the invitation', async () => {
      expect(invited).toEqual({
        id: expect.stringMatching(UUID),
        status: 'NEW',
        direction: 'RESPONSE',
        tags: ['Super-urgent', 'demo'],
        notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
        comment: 'Escalated by Tom',
        createdDate: expect.stringMatching(ISO_INSTANT),
        userId: connection.ownerUserId,
        externalReference: null,
        url: `${e2e.server.baseUrl}/r/${invited.id}`,
      });
      const outbox = await e2e.adminOk<Array<{ to: string; subject: string; text: string }>>(200, 'GET', '/admin/outbox');
      expect(outbox.filter((mail) => mail.to === 'ana@example.com')).toEqual([
        { to: 'ana@example.com', subject: 'You are invited to record your screen', text: expect.stringContaining(invited.url!) },
      ]);
    });

    it("New Recording lists the workspace's recordings newest first, filtered as configured", async () => {
      await expect(zap.newRecordingIds()).resolves.toEqual([finished.id, invited.id, hookMade]);
      await expect(zap.newRecordingIds({}, { limit: 2 })).resolves.toEqual([finished.id, invited.id]);
      await expect(zap.newRecordingIds({ direction: 'RESPONSE' })).resolves.toEqual([invited.id]);
      await expect(zap.newRecordingIds({ statuses: ['COMPLETED'] })).resolves.toEqual([finished.id]);
      await expect(zap.newRecordingIds({ tags: ['support', 'demo'] })).resolves.toEqual([invited.id, hookMade]);
    });

    it('New Recording outputs a hook-made recording with its external reference', async () => {
      const [output] = await zap.step<RecordingOutput[]>('triggers', 'newRecording', { direction: 'REQUEST', statuses: ['NEW'] });

      expect(output).toEqual(
        requestRecordingOutput({
          id: hookMade,
          status: 'NEW',
          tags: ['support'],
          userId: connection.ownerUserId,
          externalReference: 'ticket-1',
          url: `${e2e.server.baseUrl}/r/${hookMade}`,
        }),
      );
    });

    it('Video Ready samples (performList) are the finished recordings, each with a fresh link and its file', async () => {
      const items = await e2e.run<VideoReadyItem[]>(e2e.operation('triggers', 'videoReady').performList, { authData: connection.authData });

      const link = new URL(items[0]?.videoUrl ?? 'http://missing');
      expect(items).toEqual([
        {
          videoKey: `${link.origin}${link.pathname}`,
          id: `${link.origin}${link.pathname}`,
          videoUrl: expect.stringMatching(/^https?:\/\/.*\?/),
          linkConfirmed: true,
          receivedAt: expect.stringMatching(ISO_INSTANT),
          recordingId: finished.id,
          recording: { ...finished, status: 'COMPLETED' },
          videoFile: expect.stringMatching(/^hydrate\|\|\|/),
          detailsError: null,
        },
      ]);
      const video = await fetch(items[0]!.videoUrl);
      expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/webm']);
    });

    it('Video Ready samples are empty without the REST fields, so Zapier shows the static sample', async () => {
      const { baseUrl, backendToken } = connection.authData;

      await expect(e2e.run(e2e.operation('triggers', 'videoReady').performList, { authData: { baseUrl, backendToken } })).resolves.toEqual(
        [],
      );
    });

    it('Find Recording finds by external reference, ID, state, direction and tags, and finds nothing when nothing matches', async () => {
      const ids = async (inputData: Record<string, unknown>) => (await zap.findRecording(inputData)).map((recording) => recording.id);

      await expect(zap.findRecording({ externalReference: ' ticket-1 ' })).resolves.toEqual([
        expect.objectContaining({ id: hookMade, externalReference: 'ticket-1' }),
      ]);
      await expect(zap.findRecording({ recordingId: invited.id })).resolves.toEqual([invited]);
      await expect(ids({ statuses: ['COMPLETED'], direction: 'REQUEST' })).resolves.toEqual([finished.id]);
      await expect(ids({ tags: ['demo'] })).resolves.toEqual([invited.id]);
      await expect(ids({ createdFrom: invited.createdDate })).resolves.toEqual([finished.id, invited.id]);
      await expect(ids({ externalReference: 'ticket-2' })).resolves.toEqual([]);
    });

    it('Get Video URL gives a link that downloads the video, and finds nothing before the recording is done', async () => {
      const [link] = await zap.step<Array<{ recordingId: string; videoUrl: string }>>('searches', 'getVideoUrl', {
        recordingId: finished.id,
      });
      expect(link).toEqual({ recordingId: finished.id, videoUrl: expect.stringMatching(/^https?:\/\/.*\?/) });
      const video = await fetch(link!.videoUrl);
      expect([video.status, video.headers.get('content-type')]).toEqual([200, 'video/webm']);

      await expect(zap.step('searches', 'getVideoUrl', { recordingId: hookMade })).resolves.toEqual([]);
    });

    it('the Recording ID dropdown lists the newest recordings first, labelled as a person recognises them', async () => {
      const choices = await zap.step<Array<{ id: string; label: string }>>(
        'triggers',
        'recordingList',
        {},
        { isFillingDynamicDropdown: true, timezone: 'Europe/Berlin' },
      );

      expect(choices.map((choice) => choice.id)).toEqual([finished.id, invited.id, hookMade]);
      expect(choices[2]?.label).toMatch(
        new RegExp(`^ticket-1 · New · \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d CES?T · support · ID ${hookMade.slice(0, 8)}$`),
      );
      expect(choices[1]?.label).toMatch(new RegExp(`^Escalated by Tom · New · .* · Super-urgent, demo · ID ${invited.id.slice(0, 8)}$`));
    });

    it("Find Recording reads a date in the Zap's time zone: the same date finds or misses the recordings made now, by zone", async () => {
      // A date whose midnight is over an hour before now in one reading and over an hour after it in the other.
      const now = new Date();
      const utcDate = (days: number) =>
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
      const [createdFrom, timezone, inUtc, inZone] =
        now.getUTCHours() < 11
          ? [utcDate(0), 'Etc/GMT+12', [finished.id, invited.id, hookMade], []] // today 00:00 UTC is past; 12:00 UTC is ahead
          : [utcDate(1), 'Pacific/Kiritimati', [], [finished.id, invited.id, hookMade]]; // tomorrow 00:00 UTC is ahead; in +14 it is past
      const ids = async (meta: Meta) =>
        (await zap.step<RecordingOutput[]>('searches', 'findRecording', { createdFrom }, meta)).map((recording) => recording.id);

      await expect(ids({})).resolves.toEqual(inUtc);
      await expect(ids({ timezone })).resolves.toEqual(inZone);
    });

    it("every step's output has exactly the fields of its sample, so what a user maps in the editor is what arrives", async () => {
      const keysOf = (value: unknown) => Object.keys(value as Record<string, unknown>).sort();
      const sampleKeys = (kind: 'triggers' | 'creates' | 'searches', key: string) => keysOf(e2e.operation(kind, key).sample);
      const first = async (kind: 'triggers' | 'creates' | 'searches', key: string, inputData: Record<string, unknown>) => {
        const output = await zap.step<unknown>(kind, key, inputData);
        return Array.isArray(output) ? output[0] : output;
      };
      const outputs: Array<['triggers' | 'creates' | 'searches', string, unknown]> = [
        ['creates', 'createRecording', await first('creates', 'createRecording', { externalReference: 'shape-1' })],
        ['creates', 'requestRecording', await first('creates', 'requestRecording', { direction: 'REQUEST' })],
        ['creates', 'updateRecording', await first('creates', 'updateRecording', { recordingId: invited.id, comment: 'Escalated by Tom' })],
        ['triggers', 'newRecording', await first('triggers', 'newRecording', {})],
        ['triggers', 'tagList', await first('triggers', 'tagList', {})],
        ['triggers', 'recordingList', await first('triggers', 'recordingList', {})],
        ['searches', 'findRecording', await first('searches', 'findRecording', { externalReference: 'ticket-1' })],
        ['searches', 'getVideoUrl', await first('searches', 'getVideoUrl', { recordingId: finished.id })],
        ['searches', 'findTags', await first('searches', 'findTags', { query: 'sup' })],
      ];
      for (const [kind, key, output] of outputs) expect({ key, fields: keysOf(output) }).toEqual({ key, fields: sampleKeys(kind, key) });
    });

    it("Find Tags finds the workspace's tags by part of their name, in any case", async () => {
      await expect(zap.step('searches', 'findTags', { query: 'SUP' })).resolves.toEqual([{ tag: 'Super-urgent' }, { tag: 'support' }]);
      await expect(zap.step('searches', 'findTags', { query: 'nothing-like-it' })).resolves.toEqual([]);
    });

    it('the Tags dropdown (hidden Tags in Use trigger) lists every tag in use', async () => {
      await expect(zap.step('triggers', 'tagList')).resolves.toEqual(
        ['billing', 'demo', 'Super-urgent', 'support'].map((tag) => ({ id: tag, name: tag })),
      );
    });
  });

  describe('Zapier steps that change recordings', () => {
    let connection: Connection;
    let zap: ReturnType<typeof zapSteps>;

    beforeAll(async () => {
      connection = await e2e.connectWorkspace('Changes Workspace');
      zap = zapSteps(e2e, connection);
    });

    it('Update Recording replaces the tags and the comment, and the change is what Find Recording sees', async () => {
      const recordingId = await zap.createRecording({ externalReference: 'ticket-2', tags: ['support'] });

      const updated = await zap.step<RecordingOutput>('creates', 'updateRecording', {
        recordingId,
        tags: ['resolved'],
        comment: 'Fixed in release 4.2',
      });

      expect(updated).toMatchObject({
        id: recordingId,
        tags: ['resolved'],
        comment: 'Fixed in release 4.2',
        externalReference: 'ticket-2',
      });
      await expect(zap.findRecording({ recordingId })).resolves.toEqual([updated]);
    });

    it('Update Recording keeps the tags when only the comment is given', async () => {
      const recordingId = await zap.createRecording({ externalReference: 'ticket-3', tags: ['support'] });

      await expect(zap.step('creates', 'updateRecording', { recordingId, comment: 'Called back' })).resolves.toMatchObject({
        tags: ['support'],
        comment: 'Called back',
      });
    });

    it('Update Recording removes every tag with Remove All Tags', async () => {
      const recordingId = await zap.createRecording({ externalReference: 'ticket-5', tags: ['support', 'vip'] });

      await expect(zap.step('creates', 'updateRecording', { recordingId, clearTags: true })).resolves.toMatchObject({
        id: recordingId,
        tags: [],
      });
    });

    it('Delete Recording returns what it deleted; afterwards the recording is gone', async () => {
      const recordingId = await zap.createRecording({ externalReference: 'ticket-4', tags: ['obsolete'] });

      const deleted = await zap.step('creates', 'deleteRecording', { recordingId });

      expect(deleted).toEqual({
        ...requestRecordingOutput({
          id: recordingId,
          status: 'NEW',
          tags: ['obsolete'],
          userId: connection.ownerUserId,
          externalReference: 'ticket-4',
          url: `${e2e.server.baseUrl}/r/${recordingId}`,
        }),
        deleted: true,
      });
      await expect(zap.findRecording({ recordingId })).resolves.toEqual([]);
      await expect(zapierFailure(zap.step('creates', 'deleteRecording', { recordingId }))).resolves.toEqual({
        name: 'AppError',
        code: 'NOT_FOUND',
        message: NOT_FOUND_RECORDING,
      });
    });
  });

  describe('Find or Create Recording, as Zapier runs it: the search, and the create only when the search finds nothing', () => {
    it('creates once for a new reference, then finds that recording', async () => {
      const zap = zapSteps(e2e, await e2e.connectWorkspace('Find or Create Workspace'));
      const findOrCreate = async (externalReference: string): Promise<{ found: boolean; id: string | null }> => {
        const [found] = await zap.findRecording({ externalReference });
        if (found !== undefined) return { found: true, id: found.id };
        // The create's `id` (the same as its recordingId) is the field a later step maps, found or created.
        const created = await zap.step<CreatedRecording>('creates', 'createRecording', { externalReference });
        expect(created.id).toBe(created.recordingId);
        return { found: false, id: created.id };
      };

      const first = await findOrCreate('deal-77');
      const second = await findOrCreate('deal-77');

      expect(first).toEqual({ found: false, id: expect.stringMatching(UUID) });
      expect(second).toEqual({ found: true, id: first.id });
      expect(e2e.app.searchOrCreates?.findOrCreateRecording).toEqual(
        expect.objectContaining({ search: 'findRecording', create: 'createRecording' }),
      );
    });
  });

  describe('Video Ready samples with the tag and direction options', () => {
    it('offer only finished recordings the options let through', async () => {
      const connection = await e2e.connectWorkspace('Filtered Samples Workspace');
      const zap = zapSteps(e2e, connection);
      const support = await zap.requestRecording({ direction: 'REQUEST', tags: ['support'] });
      const billing = await zap.requestRecording({ direction: 'RESPONSE', tags: ['billing'] });
      for (const { id } of [support, billing]) await e2e.adminOk(200, 'POST', `/admin/recordings/${id}/status`, { status: 'COMPLETED' });
      const samples = (inputData: Record<string, unknown>) =>
        e2e.run<VideoReadyItem[]>(e2e.operation('triggers', 'videoReady').performList, { authData: connection.authData, inputData });

      await expect(samples({ tags: ['support'] }).then((items) => items.map((item) => item.recordingId))).resolves.toEqual([support.id]);
      await expect(samples({ direction: 'RESPONSE' }).then((items) => items.map((item) => item.recordingId))).resolves.toEqual([
        billing.id,
      ]);
      await expect(samples({}).then((items) => items.map((item) => item.recordingId))).resolves.toEqual([billing.id, support.id]);
    });
  });
});
