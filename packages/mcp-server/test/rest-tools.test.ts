import { useNock } from '@screenrec/test-support/nock';
import { readSettings } from '../src/config';
import { connect } from '../src/connections';
import { regularTool } from '../src/tools/regular';
import { RECORDING_ID, REST_ENV, callTool, connectEachTest, recording, restPath, restScope, textOf } from './harness';

useNock();

const connected = connectEachTest(REST_ENV);

const call = (name: string, args: Record<string, unknown> = {}) => callTool(connected.client, name, args);

describe('REST tools: the request sent and the result returned', () => {
  it('create_recording_request posts a REQUEST with the invitation e-mail, tags, notifications and comment', async () => {
    restScope()
      .post(restPath('/recordings'), {
        direction: 'REQUEST',
        email: 'ana@example.com',
        tags: ['support'],
        notifications: [{ type: 'EMAIL', value: 'team@example.com' }],
        comment: 'VIP customer',
      })
      .reply(201, { ...recording, email: 'ana@example.com' });
    const result = await call('create_recording_request', {
      email: 'ana@example.com',
      tags: ['support'],
      notifyEmails: ['team@example.com'],
      comment: 'VIP customer',
    });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ ...recording, email: 'ana@example.com' });
    expect(textOf(result)).toBe(
      `Created recording ${RECORDING_ID}: NEW, REQUEST, created 2026-11-21T09:30:00.000Z, tags support, reference "ticket-4711", comment "VIP customer", page ${recording.url}. ScreenRec e-mailed the invitation to ana@example.com.`,
    );
  });

  it('create_recording_request with only a direction sends only the direction', async () => {
    const own = { id: RECORDING_ID, direction: 'RESPONSE', status: 'NEW', tags: [], createdDate: '2026-11-21T09:30:00.000Z' };
    restScope().post(restPath('/recordings'), { direction: 'RESPONSE' }).reply(201, own);
    const result = await call('create_recording_request', { direction: 'RESPONSE' });
    expect(result.structuredContent).toEqual(own);
    expect(textOf(result)).toBe(`Created recording ${RECORDING_ID}: NEW, RESPONSE, created 2026-11-21T09:30:00.000Z, no tags.`);
  });

  it('get_recording lists by id and returns the recording with the fields the service adds', async () => {
    const hookMade = { ...recording, externalReference: 'TICKET-42', url: 'https://app.screenrec.test/r/x', userId: 'u-1' };
    restScope()
      .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, { content: [hookMade], totalElements: 1, totalPages: 1 });
    const result = await call('get_recording', { recordingId: RECORDING_ID });
    expect(result.structuredContent).toEqual(hookMade);
    expect(textOf(result)).toBe(
      `Recording ${RECORDING_ID}: NEW, REQUEST, created 2026-11-21T09:30:00.000Z, tags support, reference "TICKET-42", comment "VIP customer", page https://app.screenrec.test/r/x.`,
    );
  });

  it('get_video_url returns the fresh presigned link', async () => {
    const videoUrl = `https://cdn.screenrec.test/videos/${RECORDING_ID}?expires=1&signature=abc`;
    restScope()
      .get(restPath(`/recordings/${RECORDING_ID}/presign`))
      .reply(200, { url: videoUrl });
    const result = await call('get_video_url', { recordingId: RECORDING_ID });
    expect(result.structuredContent).toEqual({ recordingId: RECORDING_ID, videoUrl });
    expect(textOf(result)).toBe(`Video of recording ${RECORDING_ID} (temporary link): ${videoUrl}`);
  });

  it('update_recording PUTs only the fields given, each tag once', async () => {
    const updated = { ...recording, tags: ['support', 'done'] };
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: ['support', 'done'] })
      .reply(202, updated);
    const result = await call('update_recording', { recordingId: RECORDING_ID, tags: ['support', ' done ', 'support'] });
    expect(result.structuredContent).toEqual(updated);
    expect(textOf(result)).toBe(
      `Updated recording ${RECORDING_ID}: NEW, REQUEST, created 2026-11-21T09:30:00.000Z, tags support, done, reference "ticket-4711", comment "VIP customer", page ${recording.url}.`,
    );
  });

  it('update_recording can clear the comment and every tag', async () => {
    const cleared = { ...recording, tags: [], comment: '' };
    restScope()
      .put(restPath(`/recordings/${RECORDING_ID}`), { tags: [], comment: '' })
      .reply(202, cleared);
    const result = await call('update_recording', { recordingId: RECORDING_ID, tags: [], comment: '' });
    expect(result.structuredContent).toEqual(cleared);
  });

  it('delete_recording reads the recording, sends DELETE, and returns what was deleted', async () => {
    restScope()
      .post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 })
      .reply(200, { content: [recording], totalElements: 1, totalPages: 1 });
    restScope()
      .delete(restPath(`/recordings/${RECORDING_ID}`))
      .reply(204);
    const result = await call('delete_recording', { recordingId: RECORDING_ID });
    expect(result.structuredContent).toEqual({ ...recording, deleted: true });
    expect(textOf(result)).toBe(
      `Deleted this recording and its video: ${RECORDING_ID}: NEW, REQUEST, created 2026-11-21T09:30:00.000Z, tags support, reference "ticket-4711", comment "VIP customer", page ${recording.url}.`,
    );
  });

  it('search_tags sends the query and returns the tags', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .query({ query: 'onb' })
      .reply(200, { result: ['onboarding', 'Onboarding-EU'] });
    const result = await call('search_tags', { query: 'onb' });
    expect(result.structuredContent).toEqual({ tags: ['onboarding', 'Onboarding-EU'] });
    expect(textOf(result)).toBe('Tags containing "onb": onboarding, Onboarding-EU');
  });

  it('search_tags says so when nothing matches', async () => {
    restScope().get(restPath('/recordings/tags')).query({ query: 'zzz' }).reply(200, { result: [] });
    const result = await call('search_tags', { query: 'zzz' });
    expect(result.structuredContent).toEqual({ tags: [] });
    expect(textOf(result)).toBe('No tag contains "zzz".');
  });

  it('a catalogue operation that gives many, derived as a tool, answers them as its items', async () => {
    restScope()
      .get(restPath('/recordings/tags'))
      .query({ query: 'onb' })
      .reply(200, { result: ['onboarding'] });
    const tool = regularTool('searchTags');
    const connections = connect(readSettings(REST_ENV));
    const context = { confirmation: () => 'unasked' as const, progress: () => Promise.resolve() };
    const bounds = { signal: new AbortController().signal, deadline: Date.now() + 60_000, budgetMs: 60_000 };
    const outcome = await tool.run({ query: 'onb' }, bounds, connections, context);
    expect(tool.output.shape).toEqual({ items: expect.anything() });
    expect(outcome).toEqual({ structured: { items: [{ tag: 'onboarding' }] }, text: 'Search Tags: {"items":[{"tag":"onboarding"}]}' });
  });
});
