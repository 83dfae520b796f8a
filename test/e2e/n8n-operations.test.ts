import { MAX_PAGE_SIZE, RestClient } from 'screenrec';
import { NodeApiError } from 'n8n-workflow';
import { N8N_HINT } from '../support/n8n-hints';
import { answeredRecording } from '../support/recordings';
import { runScreenRecNode, searchRecordingList, shutDownN8nContexts, testCredential, type RunOptions } from '../support/n8n-contexts';
import { VIDEO_LINK_MODES } from '../support/reference-server';
import { failureOf, servicesByLinkMode, startN8nE2E, videoLinkPattern, type N8nE2E, type N8nWorkspace } from './n8n/environment';
import { openRecordingPage, uploadFromPage } from './zapier/recording-page';
import { smallWebm } from './zapier/webm';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The webhook base matters only to the trigger; the node never reads it. */
const WEBHOOK_BASE_URL = 'https://n8n.example.com/webhook';

let e2e: N8nE2E;
/** A service per other shape of video link (paths that do not name the recording), started when a test needs it. */
const { serviceIn, stopOthers } = servicesByLinkMode(() => e2e);
beforeAll(async () => {
  e2e = await startN8nE2E('service');
});
afterAll(async () => {
  shutDownN8nContexts();
  await Promise.all([e2e?.stop(), stopOthers()]);
});

/** A Recording field's value as the editor stores it. */
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The ScreenRec node in a workflow of `workspace`'s n8n, run on one empty item. */
const runNode = (workspace: N8nWorkspace, parameters: Record<string, unknown>, options: RunOptions = {}) =>
  runScreenRecNode({ credential: workspace.credential, webhookBaseUrl: WEBHOOK_BASE_URL }, parameters as never, options);

const jsonOf = async (output: Promise<Array<{ json: unknown }>>) => (await output).map((item) => item.json);

describe('the credential: n8n\'s "Test connection" against the service', () => {
  it('passes with both secrets of a connected workspace, naming the workspace; and with either alone', async () => {
    const workspace = await e2e.connectWorkspace('n8n Credentials Workspace');
    await expect(testCredential({ ...workspace.credential, serviceUrl: `${e2e.server.baseUrl}/` })).resolves.toEqual({
      status: 'OK',
      message: 'Connection tested successfully: the Backend Token (workspace "n8n Credentials Workspace") and the API Key work.',
    });
    await expect(testCredential({ serviceUrl: e2e.server.baseUrl, backendToken: workspace.backendToken })).resolves.toMatchObject({
      status: 'OK',
    });
    await expect(
      testCredential({ serviceUrl: e2e.server.baseUrl, workspaceId: workspace.workspaceId, apiKey: workspace.apiKey }),
    ).resolves.toEqual({
      status: 'OK',
      message: 'Connection tested successfully: the API Key works.',
    });
  });

  it('names the field that fails once the integration is disconnected or the key revoked, with what to do', async () => {
    const workspace = await e2e.connectWorkspace('n8n Broken Credentials Workspace');
    await e2e.adminOk(204, 'DELETE', `/admin/workspaces/${workspace.workspaceId}/integrations/N8N`);
    await e2e.adminOk(204, 'DELETE', `/admin/workspaces/${workspace.workspaceId}/api-keys/${workspace.keyId}`);

    const token = await testCredential(workspace.credential);
    expect(token).toEqual({
      status: 'Error',
      message: `Backend Token: ScreenRec says this integration was disconnected or no longer exists. ${N8N_HINT.badHookRequest}`,
    });
    const key = await testCredential({ ...workspace.credential, backendToken: '' });
    expect(key).toEqual({
      status: 'Error',
      message:
        "API Key: The API key was rejected: it is wrong, revoked or expired. Create a new API key in the ScreenRec dashboard's API section and paste it into the API Key field of the ScreenRec account credential.",
    });
    expect(JSON.stringify([token, key])).not.toContain(workspace.apiKey);
  });
});

describe('Recording operations of the ScreenRec node against the service', () => {
  it('Create makes a recording page through the hook, which Get Many then finds by its external reference', async () => {
    const workspace = await e2e.connectWorkspace('n8n Create Workspace');

    const output = await runNode(workspace, {
      resource: 'recording',
      operation: 'create',
      externalReference: ' ticket-42 ',
      tags: 'support, n8n , ',
    });

    expect(output).toEqual([
      {
        json: {
          recordingId: expect.stringMatching(UUID),
          status: 'NEW',
          detailsError: null,
          url: expect.stringMatching(new RegExp(`^${e2e.server.baseUrl}/r/[0-9a-f-]{36}$`)),
          externalReference: 'ticket-42',
          tags: ['support', 'n8n'],
        },
        pairedItem: { item: 0 },
      },
    ]);
    const url = String(output[0]!.json.url);
    expect(url.split('/').pop()).toBe(output[0]!.json.recordingId);
    const found = await jsonOf(
      runNode(workspace, { resource: 'recording', operation: 'getAll', filters: { externalReference: 'ticket-42' } }),
    );
    expect(found).toEqual([
      answeredRecording({
        id: url.split('/').pop(),
        direction: 'REQUEST',
        status: 'NEW',
        tags: ['support', 'n8n'],
        userId: workspace.ownerUserId,
        externalReference: 'ticket-42',
        url,
      }),
    ]);
    expect((await openRecordingPage(url)).config.status).toBe('NEW');

    // Get, with the Recording field given as the page link (By URL), and the same recording from the list.
    const [got] = await jsonOf(
      runNode(workspace, { resource: 'recording', operation: 'get', recordingId: { __rl: true, mode: 'url', value: url } }),
    );
    expect(got).toEqual(found[0]);
    const list = await searchRecordingList({ credential: workspace.credential, webhookBaseUrl: WEBHOOK_BASE_URL }, 'TICKET-42');
    const id = (got as { id: string }).id;
    const label = new RegExp(
      `^ticket-42 · New · \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d\\d:\\d\\d CES?T · support, n8n · ID ${id.slice(0, 8)}$`,
    );
    expect(list.results).toEqual([{ name: expect.stringMatching(label), value: id, url }]);
  });

  it('Request creates a recording through the REST API and e-mails the invitation', async () => {
    const workspace = await e2e.connectWorkspace('n8n Request Workspace');

    const output = await runNode(workspace, {
      resource: 'recording',
      operation: 'request',
      direction: 'REQUEST',
      email: ' ann@example.com ',
      additionalFields: { tags: 'onboarding', comment: 'VIP customer', notificationEmails: 'team@example.com, lead@example.com' },
    });

    expect(output).toEqual([
      {
        json: answeredRecording({
          id: expect.stringMatching(UUID),
          direction: 'REQUEST',
          status: 'NEW',
          tags: ['onboarding'],
          notifications: [
            { type: 'EMAIL', value: 'team@example.com' },
            { type: 'EMAIL', value: 'lead@example.com' },
          ],
          comment: 'VIP customer',
          userId: workspace.ownerUserId,
          url: expect.stringMatching(new RegExp(`^${e2e.server.baseUrl}/r/[0-9a-f-]{36}$`)),
        }),
        pairedItem: { item: 0 },
      },
    ]);
    const outbox = await e2e.adminOk<Array<{ to: string; text: string }>>(200, 'GET', '/admin/outbox');
    expect(outbox.filter((mail) => mail.to === 'ann@example.com')).toEqual([
      expect.objectContaining({ text: expect.stringContaining(`/r/${String(output[0]!.json.id)}`) }),
    ]);
  });

  it('Get Many filters by status, direction and tags, and honours Limit, Sort Order and Return All', async () => {
    const workspace = await e2e.connectWorkspace('n8n Get Many Workspace');
    const rest = new RestClient({ baseUrl: e2e.server.baseUrl, workspaceId: workspace.workspaceId, apiKey: workspace.apiKey });
    // More than one page of the largest size, so Return All must page through the list.
    const created: string[] = [];
    for (let index = 0; index < MAX_PAGE_SIZE + 2; index++) {
      const direction = index % 3 === 0 ? 'RESPONSE' : 'REQUEST';
      const tags = index % 10 === 0 ? ['Sales-Demo'] : ['bulk'];
      created.push((await rest.requestRecording({ direction, tags })).id);
    }
    await e2e.adminOk(200, 'POST', `/admin/recordings/${created[30]}/status`, { status: 'COMPLETED' });
    await e2e.adminOk(200, 'POST', `/admin/recordings/${created[31]}/status`, { status: 'REVIEWING' });
    const idsOf = async (parameters: Record<string, unknown>) =>
      (await runNode(workspace, { resource: 'recording', operation: 'getAll', ...parameters })).map((item) => item.json.id);

    const oldestFirst = { sortOrder: 'Ascending' };
    expect(await idsOf({ returnAll: true, filters: oldestFirst })).toEqual(created);
    expect(await idsOf({ returnAll: true })).toEqual([...created].reverse());
    expect(await idsOf({ limit: 3, filters: oldestFirst })).toEqual(created.slice(0, 3));
    expect(await idsOf({ limit: 2 })).toEqual(created.slice(-2).reverse());
    expect(await idsOf({ returnAll: true, filters: { ...oldestFirst, statuses: ['COMPLETED', 'REVIEWING'] } })).toEqual([
      created[30],
      created[31],
    ]);
    expect(await idsOf({ returnAll: true, filters: { ...oldestFirst, tags: 'Sales-Demo', directions: ['RESPONSE'] } })).toEqual([
      created[0],
      created[30],
      created[60],
      created[90],
    ]);
    expect(
      await idsOf({ returnAll: true, filters: { ...oldestFirst, ids: `${created[5]}, ${created[7]}`, userId: workspace.ownerUserId } }),
    ).toEqual([created[5], created[7]]);
    expect(await idsOf({ returnAll: true, filters: { createdDateTo: '2000-01-01T00:00:00' } })).toEqual([]);
    // A time without a zone is read in the workflow's timezone: "from one hour ahead of now, on the workflow's clocks" finds nothing yet.
    const later = new Date(Date.now() + 3_600_000).toLocaleString('sv-SE', { timeZone: 'Europe/Berlin' }).replace(' ', 'T');
    expect(await idsOf({ returnAll: true, filters: { createdDateFrom: later } })).toEqual([]);
    const earlier = new Date(Date.now() - 3_600_000).toLocaleString('sv-SE', { timeZone: 'Europe/Berlin' }).replace(' ', 'T');
    expect(await idsOf({ returnAll: true, filters: { createdDateFrom: earlier } })).toHaveLength(created.length);
  });

  it.each(VIDEO_LINK_MODES)(
    'Get Video URL (%s links) gives a working link to a finished recording and downloads its video as binary data',
    async (mode) => {
      const service = await serviceIn(mode);
      const workspace = await service.connectWorkspace(`n8n Video Workspace (${mode})`);
      const runNode = (workspaceOfService: N8nWorkspace, parameters: Record<string, unknown>) =>
        runScreenRecNode({ credential: workspaceOfService.credential, webhookBaseUrl: WEBHOOK_BASE_URL }, parameters as never);
      const [created] = await runNode(workspace, { resource: 'recording', operation: 'create', externalReference: 'video-1' });
      const pageUrl = String(created!.json.url);
      const recordingId = pageUrl.split('/').pop()!;
      const webm = smallWebm();
      await expect(uploadFromPage(pageUrl, await openRecordingPage(pageUrl), webm)).resolves.toEqual({
        status: 200,
        body: { status: 'COMPLETED' },
      });

      const [item] = await runNode(workspace, {
        resource: 'recording',
        operation: 'getVideoUrl',
        recordingId: byId(recordingId),
        download: true,
        binaryPropertyName: 'video',
      });

      expect(item?.json).toEqual({ recordingId, videoUrl: expect.stringMatching(videoLinkPattern(service, recordingId)) });
      expect(item?.binary?.video).toMatchObject({
        mimeType: 'video/webm',
        fileName: `screenrec-${recordingId}.webm`,
        fileExtension: 'webm',
      });
      expect(Buffer.from(item!.binary!.video!.data, 'base64').equals(webm)).toBe(true);
      const link = await fetch(String(item!.json.videoUrl));
      expect(Buffer.from(await link.arrayBuffer()).equals(webm)).toBe(true);
    },
  );

  it('Get Video URL of a recording that has no video yet fails with the service\'s "not found" and a hint', async () => {
    const workspace = await e2e.connectWorkspace('n8n No Video Workspace');
    const [created] = await runNode(workspace, { resource: 'recording', operation: 'create', externalReference: 'not-recorded' });
    const recordingId = String(created!.json.url).split('/').pop()!;

    const error = await failureOf(workspace, () =>
      runNode(workspace, { resource: 'recording', operation: 'getVideoUrl', recordingId: byId(recordingId) }),
    );

    expect(error).toBeInstanceOf(NodeApiError);
    expect([error.httpCode, error.description]).toEqual([
      '404',
      'Check the Recording ID (pick it From List, or take it from Get Many or a ScreenRec trigger) and that the ScreenRec account credential is for the workspace that owns the recording.',
    ]);
  });

  it('Update replaces tags and comment, Delete removes the recording for good, Tag Search finds tags in use', async () => {
    const workspace = await e2e.connectWorkspace('n8n Update Workspace');
    const [created] = await runNode(workspace, {
      resource: 'recording',
      operation: 'request',
      direction: 'RESPONSE',
      additionalFields: { tags: 'draft' },
    });
    const recordingId = String(created!.json.id);
    /** Update of that recording with `updateFields`: its output items. */
    const update = (updateFields: Record<string, unknown>) =>
      jsonOf(runNode(workspace, { resource: 'recording', operation: 'update', recordingId: byId(recordingId), updateFields }));
    await runNode(workspace, {
      resource: 'recording',
      operation: 'request',
      direction: 'REQUEST',
      additionalFields: { tags: 'Support-EU, billing' },
    });

    const updated = await update({ tags: 'Support-US, reviewed', comment: 'checked by n8n' });
    expect(updated).toEqual([
      expect.objectContaining({ id: recordingId, tags: ['Support-US', 'reviewed'], comment: 'checked by n8n', direction: 'RESPONSE' }),
    ]);
    expect(await jsonOf(runNode(workspace, { resource: 'tag', operation: 'search', query: 'SUPPORT' }))).toEqual(
      expect.arrayContaining([{ tag: 'Support-US' }, { tag: 'Support-EU' }]),
    );
    expect(await jsonOf(runNode(workspace, { resource: 'tag', operation: 'search', query: 'SUPPORT' }))).toHaveLength(2);

    // Empty Tags keep the tags; Remove All Tags removes them.
    const commented = await update({ tags: '', comment: 'tags kept' });
    expect(commented).toEqual([expect.objectContaining({ tags: ['Support-US', 'reviewed'], comment: 'tags kept' })]);
    const cleared = await update({ removeAllTags: true });
    expect(cleared).toEqual([expect.objectContaining({ id: recordingId, tags: [], comment: 'tags kept' })]);

    expect(await jsonOf(runNode(workspace, { resource: 'recording', operation: 'delete', recordingId: byId(recordingId) }))).toEqual([
      { ...(cleared[0] as object), deleted: true },
    ]);
    expect(
      await jsonOf(runNode(workspace, { resource: 'recording', operation: 'getAll', returnAll: true, filters: { ids: recordingId } })),
    ).toEqual([]);
    expect(await jsonOf(runNode(workspace, { resource: 'tag', operation: 'search', query: 'support' }))).toEqual([{ tag: 'Support-EU' }]);
    const again = await failureOf(workspace, () =>
      runNode(workspace, { resource: 'recording', operation: 'delete', recordingId: byId(recordingId) }),
    );
    // The read before the delete finds nothing: NOT_FOUND, and no DELETE is sent.
    expect([again.constructor, again.message]).toEqual([NodeApiError, 'ScreenRec has no recording with this ID in the workspace.']);
  });
});

describe('failures the user must act on', () => {
  it('Create after the integration was disconnected: NodeApiError saying so, with the reconnect hint', async () => {
    const workspace = await e2e.connectWorkspace('n8n Disconnected Workspace');
    await e2e.adminOk(204, 'DELETE', `/admin/workspaces/${workspace.workspaceId}/integrations/N8N`);

    const error = await failureOf(workspace, () =>
      runNode(workspace, { resource: 'recording', operation: 'create', externalReference: 'x' }),
    );

    expect(error).toBeInstanceOf(NodeApiError);
    // What happened; what to do is the hint.
    expect(error.message).toBe('The ScreenRec integration is not connected.');
    expect(error.description).toBe(N8N_HINT.newBackendToken);
  });

  it('Get Many with a revoked API key: NodeApiError 401 with the new-key hint; with Continue On Fail, an error item', async () => {
    const workspace = await e2e.connectWorkspace('n8n Revoked Key Workspace');
    await e2e.adminOk(204, 'DELETE', `/admin/workspaces/${workspace.workspaceId}/api-keys/${workspace.keyId}`);
    const message = 'The API key was rejected: it is wrong, revoked or expired.';

    const error = await failureOf(workspace, () => runNode(workspace, { resource: 'recording', operation: 'getAll' }));

    expect(error).toBeInstanceOf(NodeApiError);
    expect([error.message, error.httpCode, error.description]).toEqual([message, '401', N8N_HINT.newApiKey]);
    await expect(runNode(workspace, { resource: 'recording', operation: 'getAll' }, { continueOnFail: true })).resolves.toEqual([
      { json: { error: message }, pairedItem: { item: 0 } },
    ]);
  });
});
