import { CREATED_NOT_LISTED_YET, TOKEN_REJECTED_MESSAGE, serverErrorMessage } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import { BACKEND_TOKEN, RECORDING_ID, REST_ENV, callTool, hookScope, restPath, restScope, textOf, withClient } from './harness';

useNock();

const PAGE_URL = `https://app.screenrec.test/r/${RECORDING_ID}`;
const SUPPORT_TICKET = { externalReference: 'TICKET-42', tags: ['support'] };
/** create_recording_link's answer when it names no recording: the link alone, and why when the look-up failed. */
const linkAlone = (ticket: { externalReference: string; tags: string[] }, detailsError: string | null = null) => ({
  ...ticket,
  url: PAGE_URL,
  recordingId: null,
  status: null,
  detailsError,
});
const RECORDING_BODY = { action: 'RECORDING', recording: SUPPORT_TICKET };
/** A server with a backend token and no REST API key: create_recording_link alone. */
const HOOK_ONLY_ENV = { SCREENREC_BASE_URL: REST_ENV.SCREENREC_BASE_URL, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN };
const NEWEST_100 = { sortField: 'createdDate', sortOrder: 'Descending', first: 0, pageSize: 100 };

describe('create_recording_link (the hook endpoint)', () => {
  it('finds which integration the token belongs to once, then creates links with it and names the recording', async () => {
    await withClient({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN }, async ({ client }) => {
      hookScope('ZAPIER', { action: 'PING' }).reply(403, { message: 'Forbidden' });
      hookScope('N8N', { action: 'PING' }).reply(200, { status: 'success', workspace: 'Acme' });
      hookScope('N8N', RECORDING_BODY).reply(200, { url: PAGE_URL });
      restScope()
        .post(restPath('/recordings/list'), NEWEST_100)
        .reply(200, {
          content: [{ id: RECORDING_ID, status: 'NEW', tags: ['support'], url: PAGE_URL, externalReference: 'TICKET-42' }],
          totalElements: 1,
          totalPages: 1,
        });
      const first = await callTool(client, 'create_recording_link', { externalReference: 'TICKET-42', tags: ['support'] });
      expect(first.structuredContent).toEqual({
        ...SUPPORT_TICKET,
        url: PAGE_URL,
        recordingId: RECORDING_ID,
        status: 'NEW',
        detailsError: null,
      });
      expect(textOf(first)).toBe(`Recording link for "TICKET-42" (recording ${RECORDING_ID}): ${PAGE_URL}`);

      // The integration is known now: no second PING.
      hookScope('N8N', { action: 'RECORDING', recording: { externalReference: 'TICKET-43' } }).reply(200, { url: PAGE_URL });
      restScope().post(restPath('/recordings/list'), NEWEST_100).reply(200, { content: [], totalElements: 0, totalPages: 0 });
      const second = await callTool(client, 'create_recording_link', { externalReference: 'TICKET-43' });
      expect(second.structuredContent).toEqual(linkAlone({ externalReference: 'TICKET-43', tags: [] }, CREATED_NOT_LISTED_YET));
      expect(textOf(second)).toBe(`Recording link for "TICKET-43": ${PAGE_URL} ${CREATED_NOT_LISTED_YET}`);
    });
  });

  it('uses SCREENREC_HOOK_PROVIDER without asking, and still answers the link when the REST API is not set up', async () => {
    await withClient({ ...HOOK_ONLY_ENV, SCREENREC_HOOK_PROVIDER: 'zapier' }, async ({ client }) => {
      hookScope('ZAPIER', RECORDING_BODY).reply(200, { url: PAGE_URL });
      const result = await callTool(client, 'create_recording_link', { externalReference: 'TICKET-42', tags: ['support'] });
      // Without REST settings nothing is looked up, so nothing failed either.
      expect(result.structuredContent).toEqual(linkAlone(SUPPORT_TICKET));
    });
  });

  it('reports a token neither integration knows with core message and the variable to change', async () => {
    await withClient({ ...REST_ENV, SCREENREC_BACKEND_TOKEN: BACKEND_TOKEN }, async ({ client }) => {
      hookScope('ZAPIER', { action: 'PING' }).reply(403, { message: 'Forbidden' });
      hookScope('N8N', { action: 'PING' }).reply(403, { message: 'Forbidden' });
      const result = await callTool(client, 'create_recording_link', { externalReference: 'TICKET-42' });
      expect(result).toEqual({
        content: [
          {
            type: 'text',
            text: `${TOKEN_REJECTED_MESSAGE} This server's backend token is SCREENREC_BACKEND_TOKEN: put the new token there, then restart the MCP client.`,
          },
        ],
        isError: true,
      });
    });
  });

  it('does not remember a failed look-up of the integration: the next call asks again', async () => {
    await withClient(HOOK_ONLY_ENV, async ({ client }) => {
      hookScope('ZAPIER', { action: 'PING' }).times(4).reply(503, { message: 'Service Unavailable' });
      const failed = await callTool(client, 'create_recording_link', { externalReference: 'TICKET-42' });
      expect(failed).toEqual({ content: [{ type: 'text', text: serverErrorMessage(503) }], isError: true });

      hookScope('ZAPIER', { action: 'PING' }).reply(200, { status: 'success', workspace: 'Acme' });
      hookScope('ZAPIER', { action: 'RECORDING', recording: { externalReference: 'TICKET-42' } }).reply(200, { url: PAGE_URL });
      const created = await callTool(client, 'create_recording_link', { externalReference: 'TICKET-42' });
      expect(created.structuredContent).toEqual(linkAlone({ externalReference: 'TICKET-42', tags: [] }));
    });
  });
});
