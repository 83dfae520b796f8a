import { TOKEN_REJECTED_MESSAGE, UNAUTHORIZED_MESSAGE } from 'screenrec';
import helper from 'node-red-node-test-helper';
import { MESSAGES } from '../src/locale';
import { STORED_PASSWORD, TEST_ROUTE } from '../src/connection/node';
import { BASE_URL, WORKSPACE_ID } from '@screenrec/test-support/sample-connection';
import { expectNoSecretsIn } from '@screenrec/test-support/secrets';
import { serviceMock } from '@screenrec/test-support/service-mock';
import { CONNECTION, flowOf, loggedText } from './flows';
import { PERMISSION_HEADER } from './runtime';

const API_KEY = 'node-red-api-key-c0nn';
const BACKEND_TOKEN = 'node-red-backend-token-c0nn';
const service = serviceMock({ baseUrl: BASE_URL, backendToken: BACKEND_TOKEN, apiKey: API_KEY, workspaceId: WORKSPACE_ID });
const PERMISSION = 'screenrec-connection.write';

import { runtime } from './nock-runtime';

/** The connection node in a Node-RED runtime, against nock (run by test/behaviour/node-red-nock.test.ts, which starts the runtime once). */
export function connectionCases(): void {
  describe('the connection node', () => {
    beforeAll(async () => {
      await runtime().deploy(flowOf({ type: 'screenrec', operation: 'get' }, { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID }), {
        [CONNECTION]: { apiKey: API_KEY, backendToken: BACKEND_TOKEN },
      });
    });

    /** POSTs to the dialog's test route as the editor does, with the permission unless told otherwise. */
    async function testButton(body: Record<string, unknown>, permission: string | null = PERMISSION) {
      const response = await fetch(`${runtime().adminUrl}${TEST_ROUTE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(permission === null ? {} : { [PERMISSION_HEADER]: permission }) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    }

    const typed = { serviceUrl: BASE_URL, workspaceId: WORKSPACE_ID, integration: 'auto', publicUrl: '' };
    // Node-RED's i18n is not loaded in node-red-node-test-helper: RED._ answers the key, which names the text.
    const key = (name: keyof (typeof MESSAGES)['screenrec-connection']['test']) => `screenrec-connection.test.${name}`;

    describe("the connection dialog's Test connection route", () => {
      it("refuses a caller without Node-RED's permission for the connection, and sends nothing", async () => {
        expect(await testButton({ ...typed, apiKey: API_KEY }, null)).toEqual({ status: 401, body: { error: 'unauthorized' } });
        expect(await testButton({ ...typed, apiKey: API_KEY }, 'flows.read')).toMatchObject({ status: 401 });
      });

      it('checks the typed token with PING (finding its integration) and the typed key with one list call', async () => {
        // An n8n token: the Zapier endpoint (asked first) refuses it with 403, the n8n one answers, then the PING proper.
        service.hookScope('ZAPIER', { action: 'PING' }).reply(403, {});
        service.hookScope('N8N', { action: 'PING' }).times(2).reply(200, { status: 'success', workspace: 'Acme' });
        service
          .restScope()
          .post(service.restPath('/recordings/list'), { pageSize: 1 })
          .reply(200, { content: [], totalElements: 0, totalPages: 0 });
        const answer = await testButton({ ...typed, backendToken: BACKEND_TOKEN, apiKey: API_KEY });
        expect(answer).toEqual({
          status: 200,
          body: {
            results: [
              { part: 'hook', ok: true, message: key('hookOk') },
              { part: 'rest', ok: true, message: key('restOk') },
            ],
          },
        });
      });

      it("uses the stored secrets when the dialog shows Node-RED's placeholder, and reports core's refusals", async () => {
        service.hookScope('N8N', { action: 'PING' }).reply(403, {});
        service.hookScope('ZAPIER', { action: 'PING' }).reply(403, {});
        service.restScope().post(service.restPath('/recordings/list'), { pageSize: 1 }).reply(401, {});
        const answer = await testButton({ ...typed, id: CONNECTION, backendToken: STORED_PASSWORD, apiKey: STORED_PASSWORD });
        expect(answer.body).toEqual({
          results: [
            { part: 'hook', ok: false, message: TOKEN_REJECTED_MESSAGE },
            { part: 'rest', ok: false, message: UNAUTHORIZED_MESSAGE },
          ],
        });
      });

      it('never sends a stored secret to a Service URL typed in since', async () => {
        const answer = await testButton({ ...typed, serviceUrl: 'https://elsewhere.example', id: CONNECTION, apiKey: STORED_PASSWORD });
        expect(answer.body).toEqual({ results: [{ part: 'rest', ok: false, message: key('storedUrlChanged') }] });
      });

      it('says what to fill in when nothing can be tested', async () => {
        expect((await testButton({ ...typed, workspaceId: '' })).body).toEqual({
          results: [{ part: 'rest', ok: false, message: key('nothingToTest') }],
        });
      });

      it('answers 400 to a malformed request', async () => {
        expect(await testButton({ serviceUrl: 42 })).toMatchObject({ status: 400 });
      });
    });

    describe("the connection's secrets", () => {
      it('are Node-RED credentials: not in the deployed flow, a log or the answers', () => {
        const flows = helper._redNodes.getFlows().flows;
        expect(flows.find((node) => (node as { id?: string }).id === CONNECTION)).toEqual({
          id: CONNECTION,
          type: 'screenrec-connection',
          name: 'ScreenRec',
          serviceUrl: BASE_URL,
          workspaceId: WORKSPACE_ID,
          integration: 'auto',
          publicUrl: '',
        });
        expectNoSecretsIn([flows, loggedText()], [API_KEY, BACKEND_TOKEN]);
      });
    });
  });
}
